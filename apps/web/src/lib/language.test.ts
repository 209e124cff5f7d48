import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { i18n } from "./i18n";
import { chooseLanguage, followLanguageOfOtherTabs } from "./language";
import { LANGUAGE_STORAGE_KEY } from "./language-detection";

describe("language switching", () => {
  let stop: () => void = () => {};
  beforeEach(async () => {
    localStorage.clear();
    await i18n.changeLanguage("ja");
  });
  afterEach(() => stop());

  it("remembers the choice and sets <html lang>", async () => {
    await chooseLanguage("ro");
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("ro");
    expect(document.documentElement.lang).toBe("ro");
    expect(i18n.t("common:actions.logout")).toBe("Deconectare");
    expect(document.cookie).toContain("user_language=ro");
  });

  it("follows a language chosen in another tab", () => {
    stop = followLanguageOfOtherTabs();
    window.dispatchEvent(new StorageEvent("storage", { key: LANGUAGE_STORAGE_KEY, newValue: "id" }));
    expect(i18n.language).toBe("id");
    window.dispatchEvent(new StorageEvent("storage", { key: LANGUAGE_STORAGE_KEY, newValue: "klingon" }));
    window.dispatchEvent(new StorageEvent("storage", { key: "other", newValue: "en" }));
    expect(i18n.language).toBe("id");
  });
});
