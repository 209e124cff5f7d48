/** PostgreSQL's unique_violation (23505), as pg and PGlite report it (directly or as the cause). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/**
 * Text PostgreSQL cannot store: NUL in text (22021 "invalid byte sequence for encoding UTF8") or
 * `\u0000` in JSON (22P05). The shared zText type refuses such text first; this is the net under it.
 */
export function isUnstorableText(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  const code = e?.code ?? e?.cause?.code;
  return code === "22021" || code === "22P05";
}
