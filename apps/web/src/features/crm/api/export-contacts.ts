/**
 * GET /api/contacts/export.csv: every contact as CSV (UTF-8 with BOM, opens in Excel). The browser
 * downloads it itself through a link, so the session cookie goes along and nothing is buffered here.
 */
export const CONTACTS_EXPORT_URL = "/api/contacts/export.csv";
