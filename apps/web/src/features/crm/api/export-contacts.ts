/**
 * GET /api/contacts/export.csv: every contact as CSV (UTF-8 with BOM, opens in Excel), with
 * Japanese or English headers and labels. The browser downloads it itself through a link, so the
 * session cookie goes along and nothing is buffered here.
 */
export const CONTACTS_EXPORT_URL = "/api/contacts/export.csv";

export function contactsExportUrl(language: "ja" | "en"): string {
  return `${CONTACTS_EXPORT_URL}?lang=${language}`;
}
