/**
 * Text cut to at most `max` characters where a reader would stop: after the last whole sentence
 * that fits, else at the last word boundary (a space, or Japanese 、), with "…" when something
 * was left out. Never in the middle of a word.
 */
export function cutText(value: string, max: number): string {
  const chars = Array.from(value.trim());
  if (chars.length <= max) return chars.join("");
  const head = chars.slice(0, max).join("");
  // The last sentence end that leaves a meaningful text (at least half the room).
  const sentence = /[.!?。！？](?=\s|$)|[。！？]/gu;
  let end = -1;
  for (const m of head.matchAll(sentence)) end = (m.index ?? 0) + m[0].length;
  if (end >= max / 2) return head.slice(0, end).trim();
  const room = chars.slice(0, max - 1).join("");
  const lastComma = room.lastIndexOf("、");
  const boundary = Math.max(room.lastIndexOf(" "), lastComma >= 0 ? lastComma + 1 : -1);
  // Japanese runs words together: any character is a boundary when no 、 is near the end.
  const japanese = /[\u3040-\u30ff\u3400-\u9fff]$/.test(room);
  const cut =
    boundary >= max / 2
      ? room.slice(0, boundary)
      : japanese
        ? room
        : room.slice(0, Math.max(boundary, 0)) || room;
  return `${cut.replace(/[\s,、;:–-]+$/u, "")}…`;
}
