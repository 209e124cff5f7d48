import { ERROR_CODES } from "@shobai/shared/constants";
import { getErrorCode } from "@/lib/api-error";
import type { TFunction } from "@/lib/use-translation";

/** A new password the server refused, said next to the password field; null for other errors. */
export function newPasswordError(error: unknown, t: TFunction): string | null {
  const code = getErrorCode(error);
  if (code === ERROR_CODES.passwordTooCommon) return t("passwordErrors.tooCommon");
  if (code === ERROR_CODES.passwordLikeIdentity) return t("passwordErrors.likeIdentity");
  return null;
}
