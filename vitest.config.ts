import { defineConfig } from "vitest/config";

// One runner for every workspace; `npm run test:unit` runs all projects.
export default defineConfig({
  test: {
    passWithNoTests: true,
    projects: [
      "packages/shared/vitest.config.ts",
      "packages/sitegen/vitest.config.ts",
      "apps/server/vitest.config.ts",
      "apps/web/vitest.config.ts",
    ],
  },
});
