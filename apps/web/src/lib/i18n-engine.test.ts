import { describe, expect, it, vi } from "vitest";
import { I18n, type Texts } from "./i18n-engine";

const TEXTS: Record<string, Texts> = {
  "ja|common": {
    hello: "こんにちは、{{name}}さん",
    nested: { deep: "深い" },
    onlyJa: "日本語だけ",
    empty: "",
  },
  "ja|shop": { title: "店", list: ["一つ目 {{n}}", "二つ目"], item_other: "{{count}} 点" },
  "en|common": { hello: "Hello, {{name}}", nested: { deep: "Deep" } },
  "en|shop": { title: "Shop", item_one: "{{count}} item", item_other: "{{count}} items" },
  "pl|common": { hello: "Cześć, {{ name }}" },
  "pl|shop": {
    item_one: "{{count}} rzecz",
    item_few: "{{count}} rzeczy",
    item_many: "{{count}} rzeczy (wiele)",
  },
};

function engine(load = vi.fn(async (language: string, ns: string) => TEXTS[`${language}|${ns}`] ?? {})) {
  const i18n = new I18n({
    languages: ["ja", "en", "pl"] as const,
    fallbacks: { pl: ["en", "ja"], default: ["ja"] },
    defaultNamespace: "common",
    load,
    retryDelayMs: 1,
  });
  return { i18n, load };
}

describe("i18n engine", () => {
  it("finds keys by path, with a namespace prefix, in the namespaces asked for, in order", async () => {
    const { i18n } = engine();
    await i18n.init("ja", ["common", "shop"]);
    expect(i18n.t("nested.deep")).toBe("深い");
    expect(i18n.t("shop:title")).toBe("店");
    expect(i18n.getFixedT(null, ["shop", "common"])("onlyJa")).toBe("日本語だけ");
    expect(i18n.getFixedT(null, "shop")("common:nested.deep")).toBe("深い");
    expect(i18n.t("empty")).toBe("");
    // What the prerender inlines: namespaces named by a key count as used.
    expect([...i18n.usedNamespaces]).toEqual(["shop", "common"]);
  });

  it("interpolates variables, leaves unknown ones as written, and answers the key when a text is missing", async () => {
    const { i18n } = engine();
    await i18n.init("ja", ["common", "shop"]);
    expect(i18n.t("hello", { name: "田中" })).toBe("こんにちは、田中さん");
    expect(i18n.t("hello")).toBe("こんにちは、{{name}}さん");
    expect(i18n.t("missing.key")).toBe("missing.key");
    expect(i18n.t("missing", { defaultValue: "既定 {{x}}", x: 1 })).toBe("既定 1");
    expect(i18n.t("nested")).toContain("object");
  });

  it("returns lists and groups when asked, interpolated", async () => {
    const { i18n } = engine();
    await i18n.init("ja", ["common", "shop"]);
    expect(i18n.t("shop:list", { returnObjects: true, n: 1 })).toEqual(["一つ目 1", "二つ目"]);
    expect(i18n.t("shop:none", { returnObjects: true, defaultValue: [] })).toEqual([]);
  });

  it("falls back along the language's chain, key by key, and picks plural forms by the language's rules", async () => {
    const { i18n } = engine();
    await i18n.init("pl", ["common", "shop"]);
    expect(i18n.languages).toEqual(["pl", "en", "ja"]);
    expect(i18n.t("hello", { name: "Ala" })).toBe("Cześć, Ala");
    expect(i18n.t("nested.deep")).toBe("Deep");
    expect(i18n.t("onlyJa")).toBe("日本語だけ");
    expect(i18n.t("shop:item", { count: 1 })).toBe("1 rzecz");
    expect(i18n.t("shop:item", { count: 3 })).toBe("3 rzeczy");
    expect(i18n.t("shop:item", { count: 5 })).toBe("5 rzeczy (wiele)");
    expect(i18n.getFixedT("en", "shop")("item", { count: 2 })).toBe("2 items");
    expect(i18n.getFixedT("ja", "shop")("item", { count: 2 })).toBe("2 点");
    expect(i18n.getFixedT("ja", "shop")("title", { count: "2" })).toBe("店");
  });

  it("switches at once when the texts are loaded, after loading them otherwise, and the last change asked for wins", async () => {
    const { i18n, load } = engine();
    await i18n.init("ja", ["common"]);
    const changes: string[] = [];
    i18n.on("languageChanged", (language) => changes.push(language));
    const first = i18n.changeLanguage("en");
    expect(i18n.language).toBe("ja");
    const second = i18n.changeLanguage("pl");
    await Promise.all([first, second]);
    expect(i18n.language).toBe("pl");
    expect(changes).toEqual(["pl"]);
    void i18n.changeLanguage("en");
    expect(i18n.language).toBe("en");
    expect(load.mock.calls.filter(([language]) => language === "en")).toHaveLength(1);
    await i18n.changeLanguage("xx");
    expect(i18n.language).toBe("ja");
  });

  it("loads each file once however many ask, notifies subscribers, and retries a failed load", async () => {
    let failures = 1;
    const load = vi.fn(async (language: string, ns: string) => {
      if (ns === "shop" && failures-- > 0) throw new Error("connection reset");
      return TEXTS[`${language}|${ns}`] ?? {};
    });
    const { i18n } = engine(load);
    await i18n.init("ja", ["common"]);
    const seen = vi.fn();
    i18n.subscribe(seen);
    await Promise.all([i18n.loadNamespaces("shop"), i18n.loadNamespaces(["shop", "common"])]);
    expect(load.mock.calls.filter(([, ns]) => ns === "shop")).toHaveLength(2);
    expect(i18n.hasLoadedNamespace("shop")).toBe(true);
    expect(i18n.t("shop:title")).toBe("店");
    expect(seen).toHaveBeenCalled();
  });

  it("gives up after the attempts and shows keys rather than failing", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const { i18n } = engine(
      vi.fn(async () => {
        throw new Error("offline");
      }),
    );
    await i18n.init("en", ["common"]);
    expect(i18n.t("hello")).toBe("hello");
    expect(i18n.hasLoadedNamespace("common")).toBe(false);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
