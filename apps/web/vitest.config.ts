import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";

export default defineProject({
  plugins: [react()],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    name: "web",
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    // User-event typing in jsdom is slow on a loaded 2-core machine.
    testTimeout: 20_000,
    setupFiles: ["./src/test/setup.ts"],
  },
});
