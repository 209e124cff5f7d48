/** Text helpers shared by the fact extractors. */

/** NFKC (full-width digits and letters, ： → :, （ → (), one kind of space; line breaks kept. */
export function normalizeText(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t\u00a0\u3000]+/g, " ")
    .replace(/[‐‑‒–—―−]/g, "–");
}

/** Blanks out spans (keeping offsets) so later extractors do not read a phone as hours. */
export function mask(text: string, spans: [number, number][]): string {
  let out = text;
  for (const [from, to] of spans)
    out = out.slice(0, from) + " ".repeat(Math.max(0, to - from)) + out.slice(to);
  return out;
}

export const HAS_JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;
export const isJapanese = (text: string) => HAS_JAPANESE.test(text);

/**
 * Latin sentences: a full stop ends one only before a capital or the end, and never after a short
 * abbreviation (ul., Jl., Hj., K.K., nr., Tel.).
 */
export function latinSentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const m of text.matchAll(/[.!?](?=\s+[\p{Lu}\d"“(]|\s*$)|\n+/gu)) {
    const at = m.index ?? 0;
    if (m[0] === ".") {
      // Abbreviations (Jl., ul., Hj., K.K.) do not end a sentence; acronyms (SPM, PKS) do.
      const before = text.slice(start, at).match(/(?:^|[\s(])([\p{L}.]{1,3})$/u)?.[1];
      if (before && (before.includes(".") || !/^\p{Lu}+$/u.test(before))) continue;
    }
    out.push(text.slice(start, at + (m[0] === "\n" ? 0 : 1)));
    start = at + m[0].length;
  }
  out.push(text.slice(start));
  return out.map((s) => s.trim()).filter(Boolean);
}

const JA_SEGMENTER = new Intl.Segmenter("ja", { granularity: "sentence" });

/** Sentences and lines: Intl.Segmenter for Japanese, latinSentences otherwise; lines always split. */
export function sentences(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    if (isJapanese(line)) {
      for (const s of JA_SEGMENTER.segment(line)) if (s.segment.trim()) out.push(s.segment.trim());
    } else out.push(...latinSentences(line));
  }
  return out;
}

/** Fields of terse notes: lines, and parts between ／ | ｜ (with or without spaces) or " / ". */
export function fields(text: string): string[] {
  return sentences(text)
    .flatMap((s) => s.split(/\s*[／|｜]\s*|(?<![A-Za-z0-9])\/|\/(?![A-Za-z0-9])/u))
    .map((s) => s.replace(/^[\s■□●○◆◇・*•\-–>☆★※]+/u, "").trim())
    .filter(Boolean);
}

/** Title Case word: starts with a capital letter or digit (Kopi, AUTO-SERWIS, K.K., 7). */
export const isCapitalised = (word: string) => /^[\p{Lu}\d]/u.test(word);

/**
 * The same pieces as `split(original)`, cut from `masked` (the original with spans blanked out, same
 * length): sentence and field boundaries come from the words the owner wrote, not from what is left.
 */
export function alignedPieces(original: string, masked: string, split: (text: string) => string[]): string[] {
  const out: string[] = [];
  let cursor = 0;
  for (const piece of split(original)) {
    const at = original.indexOf(piece, cursor);
    if (at < 0) continue;
    cursor = at + piece.length;
    out.push(masked.slice(at, at + piece.length));
  }
  return out;
}
