import type { TLanguage } from "@shobai/shared";

/** Words typical of each Latin-script language owners write in; the language with most hits wins. */
const MARKERS: Record<Exclude<TLanguage, "ja">, RegExp> = {
  en: /\b(?:the|and|we|our|in|of|for|with|open|closed|from|shop|since|call|email|hours)\b/giu,
  pl: /\b(?:i|w|z|na|dla|od|do|oraz|jest|czynne|nieczynne|tel|ul|pon|sob|niedziel\p{L}*|godz|zapisy|kontakt)\b|[ąęłńśźż]/giu,
  ro: /\b(?:și|în|din|de|la|cu|pentru|program|luni|vineri|închis|deschis|str|nr|oferim)\b|[ăâîșț]/giu,
  ms: /\b(?:isnin|khamis|jumaat|ahad|petang|tengah hari|kedai|hubungi|perkhidmatan|tuisyen|e-mel|syarikat|kecuali|hingga|pejabat|laman|mudah alih|sokongan|majlis|puan|encik|rm|ringgit|dalam talian|tempahan|secara)\b/giu,
  id: /\b(?:senin|kamis|jumat|minggu|pukul|jam|libur|toko|telp|hp|layanan|jl|bisa|menerima|sampai|anak|les|privat|umkm|jasa|desain|kantor|adalah|namanya|harga|pesan|lewat|rp|siang|sore)\b/giu,
};

/** The language a description is written in: Japanese by script, the others by their words. */
export function detectLanguage(text: string, fallback: TLanguage = "ja"): TLanguage {
  const japanese = (text.match(/[\u3040-\u30ff\u3400-\u9fff]/g) ?? []).length;
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  if (letters === 0) return fallback;
  if (japanese / letters > 0.2) return "ja";
  let best: TLanguage = fallback === "ja" ? "en" : fallback;
  let bestScore = 0;
  for (const [lang, re] of Object.entries(MARKERS) as [Exclude<TLanguage, "ja">, RegExp][]) {
    const score = (text.match(re) ?? []).length;
    if (score > bestScore) {
      best = lang;
      bestScore = score;
    }
  }
  return best;
}
