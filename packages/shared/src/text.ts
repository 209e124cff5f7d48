import { z } from "zod";

/** The issue code of a text refused for a control character (in `issues[].code` of a 400). */
export const CONTROL_CHARACTER_ISSUE = "control_character";

export type TextOptions = {
  /** Allow line breaks and tabs (\n, \r, \t): notes, messages, email bodies. */
  multiline?: boolean;
};

/**
 * Where `text` holds a character that no text field accepts, or -1: C0 controls (U+0000–U+001F,
 * with \t \n \r allowed only in multi-line text), DEL (U+007F) and lone UTF-16 surrogates. NUL in
 * particular: PostgreSQL cannot store it in text and answers "invalid byte sequence".
 */
export function findControlCharacter(text: string, options: TextOptions = {}): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20) {
      if (options.multiline && (c === 0x09 || c === 0x0a || c === 0x0d)) continue;
      return i;
    }
    if (c === 0x7f) return i;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return i;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return i;
  }
  return -1;
}

/** `text` without the characters findControlCharacter refuses (for data we keep, not reject). */
export function stripControlCharacters(text: string, options: TextOptions = {}): string {
  if (findControlCharacter(text, options) === -1) return text;
  const kept: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 && !(options.multiline && (c === 0x09 || c === 0x0a || c === 0x0d))) continue;
    if (c === 0x7f) continue;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        kept.push(text.slice(i, i + 2));
        i++;
      }
      continue;
    }
    if (c >= 0xdc00 && c <= 0xdfff) continue;
    kept.push(text[i] as string);
  }
  return kept.join("");
}

/** "U+0000" for the character at `index`. */
function codePointName(text: string, index: number): string {
  return `U+${text.charCodeAt(index).toString(16).toUpperCase().padStart(4, "0")}`;
}

/** Why `text` is refused, naming the field and the character, or null when it is fine. */
export function controlCharacterProblem(
  field: string,
  text: string,
  options: TextOptions = {},
): string | null {
  const at = findControlCharacter(text, options);
  if (at === -1) return null;
  const c = text.charCodeAt(at);
  const what =
    c >= 0xd800 && c <= 0xdfff
      ? "an unpaired surrogate"
      : c === 0x0a || c === 0x0d || c === 0x09
        ? "a line break or tab"
        : "a control character";
  return `${field} must not contain ${what} (${codePointName(text, at)} at position ${at + 1})`;
}

/**
 * The one string type of every text a request carries: refuses control characters (see
 * findControlCharacter) with the issue code `control_character`. Chain `.trim().min().max()` as on
 * any zod string; the check sees the text as sent.
 */
export function zText(field: string, options: TextOptions = {}) {
  return z
    .string({
      error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be text`),
    })
    .superRefine((text, ctx) => {
      const problem = controlCharacterProblem(field, text, options);
      if (problem)
        ctx.addIssue({ code: "custom", message: problem, params: { code: CONTROL_CHARACTER_ISSUE } });
    });
}

/** A record id in a URL path: text without control characters, at most 100 characters. */
export const ZId = zText("id").min(1, { error: "id is required" }).max(100, { error: "id is too long" });
export const ZIdParams = z.object({ id: ZId });
