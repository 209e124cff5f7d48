import { ERROR_CODES } from "@shobai/shared/constants";
import { getErrorCode, getErrorMessage } from "@/lib/api-error";

/** The plan allows no more sites: the screen offers the upgrade. */
export function isWebsiteLimitError(error: unknown): boolean {
  return getErrorCode(error) === ERROR_CODES.websiteLimit;
}

/** The server's own explanation (import: bad URL, timeout, not HTML…), when it gave one. */
export function serverReason(error: unknown): string {
  return getErrorMessage(error, "");
}
