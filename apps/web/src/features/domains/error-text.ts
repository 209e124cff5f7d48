import { ERROR_CODES } from "@shobai/shared/constants";
import { getErrorCode, getErrorMessage, getErrorStatus } from "@/lib/api-error";
import { i18n } from "@/lib/i18n";

/** Refusals whose meaning is fixed, so they are said in the interface language. */
const TRANSLATED_CODES: readonly string[] = [
  ERROR_CODES.planRequired,
  ERROR_CODES.domainInUse,
  ERROR_CODES.notConfigured,
];

/** The server's own message for a refused call (a 400 names the field), or "". */
export function serverMessage(error: unknown): string {
  const code = getErrorCode(error);
  if (code && TRANSLATED_CODES.includes(code)) return i18n.t(`domains:serverErrors.${code}`);
  if (!code && getErrorStatus(error) === 503) return i18n.t("domains:serverErrors.not_configured");
  return getErrorMessage(error, "");
}

/** The owner-contact fields, as the server names them in a 400 message. */
const CONTACT_FIELDS = [
  "firstName",
  "lastName",
  "organization",
  "email",
  "phone",
  "postalCode",
  "country",
  "state",
  "city",
  "address",
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export type RegisterField = ContactField | "domain" | "nameServers" | "registrationPeriod";

const REGISTER_FIELDS: readonly RegisterField[] = [
  ...CONTACT_FIELDS,
  "domain",
  "nameServers",
  "registrationPeriod",
];

/** The form field an issue path names ("ownerContact.postalCode", "nameServers.1", "domain"). */
export function fieldOfPath(path: string): RegisterField | undefined {
  const [head, second] = path.split(".");
  const name = head === "ownerContact" ? second : head;
  return REGISTER_FIELDS.find((field) => field === name);
}
