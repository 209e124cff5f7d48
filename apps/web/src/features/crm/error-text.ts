import { ERROR_CODES } from "@shobai/shared/constants";
import { type ApiIssue, errorText, fieldErrors, getErrorCode, topLevelField } from "@/lib/api-error";
import type { TFunction } from "@/lib/use-translation";

const FIELD_NAMES = ["firstName", "lastName", "email", "company", "phone"] as const;
export type ContactField = (typeof FIELD_NAMES)[number];

/**
 * The reasons an import report gives for skipped rows are still English sentences (the report has
 * no reason codes yet): the ones a shop owner meets are said again in the interface language.
 * Refused requests never come here: they are read by code and field path below.
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
  if (tooLong) return t("errors.tooLong", { field: t(`fields.${tooLong[1] as ContactField}`) });
  return text;
}

/** A refused field said the CRM's way where it knows better than the shared text. */
function contactIssueText(field: ContactField, issue: ApiIssue, t: TFunction<"crm">): string | undefined {
  if (issue.code === "too_big") return t("errors.tooLong", { field: t(`fields.${field}`) });
  if (field === "firstName" && (issue.code === "too_small" || issue.code === "invalid_type")) {
    return t("errors.firstNameRequired");
  }
  if (field === "email") {
    if (issue.code === "too_small" || issue.code === "invalid_type") return t("errors.emailRequired");
    if (issue.code === "invalid_format") return t("errors.invalidEmail");
  }
  if (field === "phone" && issue.code !== "control_character") return t("errors.invalidPhone");
  return undefined;
}

/**
 * The reason for a refused change, for a toast: a duplicate email or a missing contact in the
 * CRM's words, otherwise the text of the error's code in the interface language.
 */
export function contactErrorText(error: unknown, t: TFunction<"crm">): string {
  const code = getErrorCode(error);
  if (code === ERROR_CODES.conflict) return t("errors.duplicateEmail");
  if (code === ERROR_CODES.notFound) return t("errors.notFound");
  return errorText(error, "");
}

/** The form's fields the server refused, each with its text (a duplicate email marks the email). */
export function contactFieldErrors(
  error: unknown,
  t: TFunction<"crm">,
): Partial<Record<ContactField, string>> {
  if (getErrorCode(error) === ERROR_CODES.conflict) return { email: t("errors.duplicateEmail") };
  return fieldErrors(error, topLevelField(FIELD_NAMES), (field, issue) => contactIssueText(field, issue, t));
}
