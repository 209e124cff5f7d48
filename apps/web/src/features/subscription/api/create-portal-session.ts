import { type TRedirectUrl, ZRedirectUrl } from "@shobai/shared";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";

/** POST /api/subscription/portal-session: the url of Stripe's billing portal for this account. */
export function createPortalSession(): Promise<TRedirectUrl> {
  return apiJson("POST", "/api/subscription/portal-session", undefined, ZRedirectUrl);
}

export function useCreatePortalSession() {
  return useMutation({ mutationFn: createPortalSession });
}
