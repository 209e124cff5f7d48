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
    // Files share a worker's loaded modules instead of importing the app again each (decision 0064):
    // the project took 688 s instead of 924 s on this machine (import 21 s instead of 368 s). Each
    // file still builds its own app on its own database; nothing in the server keeps state in a
    // module that a second app would see, and the two files that change globals restore them.
    isolate: false,
  },
});
