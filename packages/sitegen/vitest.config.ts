import { defineProject } from "vitest/config";

export default defineProject({
  test: { name: "sitegen", include: ["src/**/*.test.ts", "src/**/*.test.tsx", "eval/**/*.test.ts"] },
});
