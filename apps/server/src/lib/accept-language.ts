import { DEFAULT_LANGUAGE, languageFromTag, type TLanguage } from "@shobai/shared";

/** The first supported language of an Accept-Language header, by its q weights; ja when none. */
export function languageFromHeader(header: string | undefined): TLanguage {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const weight = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const qValue = weight ? Number(weight.slice(2)) : 1;
      return { tag, q: Number.isFinite(qValue) ? qValue : 0, index };
    })
    .filter((entry) => entry.tag.trim() !== "" && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    const language = languageFromTag(entry.tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
