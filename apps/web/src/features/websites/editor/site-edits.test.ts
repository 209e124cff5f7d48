import { composeSite } from "@shobai/sitegen";
import { ZEditableSite } from "@shobai/sitegen/editor";
import { describe, expect, it } from "vitest";
import { createEditorStore, resetSite } from "./editor-store";
import {
  addListItem,
  addSection,
  deleteSection,
  emptyTestimonial,
  itemPrice,
  missingSections,
  moveListItem,
  moveSection,
  placePhoto,
  removeListItem,
  sectionsOf,
  setContactForm,
  setItemPrice,
  setPhotoFocus,
  setText,
  toggleSection,
  unplacePhoto,
} from "./site-edits";

const site = composeSite({
  businessDescription: "京都の和菓子店です。上生菓子 450円、わらび餅 600円。9時〜18時、水曜定休。",
  businessType: "retail",
  targetMarket: "japan",
  languages: ["ja", "en"],
});

describe("site edits", () => {
  it("arranges sections: move, hide, delete and add back, starting from the template's order", () => {
    const start = sectionsOf(site).map((s) => s.id);
    const moved = moveSection(site, 0, 1);
    expect(sectionsOf(moved).map((s) => s.id)).toEqual([start[1], start[0], ...start.slice(2)]);
    const hidden = toggleSection(moved, "faq");
    expect(sectionsOf(hidden).find((s) => s.id === "faq")?.hidden).toBe(true);
    const deleted = deleteSection(hidden, "about");
    expect(sectionsOf(deleted).some((s) => s.id === "about")).toBe(false);
    const back = addSection(deleted, "about");
    expect(sectionsOf(back).at(-1)).toEqual({ id: "about", hidden: false });
    expect(ZEditableSite.safeParse(back).success).toBe(true);
  });

  it("keeps items aligned across languages and puts prices in the facts, the same in every language", () => {
    const added = addListItem(site, ["offerings", "items"], { name: "どら焼き", description: "" });
    const count = site.content.ja?.offerings.items.length ?? 0;
    expect(added.content.ja?.offerings.items).toHaveLength(count + 1);
    expect(added.content.en?.offerings.items).toHaveLength(count + 1);
    const priced = setItemPrice(added, "ja", count, 280);
    expect(itemPrice(priced, "ja", count)).toBe(280);
    expect(itemPrice(priced, "en", count)).toBe(280);
    const fact = priced.content.ja?.offerings.items[count]?.fact ?? -1;
    expect(priced.facts?.items[fact]).toMatchObject({
      name: "どら焼き",
      price: { amount: 280, currency: "JPY", taxIncluded: true },
    });
    const moved = moveListItem(priced, ["offerings", "items"], count, 0);
    expect(itemPrice(moved, "en", 0)).toBe(280);
    expect(ZEditableSite.safeParse(moved).success).toBe(true);
  });

  it("changes the business name everywhere it is shown", () => {
    const renamed = setText(site, "ja", "site", ["businessName"], "京菓子 つるや");
    expect(renamed.businessName).toBe("京菓子 つるや");
    if (renamed.facts) expect(renamed.facts.name).toBe("京菓子 つるや");
  });
});

describe("undo history", () => {
  it("undoes and redoes each change; a burst of typing is one step; a reload starts a new history", async () => {
    const store = createEditorStore(site);
    const { change } = store.getState();
    change((s) => toggleSection(s, "faq"));
    await new Promise((r) => setTimeout(r, 750));
    for (const text of ["季", "季節", "季節の"])
      change((s) => setText(s, "ja", "lang", ["hero", "headline"], text));
    expect(store.getState().site.content.ja?.hero.headline).toBe("季節の");
    store.temporal.getState().undo();
    expect(store.getState().site.content.ja?.hero.headline).toBe(site.content.ja?.hero.headline);
    expect(sectionsOf(store.getState().site).find((s) => s.id === "faq")?.hidden).toBe(true);
    store.temporal.getState().undo();
    expect(store.getState().site).toBe(site);
    store.temporal.getState().redo();
    expect(sectionsOf(store.getState().site).find((s) => s.id === "faq")?.hidden).toBe(true);
    resetSite(store, site);
    expect(store.temporal.getState().pastStates).toHaveLength(0);
  });

  it("places photos, keeps an item's photo with its item when items move or go, and sets focus points", () => {
    const photo = (n: number) => ({
      id: `m${n}`,
      hash: String(n).repeat(32),
      width: 1600,
      height: 1200,
      widths: [480, 960, 1600],
      alt: { ja: `写真${n}` },
      decorative: false,
    });
    let next = placePhoto(site, { kind: "hero" }, photo(1));
    next = placePhoto(next, { kind: "item", index: 1 }, photo(2));
    next = placePhoto(next, { kind: "gallery" }, photo(3));
    next = placePhoto(next, { kind: "gallery" }, photo(4));
    expect(next.photos?.items?.map((p) => p?.id ?? null)).toEqual([null, "m2"]);
    // The saved site passes the same schema the server checks.
    expect(ZEditableSite.safeParse(next).success).toBe(true);

    const moved = moveListItem(next, ["offerings", "items"], 1, 0);
    expect(moved.photos?.items?.[0]?.id).toBe("m2");
    expect(moved.content.ja?.offerings.items[0]?.name).toBe(next.content.ja?.offerings.items[1]?.name);
    const removed = removeListItem(next, ["offerings", "items"], 0);
    expect(removed.photos?.items?.[0]?.id).toBe("m2");

    const focused = setPhotoFocus(next, { kind: "gallery" }, { x: 20.4, y: 80.6 }, 1);
    expect(focused.photos?.gallery?.map((p) => p.focus)).toEqual([undefined, { x: 20, y: 81 }]);
    const without = unplacePhoto(focused, { kind: "gallery" }, 0);
    expect(without.photos?.gallery?.map((p) => p.id)).toEqual(["m4"]);
    expect(unplacePhoto(without, { kind: "hero" }).photos?.hero).toBeUndefined();
  });
});

