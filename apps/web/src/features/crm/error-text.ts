import { getErrorMessage, getErrorStatus } from "@/lib/api-error";
import type { TFunction } from "@/lib/use-translation";

const FIELD_NAMES = ["firstName", "lastName", "email", "company", "phone"] as const;
type Field = (typeof FIELD_NAMES)[number];

/**
 * The server explains refusals in English, naming the field ("phone must be a phone number, …").
 * The ones a shop owner meets are said again in the interface language; others stay as sent.
 */
export function translateServerMessage(message: string, t: TFunction<"crm">): string {
  const text = message.trim();
  if (/^firstName is required/.test(text)) return t("errors.firstNameRequired");
  if (/^email is required/.test(text)) return t("errors.emailRequired");
  if (/^email must be a valid email/.test(text)) return t("errors.invalidEmail");
  if (/^phone must be a phone number/.test(text)) return t("errors.invalidPhone");
  if (/^status must be one of/.test(text)) return t("errors.invalidStatus");
  if (/^You already have a contact with this email address/.test(text)) return t("errors.duplicateEmail");
  if (text === "already in your contacts") return t("import.reasons.alreadyExists");
  const sameRow = /^same email as row (\d+)$/.exec(text);
  if (sameRow) return t("import.reasons.duplicateRow", { row: sameRow[1] });
  const tooLong =
    /^(firstName|lastName|email|company|phone) (?:must be at most (\d+) characters|is too long)/.exec(text);
  if (tooLong) return t("errors.tooLong", { field: t(`fields.${tooLong[1] as Field}`) });
  return text;
}

/**
 * The reason for a refused change, for a toast or under a field: a duplicate email or a missing
 * contact in the interface language, otherwise the server's message (translated where we know it).
 */
export function contactErrorText(error: unknown, t: TFunction<"crm">): string {
  if (getErrorStatus(error) === 409) return t("errors.duplicateEmail");
  if (getErrorStatus(error) === 404) return t("errors.notFound");
  return translateServerMessage(getErrorMessage(error, ""), t);
}

/** Which form field a 400/409 answer is about, so the dialog can mark it. */
export function erroredField(error: unknown): Field | null {
  if (getErrorStatus(error) === 409) return "email";
  const match = /^(firstName|lastName|email|company|phone)\b/.exec(getErrorMessage(error, ""));
  return match ? (match[1] as Field) : null;
}
