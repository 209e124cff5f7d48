import { CONTACT_SOURCES, CONTACT_STATUSES, type TContactSource, type TContactStatus } from "@shobai/shared";

/**
 * The spreadsheet a shop owner opens in Excel: headers and status/source labels in Japanese or
 * English (the labels are the interface's, kept equal to apps/web/src/locales/{ja,en}/crm.json by
 * a test), times in Tokyo as `yyyy/MM/dd HH:mm`. The import reads both languages back.
 */
export const CSV_LANGUAGES = ["ja", "en"] as const;
export type CsvLanguage = (typeof CSV_LANGUAGES)[number];

export const EXPORT_COLUMNS = [
  "lastName",
  "firstName",
  "lastNameKana",
  "firstNameKana",
  "company",
  "companyKana",
  "email",
  "phone",
  "status",
  "source",
  "createdAt",
  "tags",
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

export const EXPORT_HEADERS: Record<CsvLanguage, Record<ExportColumn, string>> = {
  ja: {
    lastName: "姓",
    firstName: "名",
    lastNameKana: "セイ",
    firstNameKana: "メイ",
    company: "会社名",
    companyKana: "会社名フリガナ",
    email: "メールアドレス",
    phone: "電話番号",
    status: "ステータス",
    source: "流入元",
    createdAt: "登録日時",
    tags: "タグ",
  },
  en: {
    lastName: "Last name",
    firstName: "First name",
    lastNameKana: "Last name (kana)",
    firstNameKana: "First name (kana)",
    company: "Company",
    companyKana: "Company (kana)",
    email: "Email",
    phone: "Phone",
    status: "Status",
    source: "Source",
    createdAt: "Created",
    tags: "Tags",
  },
};

export const STATUS_LABELS: Record<CsvLanguage, Record<TContactStatus, string>> = {
  ja: { new: "新規", active: "対応中", qualified: "見込み", converted: "成約", closed: "クローズ" },
  en: { new: "New", active: "In contact", qualified: "Qualified", converted: "Won", closed: "Closed" },
};

export const SOURCE_LABELS: Record<CsvLanguage, Record<TContactSource, string>> = {
  ja: { manual: "手動入力", website_form: "ウェブフォーム", import: "インポート" },
  en: { manual: "Added by hand", website_form: "Website form", import: "Import" },
};

const fold = (v: string) => v.normalize("NFKC").trim().toLowerCase();

function reverse<T extends string>(codes: readonly T[], labels: Record<CsvLanguage, Record<T, string>>) {
  const map = new Map<string, T>();
  for (const code of codes) {
    map.set(fold(code), code);
    for (const language of CSV_LANGUAGES) map.set(fold(labels[language][code]), code);
  }
  return (value: string): T | undefined => map.get(fold(value));
}

/** A status cell (code or label in either language) back to its code. */
export const statusFromCell = reverse(CONTACT_STATUSES, STATUS_LABELS);
/** A source cell (code or label in either language) back to its code. */
export const sourceFromCell = reverse(CONTACT_SOURCES, SOURCE_LABELS);

const TOKYO = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Asia/Tokyo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** 2026/11/27 03:37 for 2026-11-26T18:37Z: the day and time as the shop sees them. */
export function tokyoDateTime(at: Date): string {
  const p = Object.fromEntries(TOKYO.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.year}/${p.month}/${p.day} ${p.hour}:${p.minute}`;
}

const TOKYO_CELL = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * A date cell back to an instant: our `yyyy/MM/dd HH:mm` (Tokyo time, as Excel also re-saves it
 * with single-digit months) or an ISO time with its zone. Undefined when it is neither.
 */
export function parseTokyoDateTime(value: string): Date | undefined {
  const text = value.normalize("NFKC").trim();
  if (!text) return undefined;
  const m = TOKYO_CELL.exec(text);
  if (m) {
    const [, y, mo, d, h = "0", mi = "0", s = "0"] = m;
    const at = new Date(Date.UTC(+y!, +mo! - 1, +d!, +h - 9, +mi, +s));
    return Number.isNaN(at.getTime()) || +mo! > 12 || +d! > 31 || +h > 23 ? undefined : at;
  }
  if (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    const at = new Date(text);
    return Number.isNaN(at.getTime()) ? undefined : at;
  }
  return undefined;
}
