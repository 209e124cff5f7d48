import { CsvError, parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";

/**
 * CSV as spreadsheets write it (RFC 4180: quotes, doubled quotes, line breaks inside quotes, CRLF or
 * LF, a UTF-8 BOM), read by csv-parse and written by csv-stringify. Ours: the delimiter guess and
 * the formula guard.
 */

export class CsvSyntaxError extends Error {
  override name = "CsvSyntaxError";
}

export function parseCsv(input: string): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  let rows: string[][];
  try {
    rows = parse(text, {
      delimiter: detectDelimiter(text),
      // Files pasted together mix line endings; csv-parse would otherwise keep the first it sees.
      record_delimiter: ["\r\n", "\n", "\r"],
      relax_column_count: true,
      skip_empty_lines: true,
      // Spaces around a quoted field (`a, "b"`) are a common hand edit, not an error.
      ltrim: true,
      rtrim: true,
    }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) throw new CsvSyntaxError(describe(error, text));
    throw error;
  }
  // Lines of empty cells (",,,") carry nothing.
  return rows.filter((r) => r.some((cell) => cell.trim() !== ""));
}

/** The line the user should look at, in the words the import screen shows. */
function describe(error: CsvError, text: string): string {
  if (error.code === "CSV_QUOTE_NOT_CLOSED") {
    // csv-parse reports the end of the file; the quote opened in the record after the last whole one.
    const done = Buffer.from(text).subarray(0, Number(error.bytes_records ?? 0));
    let line = 1;
    for (const byte of done) if (byte === 0x0a) line++;
    return `line ${line}: a quoted field is never closed`;
  }
  const line = Number(error.lines ?? 0) || 1;
  if (error.code === "INVALID_OPENING_QUOTE" || error.code === "CSV_INVALID_CLOSING_QUOTE")
    return `line ${line}: a quote inside an unquoted field`;
  return `line ${line}: ${error.message}`;
}

/** Japanese Excel sometimes saves with tabs or semicolons; the header line tells which. */
function detectDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [",", "\t", ";"].map((d) => [d, firstLine.split(d).length - 1] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0] && counts[0][1] > 0 ? counts[0][0] : ",";
}

/** A cell a spreadsheet would run as a formula is written with a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Undoes the formula guard of toCsv on the way back in. */
export function unescapeCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** UTF-8 with BOM and CRLF, so Excel in Japan opens Japanese text correctly. */
export function toCsv(rows: string[][]): string {
  return stringify(
    rows.map((row) => row.map((value) => (FORMULA_START.test(value) ? `'${value}` : value))),
    {
      bom: true,
      record_delimiter: "\r\n",
      // csv-stringify quotes the delimiter, quotes and CRLF; a lone LF or CR and edge spaces too.
      quoted_match: /[\r\n]|^\s|\s$/,
    },
  );
}
