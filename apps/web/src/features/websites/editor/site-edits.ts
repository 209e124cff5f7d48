import type {
  TBusinessCategory,
  TFactItem,
  TLanguage,
  TMediaItem,
  TOpeningHours,
  TSiteFacts,
} from "@shobai/shared";
import {
  PAGE_SECTION_IDS,
  pageSections,
  siteTemplate,
  type TColours,
  type TContactFormOptions,
  type TFontPair,
  type TPageSectionId,
  type TSectionLayout,
  type TSiteContent,
  type TSitePhoto,
  type TTestimonial,
  testimonialsTitle,
} from "@shobai/sitegen/editor";
import { moveItem, setAt, type TPath } from "./paths";

export type TSectionId = TPageSectionId;

/** Sections whose text a generator writes (the gallery is photos, testimonials only the owner's words). */
export type TTextSectionId = Exclude<TSectionId, "gallery" | "testimonials">;
export const isTextSection = (id: TSectionId): id is TTextSectionId =>
  id !== "gallery" && id !== "testimonials";

/**
 * The page's sections as the owner arranged them, or the template's order until they do; the
 * gallery is one of them as soon as it has photos.
 */
export function sectionsOf(site: TSiteContent): TSectionLayout[] {
  return pageSections(site, siteTemplate(site));
}

export const withSections = (site: TSiteContent, sections: TSectionLayout[]): TSiteContent => ({
  ...site,
  sections,
});

export function moveSection(site: TSiteContent, from: number, to: number): TSiteContent {
  return withSections(site, moveItem(sectionsOf(site), from, to));
}

export function toggleSection(site: TSiteContent, id: TSectionId): TSiteContent {
  return withSections(
    site,
    sectionsOf(site).map((s) => (s.id === id ? { ...s, hidden: !s.hidden } : s)),
  );
}

/**
 * A section out of the page. Deleting the gallery takes its photos off the page too (they stay in
 * the library; placing one in the gallery brings the section back).
 */
export function deleteSection(site: TSiteContent, id: TSectionId): TSiteContent {
  const next = withSections(
    site,
    sectionsOf(site).filter((s) => s.id !== id),
  );
  if (id !== "gallery" || !site.photos?.gallery) return next;
  const { gallery: _gone, ...photos } = site.photos;
  return { ...next, photos };
}

/**
 * Deleted sections keep their text in the content model, so adding one back brings it back.
 * Testimonials start empty, titled in each language: the page shows them once the owner types one.
 */
export function addSection(site: TSiteContent, id: TSectionId): TSiteContent {
  const sections = sectionsOf(site);
  if (sections.some((s) => s.id === id)) return site;
  let next = withSections(site, [...sections, { id, hidden: false }]);
  if (id === "testimonials") {
    for (const lang of site.languages) {
      const copy = next.content[lang];
      if (!copy || copy.testimonials) continue;
      next = setAt(next, ["content", lang, "testimonials"], { title: testimonialsTitle(lang), items: [] });
    }
  }
  return next;
}

/** Sections the add menu offers: deleted ones and testimonials (the gallery comes with its photos). */
export const missingSections = (site: TSiteContent): TSectionId[] =>
  PAGE_SECTION_IDS.filter((id) => id !== "gallery" && !sectionsOf(site).some((s) => s.id === id));

/** A new, empty testimonial in every language (nothing is shown until the owner types it). */
export const emptyTestimonial = (): TTestimonial => ({ quote: "", name: "", detail: "" });

/** A text of one language (`lang` scope) or of the site (`site` scope: business name). */
export function setText(
  site: TSiteContent,
  lang: TLanguage,
  scope: "lang" | "site",
  path: TPath,
  value: string,
): TSiteContent {
  if (scope === "site") {
    if (path[0] === "businessName") return setBusinessName(site, value);
    return setAt(site, path, value);
  }
  return setAt(site, ["content", lang, ...path], value);
}

/** The same change to a list in every language, so items stay aligned across languages. */
function eachLanguage(
  site: TSiteContent,
  path: TPath,
  update: (list: unknown[], lang: TLanguage) => unknown[],
): TSiteContent {
  let next = site;
  for (const lang of site.languages) {
    const copy = next.content[lang];
    if (!copy) continue;
    let list: unknown = copy;
    for (const key of path) list = (list as Record<string | number, unknown> | undefined)?.[key];
    if (!Array.isArray(list)) continue;
    next = setAt(next, ["content", lang, ...path], update(list as unknown[], lang));
  }
  return next;
}

