/**
 * The text of a chosen CSV file. Spreadsheets saved by Excel in Japan are often Shift_JIS rather
 * than UTF-8; a file that is not valid UTF-8 is read as Shift_JIS instead of turning into mojibake.
 */
export async function readCsvFile(file: Blob): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("shift_jis").decode(bytes);
  }
}
