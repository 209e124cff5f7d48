import { defineConfig } from "vitest/config";

// One runner for every workspace; `npm run test:unit` runs all projects.
export default defineConfig({
  test: {
    passWithNoTests: true,
    // Two cores: one file per core. Server files each boot PGlite, which is CPU heavy.
    maxWorkers: 2,
    projects: [
      "packages/shared/vitest.config.ts",
      "packages/sitegen/vitest.config.ts",
      "apps/server/vitest.config.ts",
      "apps/server/vitest.cluster.config.ts",
      "apps/web/vitest.config.ts",
    ],
  },
});
