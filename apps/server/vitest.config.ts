import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "server",
    include: ["src/**/*.test.ts"],
    exclude: ["src/cluster/**", "**/node_modules/**"],
    environment: "node",
    // Each file boots its own app on a fresh database; PGlite start-up is CPU heavy on 2 cores.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
