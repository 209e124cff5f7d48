import { errorText } from "@/lib/api-error";
import type { TFunction } from "@/lib/i18n-engine";
import { PasskeyDeviceError } from "@/lib/passkeys";

/** What a failed passkey step means: the device's problem, or the server's answer. */
export function passkeyErrorText(error: unknown, t: TFunction): string {
  if (error instanceof PasskeyDeviceError) return t(`passkeys.${error.problem}`);
  return errorText(error, t("passkeys.failed"));
}
