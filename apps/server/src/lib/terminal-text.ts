// C0 controls (ESC, CR, BEL, TAB, NL…), DEL, C1 controls (e.g. U+009B, a one-character CSI), and the
// Unicode bidirectional overrides and isolates that can make a line read differently than it is.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * One field as it may reach an operator's terminal: every control character becomes a visible
 * `\u{…}` escape, so text typed by visitors (names, messages, emails) cannot move the cursor,
 * recolour, retitle or rewrite the terminal, nor break a tab-separated line into two.
 */
export function terminalSafe(value: string | null | undefined): string {
  if (value === null || value === undefined) return "";
  return value.replace(UNSAFE, (c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`);
}
