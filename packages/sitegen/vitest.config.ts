import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "sitegen",
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "eval/**/*.test.ts"],
    // Composing every template in six languages takes seconds on a busy two-core machine: a slow
    // machine is not a failure (figures live in `npm run bench`).
    testTimeout: 20_000,
  },
});
