import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { localeAssets } from "./locale-assets";

const apiPort = process.env.PORT ?? "5000";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), localeAssets({ bundled: Boolean(isSsrBuild) })],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      // "/api/", not "/api": the SPA has its own /api-docs and /api-settings pages.
      "/api/": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      "/s/": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
    },
  },
  build: {
    outDir: "dist",
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // The prerender step (scripts/prerender.mjs) finds each page's chunk in the manifest.
    manifest: !isSsrBuild,
    // The server bundle only renders markup; images and icons stay in dist/.
    copyPublicDir: !isSsrBuild,
  },
}));
