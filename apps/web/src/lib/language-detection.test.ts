import { describe, expect, it } from "vitest";
import { detectLanguage, languageFromTag } from "./language-detection";

describe("detectLanguage", () => {
  it("prefers the stored choice over the browser", () => {
    expect(detectLanguage({ stored: "pl", browserLanguages: ["en-US", "ja"] })).toBe("pl");
  });

  it("ignores a stored value that is not one of our languages", () => {
    expect(detectLanguage({ stored: "fr", browserLanguages: ["ro-RO"] })).toBe("ro");
  });

  it("uses the first browser language we have, by its primary subtag", () => {
    expect(detectLanguage({ stored: null, browserLanguages: ["en-US", "ja"] })).toBe("en");
    expect(detectLanguage({ stored: null, browserLanguages: ["pl"] })).toBe("pl");
    expect(detectLanguage({ stored: null, browserLanguages: ["fr-FR", "ms-MY"] })).toBe("ms");
    expect(detectLanguage({ stored: null, browserLanguages: ["id-ID"] })).toBe("id");
  });

  it("falls back to ja for unknown or missing browser languages", () => {
    expect(detectLanguage({ stored: null, browserLanguages: ["fr-FR", "de"] })).toBe("ja");
    expect(detectLanguage({ stored: undefined, browserLanguages: [] })).toBe("ja");
  });

  it("maps subtags case-insensitively, including old aliases", () => {
    expect(languageFromTag("EN-gb")).toBe("en");
    expect(languageFromTag("in")).toBe("id");
    expect(languageFromTag("zh-CN")).toBeNull();
  });
});
