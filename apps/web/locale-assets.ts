import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const LOCALES_DIR = fileURLToPath(new URL("./src/locales", import.meta.url));

/** Every `locales/<lang>/<namespace>.json`, as [lang, namespace, absolute path], in a stable order. */
function localeFiles(): [string, string, string][] {
  const files: [string, string, string][] = [];
  for (const language of fs.readdirSync(LOCALES_DIR).sort()) {
    const dir = path.join(LOCALES_DIR, language);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const name of fs.readdirSync(dir).sort()) {
      if (name.endsWith(".json"))
        files.push([language, name.slice(0, -".json".length), path.join(dir, name)]);
    }
  }
  return files;
}

/** One version for the whole set of texts: any change gives every text file a new, never-cached address. */
function localesVersion(): string {
  const hash = createHash("sha256");
  for (const [language, namespace, file] of localeFiles()) {
    hash.update(`${language}/${namespace}\0`);
    hash.update(fs.readFileSync(file));
  }
  return hash.digest("hex").slice(0, 10);
}

/**
 * The interface texts travel as JSON, not as JavaScript: the browser build emits each
 * `locales/<lang>/<namespace>.json` (minified) under `/assets/locales/<version>/`, where the server
 * caches it for a year, and `src/lib/locale-resources.ts` fetches it from `__LOCALES_URL__`.
 * Texts are data; as script chunks they cost parse time and a 120-entry import map in the first
 * bundle. The server-side build (the prerender) and Vitest import the files instead
 * (`__LOCALES_BUNDLED__`).
 */
export function localeAssets(options: { bundled: boolean }): Plugin {
  const base = `/assets/locales/${localesVersion()}`;
  return {
    name: "shobai-locale-assets",
    config() {
      return {
        define: {
          __LOCALES_BUNDLED__: JSON.stringify(options.bundled),
          __LOCALES_URL__: JSON.stringify(base),
        },
      };
    },
    configureServer(server) {
      // `vite` (dev): answer the same addresses from the source files.
      server.middlewares.use((req, res, next) => {
        const match = /^\/assets\/locales\/[^/]+\/([a-z]{2})\/([a-z-]+)\.json$/.exec(
          req.url?.split("?")[0] ?? "",
        );
        const file = match?.[1] && match[2] ? path.join(LOCALES_DIR, match[1], `${match[2]}.json`) : null;
        if (!file || !fs.existsSync(file)) return next();
        res.setHeader("content-type", "application/json; charset=utf-8");
        res.end(fs.readFileSync(file));
      });
    },
    generateBundle() {
      if (options.bundled) return;
      for (const [language, namespace, file] of localeFiles()) {
        this.emitFile({
          type: "asset",
          fileName: `${base.slice(1)}/${language}/${namespace}.json`,
          source: JSON.stringify(JSON.parse(fs.readFileSync(file, "utf8"))),
        });
      }
    },
  };
}
