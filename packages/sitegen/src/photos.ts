import type { TSiteContent, TSitePhoto, TSitePhotos } from "./content-model.ts";

/** Where a photo is placed: "logo", "hero", "about", "items.2", "gallery.0". */
export function photoPlaces(site: Pick<TSiteContent, "photos">, mediaId: string): string[] {
  const photos = site.photos;
  if (!photos) return [];
  const places: string[] = [];
  if (photos.logo?.id === mediaId) places.push("logo");
  if (photos.hero?.id === mediaId) places.push("hero");
  if (photos.about?.id === mediaId) places.push("about");
  for (const [i, p] of (photos.items ?? []).entries()) if (p?.id === mediaId) places.push(`items.${i}`);
  for (const [i, p] of (photos.gallery ?? []).entries()) if (p.id === mediaId) places.push(`gallery.${i}`);
  return places;
}

/** The site with every placement of one photo taken out. */
export function withoutPhoto<T extends Pick<TSiteContent, "photos">>(site: T, mediaId: string): T {
  const photos = site.photos;
  if (!photos || photoPlaces(site, mediaId).length === 0) return site;
  const keep = (p: TSitePhoto | undefined) => (p && p.id !== mediaId ? p : undefined);
  const next: TSitePhotos = {};
  const logo = keep(photos.logo);
  if (logo) next.logo = logo;
  const hero = keep(photos.hero);
  const about = keep(photos.about);
  if (hero) next.hero = hero;
  if (about) next.about = about;
  if (photos.items) next.items = photos.items.map((p) => (p && p.id !== mediaId ? p : null));
  if (photos.gallery) next.gallery = photos.gallery.filter((p) => p.id !== mediaId);
  return { ...site, photos: next };
}

/** Every placement of one photo with new alt texts and decorative choice (the library changed). */
export function withPhotoText<T extends Pick<TSiteContent, "photos">>(
  site: T,
  mediaId: string,
  text: Pick<TSitePhoto, "alt" | "decorative">,
): T {
  const photos = site.photos;
  if (!photos || photoPlaces(site, mediaId).length === 0) return site;
  const apply = <P extends TSitePhoto | null | undefined>(p: P): P =>
    p && p.id === mediaId ? ({ ...p, alt: text.alt, decorative: text.decorative } as P) : p;
  return {
    ...site,
    photos: {
      ...photos,
      ...(photos.logo ? { logo: apply(photos.logo) } : {}),
      ...(photos.hero ? { hero: apply(photos.hero) } : {}),
      ...(photos.about ? { about: apply(photos.about) } : {}),
      ...(photos.items ? { items: photos.items.map(apply) } : {}),
      ...(photos.gallery ? { gallery: photos.gallery.map(apply) } : {}),
    },
  };
}

/** The ids of every media-library photo the site places (hero, about, items, gallery), each once; stock photos are not in the library. */
export function placedPhotoIds(site: Pick<TSiteContent, "photos">): string[] {
  const photos = site.photos;
  if (!photos) return [];
  const ids = new Set<string>();
  for (const p of [photos.hero, photos.about, ...(photos.items ?? []), ...(photos.gallery ?? [])])
    if (p && !p.stock) ids.add(p.id);
  return [...ids];
}
