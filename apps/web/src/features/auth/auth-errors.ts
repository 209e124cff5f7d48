import { getErrorMessage } from "@/lib/api-error";
import type { TFunction } from "@/lib/use-translation";

/** Spec §8: a failed sign-in shows the server's message, or 'Invalid email or password'. */
export function loginErrorMessage(error: unknown, t: TFunction): string {
  return getErrorMessage(error, t("toast.loginFailed"));
}

/** Spec §8: a failed sign-up shows the server's message, or 'Registration failed'. */
export function registerErrorMessage(error: unknown, t: TFunction): string {
  return getErrorMessage(error, t("toast.registerFailed"));
}