export type TListPath =
  | ["offerings", "items"]
  | ["faq", "items"]
  | ["about", "paragraphs"]
  | ["testimonials", "items"];

export const addListItem = (site: TSiteContent, path: TListPath, item: unknown): TSiteContent =>
  eachLanguage(site, path, (list) => [...list, item]);

/** Item photos follow their item when items are removed or moved (they are kept by index). */
function withItemPhotos(
  site: TSiteContent,
  path: TListPath,
  update: (list: unknown[]) => unknown[],
): TSiteContent {
  const items = site.photos?.items;
  if (path[0] !== "offerings" || !items) return site;
  const count = site.content[site.languages[0] ?? "ja"]?.offerings.items.length ?? items.length;
  const padded = Array.from({ length: Math.max(count, items.length) }, (_, i) => items[i] ?? null);
  return { ...site, photos: { ...site.photos, items: update(padded) as (TSitePhoto | null)[] } };
}

export const removeListItem = (site: TSiteContent, path: TListPath, index: number): TSiteContent =>
  eachLanguage(
    withItemPhotos(site, path, (list) => list.filter((_, i) => i !== index)),
    path,
    (list) => list.filter((_, i) => i !== index),
  );

export const moveListItem = (site: TSiteContent, path: TListPath, from: number, to: number): TSiteContent =>
  eachLanguage(
    withItemPhotos(site, path, (list) => moveItem(list, from, to)),
    path,
    (list) => moveItem(list, from, to),
  );

/** Hours written before the confirmed facts existed, as facts. */
function hoursFromContact(site: TSiteContent): TOpeningHours | null {
  const hours = site.contact.hours;
  if (!hours) return null;
  return {
    periods: hours.ranges.map((r) => ({ days: [], opens: r.opens, closes: r.closes })),
    closedDays: hours.closedDays.filter((d): d is number => typeof d === "number"),
    closedOnHolidays: hours.closedDays.includes("holidays"),
    openEveryDay: hours.openEveryDay,
    notes: [],
  };
}

/** The site's confirmed facts, made from its older contact details when it has none yet. */
export function factsOf(site: TSiteContent): TSiteFacts {
  if (site.facts) return site.facts;
  return {
    sourceLanguage: site.languages[0] ?? "ja",
    name: site.businessName,
    trade: null,
    place: site.place ?? null,
    access: null,
    address: site.contact.address ?? null,
    phone: site.contact.phone ?? null,
    email: site.contact.email ?? null,
    foundedYear: null,
    items: [],
    hours: hoursFromContact(site),
    localized: {},
    notes: [],
    profile: null,
    whatsapp: null,
    lineId: null,
    sameAs: [],
  };
}

export const setFacts = (site: TSiteContent, update: (facts: TSiteFacts) => TSiteFacts): TSiteContent => ({
  ...site,
  facts: update(factsOf(site)),
});

export function setBusinessName(site: TSiteContent, name: string): TSiteContent {
  const next = { ...site, businessName: name };
  return site.facts ? { ...next, facts: { ...site.facts, name: name || null } } : next;
}

/**
 * The tax-inclusive yen price of one item (null: no price). Prices live in the confirmed facts,
 * so every language shows the same one; an item without a fact gets one.
 */
export function setItemPrice(
  site: TSiteContent,
  lang: TLanguage,
  index: number,
  amount: number | null,
): TSiteContent {
  const item = site.content[lang]?.offerings.items[index];
  if (!item) return site;
  const facts = factsOf(site);
  const price =
    amount === null ? undefined : { amount, currency: "JPY" as const, taxIncluded: true, from: false };
  if (item.fact !== undefined && facts.items[item.fact]) {
    const items = facts.items.map((f, i) => (i === item.fact ? withPrice(f, price) : f));
    return { ...site, facts: { ...facts, items } };
  }
  if (price === undefined || facts.items.length >= 20) return site;
  const fact = facts.items.length;
  let next: TSiteContent = {
    ...site,
    facts: { ...facts, items: [...facts.items, { name: item.name, price }] },
  };
  for (const l of site.languages) {
    if (next.content[l]?.offerings.items[index])
      next = setAt(next, ["content", l, "offerings", "items", index, "fact"], fact);
  }
  return next;
}

function withPrice(item: TFactItem, price: TFactItem["price"]): TFactItem {
  const { price: _old, ...rest } = item;
  return price ? { ...rest, price } : rest;
}

