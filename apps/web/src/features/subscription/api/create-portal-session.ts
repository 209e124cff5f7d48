import { type TRedirectUrl, ZRedirectUrl } from "@shobai/shared";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";
import { withFreshSecondFactor } from "@/lib/second-factor-prompt";

/** POST /api/subscription/portal-session: the url of Stripe's billing portal for this account. */
export function createPortalSession(): Promise<TRedirectUrl> {
  // A sensitive action: a code again when the last one is older than 15 minutes (decision 0052).
  return withFreshSecondFactor(() =>
    apiJson("POST", "/api/subscription/portal-session", undefined, ZRedirectUrl),
  );
}

export function useCreatePortalSession() {
  return useMutation({ mutationFn: createPortalSession });
}
