import type { TImportSkip } from "@shobai/shared";
import { ERROR_CODES, NAME_OR_COMPANY_ISSUE } from "@shobai/shared/constants";
import {
  type ApiIssue,
  errorText,
  fieldErrors,
  getErrorCode,
  issueText,
  topLevelField,
} from "@/lib/api-error";
import type { TFunction } from "@/lib/use-translation";

const FIELD_NAMES = [
  "firstName",
  "lastName",
  "firstNameKana",
  "lastNameKana",
  "email",
  "company",
  "companyKana",
  "phone",
] as const;
export type ContactField = (typeof FIELD_NAMES)[number];

/** Why an import skipped a row, read from its code (and the failed field), in the interface language. */
export function importSkipText(skip: TImportSkip, t: TFunction<"crm">): string {
  if (skip.code === "already_exists") return t("import.reasons.alreadyExists");
  if (skip.code === "duplicate_row") return t("import.reasons.duplicateRow", { row: skip.sameAsRow ?? "?" });
  const issue = skip.issue;
  const field = issue ? topLevelField(FIELD_NAMES)(issue.path) : undefined;
  if (!issue || !field) return t("import.reasons.invalidRow");
  return contactIssueText(field, issue, t) ?? `${t(`fields.${field}`)}: ${issueText(issue)}`;
}

/** A refused field said the CRM's way where it knows better than the shared text. */
function contactIssueText(field: ContactField, issue: ApiIssue, t: TFunction<"crm">): string | undefined {
  if (issue.code === "too_big") return t("errors.tooLong", { field: t(`fields.${field}`) });
  if (issue.code === NAME_OR_COMPANY_ISSUE) return t("errors.nameOrCompanyRequired");
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
