import { type ContactNameParts, contactSearchText, searchNeedles } from "./contact-names.ts";

/** One pipeline, in this order (design.md). New contacts start as `new`. */
export const CONTACT_STATUSES = ["new", "active", "qualified", "converted", "closed"] as const;
export type TContactStatus = (typeof CONTACT_STATUSES)[number];

export const CONTACT_SOURCES = ["manual", "website_form", "import"] as const;
export type TContactSource = (typeof CONTACT_SOURCES)[number];

export const CONTACT_ACTIVITY_TYPES = [
  "created",
  "status_changed",
  "updated",
  "note",
  "email_sent",
  "form_submitted",
  "consent_requested",
  "consent_given",
  "unsubscribed",
  "email_bounced",
  "email_complained",
  "consent_changed",
  "email_opened",
  "email_clicked",
  "merged",
] as const;
export type TContactActivityType = (typeof CONTACT_ACTIVITY_TYPES)[number];

/**
 * Whether a contact agreed to receive marketing email (特定電子メール法: prior opt-in, recorded).
 * `unknown`: nobody recorded it (an enquiry alone is not consent); `pending`: asked through a site
 * form, waiting for the confirmation link (double opt-in); `opted_in`: confirmed; `opted_out`:
 * unsubscribed or withdrew.
 */
export const MARKETING_CONSENT_STATES = ["unknown", "pending", "opted_in", "opted_out"] as const;
export type TMarketingConsent = (typeof MARKETING_CONSENT_STATES)[number];

/**
 * Where a contact's current marketing consent came from (特定電子メール法 keeps a record of it):
 * `form` (the site form's box, confirmed by the mailed link), `import` (a spreadsheet whose basis the
 * owner declared), `api` (a program), `manual` (the owner, in the contact's page), `unsubscribe`.
 */
export const CONSENT_SOURCES = ["form", "import", "api", "manual", "unsubscribe"] as const;
export type TConsentSource = (typeof CONSENT_SOURCES)[number];

/**
 * What an imported file says about its people's consent: `consented` (each agreed to receive the
 * owner's marketing email, and the owner keeps the record), `none` (no recorded consent: they are
 * imported as unknown and get no campaign until they opt in).
 */
export const IMPORT_CONSENT_BASES = ["none", "consented"] as const;
export type TImportConsentBasis = (typeof IMPORT_CONSENT_BASES)[number];

export const CONTACTS_PAGE_MAX = 1000;

/** The colours a tag can take (chips in the list, drawer and filter). */
export const CONTACT_TAG_COLORS = [
  "gray",
  "red",
  "orange",
  "amber",
  "green",
  "teal",
  "blue",
  "violet",
  "pink",
] as const;
export type TContactTagColor = (typeof CONTACT_TAG_COLORS)[number];

/** The kinds of custom field an owner can add to contacts. */
export const CONTACT_FIELD_TYPES = ["text", "number", "date", "select"] as const;
export type TContactFieldType = (typeof CONTACT_FIELD_TYPES)[number];

export const CONTACT_TAGS_MAX = 20;
export const CONTACT_FIELDS_MAX = 30;

const PHONE_CHARS = /^\+?[0-9０-９\s\-‐－()（）]+$/;

/** Phone numbers as people write them in Japan: 03-1234-5678, 090-1234-5678, +81 90 1234 5678. */
export function isValidPhone(value: string): boolean {
  if (!PHONE_CHARS.test(value)) return false;
  const digits = toHalfWidthDigits(value).replace(/\D/g, "");
  if (value.trim().startsWith("+")) return digits.length >= 8 && digits.length <= 15;
  return digits.length >= 9 && digits.length <= 11;
}

export function toHalfWidthDigits(value: string): string {
  return value.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
}

/**
 * The list's search, as the server runs it (apps/server crm queries): kanji, readings in hiragana,
 * katakana or romaji, full- and half-width forms, email, company and the phone's digits.
 */
export function contactMatches(
  contact: ContactNameParts & { phone?: string; status: TContactStatus },
  search: string,
  status: TContactStatus | "all",
): boolean {
  if (status !== "all" && contact.status !== status) return false;
  const needles = searchNeedles(search);
  if (needles.length === 0) return true;
  const text = contactSearchText(contact);
  return needles.some((n) => text.includes(n));
}
