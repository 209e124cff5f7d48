import { ERROR_CODES } from "@shobai/shared/constants";
import { getErrorCode, getErrorMessage } from "@/lib/api-error";
import { i18n } from "@/lib/i18n";

/** The server's code when the from address is not a verified sender of the owner. */
export const SENDER_UNVERIFIED = "sender_unverified";

/** Plan refusals whose meaning is fixed, so they are said in the interface language. */
const PLAN_CODES: readonly string[] = [ERROR_CODES.planRequired, ERROR_CODES.emailLimit];

/** The server's own message for a refused call (spec §8: shown as sent), or "". */
export function serverMessage(error: unknown): string {
  const code = getErrorCode(error);
  if (code && PLAN_CODES.includes(code)) return i18n.t(`email:serverErrors.${code}`);
  return getErrorMessage(error, "");
}

export function isSenderUnverified(error: unknown): boolean {
  return getErrorCode(error) === SENDER_UNVERIFIED;
}