export function itemPrice(site: TSiteContent, lang: TLanguage, index: number): number | null {
  const fact = site.content[lang]?.offerings.items[index]?.fact;
  if (fact === undefined) return null;
  return site.facts?.items[fact]?.price?.amount ?? null;
}

export const setTemplate = (site: TSiteContent, template: TBusinessCategory): TSiteContent => ({
  ...site,
  template,
});
export const setColours = (site: TSiteContent, colours: TColours): TSiteContent => ({ ...site, colours });
export const setFont = (site: TSiteContent, font: TFontPair): TSiteContent => ({ ...site, font });

/** Where a photo can go on the page (issue 19). */
export type TPhotoPlace =
  | { kind: "logo" }
  | { kind: "hero" }
  | { kind: "about" }
  | { kind: "item"; index: number }
  | { kind: "gallery" };

/** The library entry as placed on the page (its texts travel with it; the focus starts centred). */
export function photoOf(item: TMediaItem): TSitePhoto {
  return {
    id: item.id,
    hash: item.hash,
    width: item.width,
    height: item.height,
    widths: item.widths,
    alt: item.alt,
    decorative: item.decorative,
  };
}

export function placePhoto(site: TSiteContent, place: TPhotoPlace, photo: TSitePhoto): TSiteContent {
  const photos = site.photos ?? {};
  switch (place.kind) {
    case "logo":
      // A logo is shown whole: no focus point, and its text is always the business name.
      return { ...site, photos: { ...photos, logo: { ...photo, alt: {}, decorative: false } } };
    case "hero":
      return { ...site, photos: { ...photos, hero: photo } };
    case "about":
      return { ...site, photos: { ...photos, about: photo } };
    case "gallery":
      return { ...site, photos: { ...photos, gallery: [...(photos.gallery ?? []), photo].slice(0, 12) } };
    case "item": {
      const items = (photos.items ?? []).slice();
      while (items.length <= place.index) items.push(null);
      items[place.index] = photo;
      return { ...site, photos: { ...photos, items } };
    }
  }
}

/** One placement taken out ("gallery" needs the photo's position in the gallery). */
export function unplacePhoto(site: TSiteContent, place: TPhotoPlace, galleryIndex = 0): TSiteContent {
  const photos = { ...(site.photos ?? {}) };
  if (place.kind === "logo") delete photos.logo;
  else if (place.kind === "hero") delete photos.hero;
  else if (place.kind === "about") delete photos.about;
  else if (place.kind === "item")
    photos.items = (photos.items ?? []).map((p, i) => (i === place.index ? null : p));
  else photos.gallery = (photos.gallery ?? []).filter((_, i) => i !== galleryIndex);
  return { ...site, photos };
}

/** The focus point of one placement, in percent. */
export function setPhotoFocus(
  site: TSiteContent,
  place: TPhotoPlace,
  focus: { x: number; y: number },
  galleryIndex = 0,
): TSiteContent {
  const photos = site.photos ?? {};
  const point = { x: Math.round(focus.x), y: Math.round(focus.y) };
  const apply = (p: TSitePhoto | null | undefined) => (p ? { ...p, focus: point } : p);
  if (place.kind === "hero" && photos.hero)
    return { ...site, photos: { ...photos, hero: apply(photos.hero) ?? undefined } };
  if (place.kind === "about" && photos.about)
    return { ...site, photos: { ...photos, about: apply(photos.about) ?? undefined } };
  if (place.kind === "item")
    return {
      ...site,
      photos: {
        ...photos,
        items: (photos.items ?? []).map((p, i) => (i === place.index ? (apply(p) ?? null) : p)),
      },
    };
  if (place.kind === "gallery")
    return {
      ...site,
      photos: {
        ...photos,
        gallery: (photos.gallery ?? []).map((p, i) => (i === galleryIndex ? { ...p, focus: point } : p)),
      },
    };
  return site;
}

/** The contact form's fields: asking for a phone number, and which reply way is required (issue 30). */
export function setContactForm(site: TSiteContent, options: Partial<TContactFormOptions>): TSiteContent {
  const current = { phone: false, required: "email" as const, ...site.contactForm };
  const next = { ...current, ...options };
  // A required (or either-one) phone needs the field; without the field only email can be required.
  if (options.required && options.required !== "email") next.phone = true;
  if (options.phone === false && next.required !== "email") next.required = "email";
  return { ...site, contactForm: next };
}
