import type { TRedirectUrl } from "@shobai/shared";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";

/** POST /api/subscription/portal-session: the url of Stripe's billing portal for this account. */
export function createPortalSession(): Promise<TRedirectUrl> {
  return apiJson<TRedirectUrl>("POST", "/api/subscription/portal-session");
}

export function useCreatePortalSession() {
  return useMutation({ mutationFn: createPortalSession });
}
