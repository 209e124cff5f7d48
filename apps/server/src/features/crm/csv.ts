/** RFC 4180 CSV, as spreadsheets write it (quotes, doubled quotes, CRLF or LF, a UTF-8 BOM). */

export class CsvSyntaxError extends Error {
  override name = "CsvSyntaxError";
}

export function parseCsv(input: string): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const delimiter = detectDelimiter(text);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let inQuotes = false;
  let line = 1;
  let quoteStartLine = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          inQuotes = false;
        }
      } else {
        if (ch === "\n") line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"') {
      if (field.trim() !== "") throw new CsvSyntaxError(`line ${line}: a quote inside an unquoted field`);
      field = "";
      inQuotes = true;
      quoteStartLine = line;
    } else if (ch === delimiter) {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      line++;
    } else {
      field += ch;
    }
  }
  if (inQuotes) throw new CsvSyntaxError(`line ${quoteStartLine}: a quoted field is never closed`);
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  // Blank lines carry nothing.
  return rows.filter((r) => r.some((cell) => cell.trim() !== ""));
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

function escapeCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Undoes escapeCell's formula guard on the way back in. */
export function unescapeCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** UTF-8 with BOM and CRLF, so Excel in Japan opens Japanese text correctly. */
export function toCsv(rows: string[][]): string {
  return `\ufeff${rows.map((r) => r.map(escapeCell).join(",")).join("\r\n")}\r\n`;
}
