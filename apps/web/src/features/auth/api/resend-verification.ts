import type { TVerificationSent } from "@shobai/shared";
import { useMutation } from "@tanstack/react-query";
import { publicApiJson } from "@/lib/api-request";

export function resendVerification(): Promise<TVerificationSent> {
  return publicApiJson("POST", "/api/auth/verify-email/resend", undefined, (m) => m.ZVerificationSent);
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
