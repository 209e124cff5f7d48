import { describe, expect, it } from "vitest";

/** Every locale file, read the way the app bundles them. */
const files = import.meta.glob<Record<string, unknown>>("./*/*.json", { eager: true, import: "default" });
const LANGUAGES = ["ja", "en", "pl", "ro", "ms", "id"];

function flatKeys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => flatKeys(child, prefix ? `${prefix}.${key}` : key));
}

function byLanguage(): Map<string, Map<string, Set<string>>> {
  const result = new Map<string, Map<string, Set<string>>>();
  for (const [path, content] of Object.entries(files)) {
    const [, language = "", namespace = ""] = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    const namespaces = result.get(language) ?? new Map<string, Set<string>>();
    namespaces.set(namespace, new Set(flatKeys(content)));
    result.set(language, namespaces);
  }
  return result;
}

describe("locales", () => {
  const locales = byLanguage();
  const ja = locales.get("ja") ?? new Map<string, Set<string>>();

  it("has all six languages and the Japanese reference", () => {
    expect([...locales.keys()].sort()).toEqual([...LANGUAGES].sort());
    expect(ja.size).toBeGreaterThan(0);
  });

  for (const language of LANGUAGES.filter((l) => l !== "ja")) {
    it(`${language} has exactly the namespaces and keys ja has`, () => {
      const other = locales.get(language) ?? new Map<string, Set<string>>();
      expect([...other.keys()].sort()).toEqual([...ja.keys()].sort());
      for (const [namespace, jaKeys] of ja) {
        const keys = other.get(namespace) ?? new Set<string>();
        const missing = [...jaKeys].filter((k) => !keys.has(k)).map((k) => `${namespace}:${k}`);
        const extra = [...keys].filter((k) => !jaKeys.has(k)).map((k) => `${namespace}:${k}`);
        expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      }
    });
  }

  it("has no empty strings", () => {
    const empty = Object.entries(files).flatMap(([path, content]) => {
      const walk = (value: unknown, key: string): string[] =>
        typeof value === "string"
          ? value.trim()
            ? []
            : [`${path}:${key}`]
          : Object.entries(value as object).flatMap(([k, v]) => walk(v, key ? `${key}.${k}` : k));
      return walk(content, "");
    });
    expect(empty).toEqual([]);
  });
});
