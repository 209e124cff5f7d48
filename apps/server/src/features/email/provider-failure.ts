import { ERROR_CODES } from "@shobai/shared";
import { AppError } from "../../lib/app-error";
import { EmailProviderError } from "../../providers/email/types";

/** A provider failure as the API answers it: the provider's message, 503 when not set up, else 502. */
export function providerFailure(error: unknown): AppError {
  if (error instanceof EmailProviderError) {
    return new AppError(error.kind === "misconfigured" ? 503 : 502, ERROR_CODES.emailFailed, error.message);
  }
  return new AppError(502, ERROR_CODES.emailFailed, "The email could not be sent. Please try again.");
}