describe("logo, testimonials, gallery and form options (issues 18, 30)", () => {
  const photo = {
    id: "p1",
    hash: "c".repeat(32),
    width: 1200,
    height: 800,
    widths: [480, 960],
    alt: { ja: "店の写真" },
    decorative: false,
  };

  it("uses a photo as the logo (its text is the business name) and takes it off again", () => {
    const withLogo = placePhoto(site, { kind: "logo" }, photo);
    expect(withLogo.photos?.logo).toMatchObject({ id: "p1", alt: {}, decorative: false });
    expect(ZEditableSite.safeParse(withLogo).success).toBe(true);
    expect(unplacePhoto(withLogo, { kind: "logo" }).photos?.logo).toBeUndefined();
  });

  it("lists the gallery among the sections once it has photos; deleting it takes the photos off the page", () => {
    expect(sectionsOf(site).some((s) => s.id === "gallery")).toBe(false);
    const withGallery = placePhoto(site, { kind: "gallery" }, photo);
    const ids = sectionsOf(withGallery).map((s) => s.id);
    expect(ids[ids.indexOf("about") + 1]).toBe("gallery");
    const moved = moveSection(withGallery, ids.indexOf("gallery"), 0);
    expect(sectionsOf(moved)[0]?.id).toBe("gallery");
    const hidden = toggleSection(moved, "gallery");
    expect(sectionsOf(hidden)[0]).toEqual({ id: "gallery", hidden: true });
    const deleted = deleteSection(moved, "gallery");
    expect(deleted.photos?.gallery).toBeUndefined();
    expect(sectionsOf(deleted).some((s) => s.id === "gallery")).toBe(false);
    expect(missingSections(deleted)).not.toContain("gallery");
  });

  it("adds testimonials empty in every language; entries are typed by the owner, never invented", () => {
    expect(missingSections(site)).toContain("testimonials");
    const added = addSection(site, "testimonials");
    expect(added.content.ja?.testimonials).toEqual({ title: "お客様の声", items: [] });
    expect(added.content.en?.testimonials).toEqual({ title: "What our customers say", items: [] });
    const one = addListItem(added, ["testimonials", "items"], emptyTestimonial());
    expect(one.content.en?.testimonials?.items).toEqual([{ quote: "", name: "", detail: "" }]);
    const typed = setText(one, "ja", "lang", ["testimonials", "items", 0, "quote"], "また来ます");
    expect(ZEditableSite.safeParse(typed).success).toBe(true);
    expect(typed.content.ja?.testimonials?.items[0]?.quote).toBe("また来ます");
    expect(typed.content.en?.testimonials?.items[0]?.quote).toBe("");
    expect(removeListItem(typed, ["testimonials", "items"], 0).content.ja?.testimonials?.items).toEqual([]);
  });

  it("keeps the form's options consistent: a required phone shows the field; no field means email", () => {
    const phone = setContactForm(site, { required: "phone" });
    expect(phone.contactForm).toEqual({ phone: true, required: "phone" });
    expect(setContactForm(phone, { phone: false }).contactForm).toEqual({ phone: false, required: "email" });
    expect(setContactForm(site, { phone: true }).contactForm).toEqual({ phone: true, required: "email" });
  });
});
