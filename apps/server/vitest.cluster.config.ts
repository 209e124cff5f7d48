import { defineProject } from "vitest/config";

// Two real app processes on one PostgreSQL (src/cluster/): its own project, so `npm test` runs it
// once and `npm run test:server` (run again on PostgreSQL in CI) does not repeat it.
export default defineProject({
  test: {
    name: "cluster",
    include: ["src/cluster/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: "forks",
  },
});
