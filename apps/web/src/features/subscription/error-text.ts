import { ERROR_CODES } from "@shobai/shared";
import { getErrorCode, getErrorMessage, getErrorStatus } from "@/lib/api-error";
import { i18n } from "@/lib/i18n";

/** Billing refusals whose meaning is fixed, said in the reader's language. */
const TRANSLATED: Record<string, string> = {
  [ERROR_CODES.billingNotConfigured]: "billing_not_configured",
  [ERROR_CODES.planNotUpgrade]: "plan_not_upgrade",
  [ERROR_CODES.paymentFailed]: "payment_failed",
  [ERROR_CODES.conflict]: "no_billing_account",
};

/**
 * What a refused billing call says: a known refusal (billing not set up, not an upgrade, a declined
 * card, no billing account yet) in the interface language; another explained 4xx or 503 in the
 * server's words; anything else the screen's fallback.
 */
export function billingErrorText(error: unknown, fallback: string): string {
  const status = getErrorStatus(error);
  const code = getErrorCode(error);
  const key = code ? TRANSLATED[code] : undefined;
  if (key) return i18n.t(`subscription:serverErrors.${key}`);
  const explained = status !== undefined && status >= 400 && status < 500 && code;
  if (explained || status === 503) return getErrorMessage(error, fallback);
  return fallback;
}
