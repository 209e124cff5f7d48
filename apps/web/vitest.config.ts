import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";
import { localeAssets } from "./locale-assets";

export default defineProject({
  plugins: [react(), localeAssets({ bundled: true })],
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
