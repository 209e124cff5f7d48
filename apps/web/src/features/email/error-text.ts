import { getErrorCode, getErrorMessage } from "@/lib/api-error";

/** The server's code when the from address is not a verified sender of the owner. */
export const SENDER_UNVERIFIED = "sender_unverified";

/** The server's own message for a refused call (spec §8: shown as sent), or "". */
export function serverMessage(error: unknown): string {
  return getErrorMessage(error, "");
}

export function isSenderUnverified(error: unknown): boolean {
  return getErrorCode(error) === SENDER_UNVERIFIED;
}
