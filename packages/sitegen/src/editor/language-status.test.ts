import { beforeAll, describe, expect, it } from "vitest";
import { composeSite } from "../compose.ts";
import { type TSiteContent, ZSiteContent } from "../content-model.ts";
import { languageStatus, sectionFingerprint, trackTranslations } from "./language-status.ts";

function site(): TSiteContent {
  return composeSite({
    businessDescription: "京都の和菓子店です。上生菓子 450円、わらび餅 600円。9時〜18時、水曜定休。",
    businessType: "retail",
    targetMarket: "asia",
    languages: ["ja", "en", "pl"],
  });
}

/** One edit as the editor makes it: a new object along the changed path only. */
function editHeadline(s: TSiteContent, lang: "ja" | "en" | "pl", headline: string): TSiteContent {
  const own = s.content[lang];
  if (!own) throw new Error(`no ${lang}`);
  return trackTranslations(s, {
    ...s,
    content: { ...s.content, [lang]: { ...own, hero: { ...own.hero, headline } } },
  });
}

describe("which languages lag behind the first", () => {
  // The first composition loads the readers' word lists: not part of any one test's time.
  beforeAll(() => void site(), 30_000);

  it("starts in step, and a change in the first language marks that section outdated in the others", () => {
    const start = site();
    expect(languageStatus(start).map(({ untranslated: _, ...rest }) => rest)).toEqual([
      { lang: "en", missing: false, outdated: [] },
      { lang: "pl", missing: false, outdated: [] },
    ]);
    const edited = editHeadline(start, "ja", "季節の上生菓子を京都から");
    expect(languageStatus(edited).map(({ untranslated: _, ...rest }) => rest)).toEqual([
      { lang: "en", missing: false, outdated: ["hero"] },
      { lang: "pl", missing: false, outdated: ["hero"] },
    ]);
    // The record survives the round trip through the draft API's schema.
    expect(languageStatus(ZSiteContent.parse(JSON.parse(JSON.stringify(edited))))).toEqual(
      languageStatus(edited),
    );
  });

  it("writing a language's section brings it in step; further edits of the first mark it again", () => {
    let s = editHeadline(site(), "ja", "季節の上生菓子");
    s = editHeadline(s, "en", "Seasonal sweets from Kyoto");
    expect(languageStatus(s).find((l) => l.lang === "en")?.outdated).toEqual([]);
    expect(languageStatus(s).find((l) => l.lang === "pl")?.outdated).toEqual(["hero"]);
    s = editHeadline(s, "ja", "京都の上生菓子");
    expect(languageStatus(s).find((l) => l.lang === "en")?.outdated).toEqual(["hero"]);
  });

  it("an edit in another language alone changes nothing for the others, and undoing the first language's edit clears it", () => {
    const start = site();
    const s = editHeadline(start, "en", "Kyoto sweets");
    expect(languageStatus(s).every((l) => l.outdated.length === 0)).toBe(true);
    const changed = editHeadline(start, "ja", "別の見出し");
    const back = editHeadline(changed, "ja", start.content.ja?.hero.headline ?? "");
    expect(languageStatus(back).every((l) => l.outdated.length === 0)).toBe(true);
  });

  it("a language without text is missing; fingerprints ignore key order", () => {
    const s = site();
    const { pl: _pl, ...content } = s.content;
    expect(languageStatus({ ...s, content }).find((l) => l.lang === "pl")).toEqual({
      lang: "pl",
      missing: true,
      outdated: [],
      untranslated: [],
    });
    expect(sectionFingerprint({ a: 1, b: [2, "x"] })).toBe(sectionFingerprint({ b: [2, "x"], a: 1 }));
    expect(sectionFingerprint({ a: 1 })).not.toBe(sectionFingerprint({ a: 2 }));
  });

  it("lists the items still named in Japanese on another language's page", () => {
    const s = site();
    const en = s.content.en;
    if (!en) throw new Error("no en");
    const items = en.offerings.items.map((item, i) =>
      i === 0 ? { ...item, name: "上生菓子" } : { ...item, name: `Sweet ${i}` },
    );
    const edited = { ...s, content: { ...s.content, en: { ...en, offerings: { ...en.offerings, items } } } };
    expect(languageStatus(edited).find((l) => l.lang === "en")?.untranslated).toEqual([0]);
  });
});
