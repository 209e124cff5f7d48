/** A readable address part from a business name: "Sakura Ramen 渋谷" → "sakura-ramen". */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/g, "");
}

/**
 * Candidates in order: the name's own letters; for a name without Latin letters (most Japanese
 * names) the trade and place, e.g. "restaurant-shibuya"; then numbered variants.
 */
export function slugCandidates(name: string, fallbackParts: string[]): string[] {
  const own = slugify(name);
  const fallback = slugify(fallbackParts.filter(Boolean).join(" "));
  const base = own.length >= 3 ? own : fallback.length >= 3 ? fallback : "";
  if (!base) return [];
  return [base, ...Array.from({ length: 30 }, (_, i) => `${base}-${i + 2}`)];
}
