import { type TCreateCheckoutSession, type TRedirectUrl, ZRedirectUrl } from "@shobai/shared";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";
import { withFreshSecondFactor } from "@/lib/second-factor-prompt";

/**
 * POST /api/subscription/create-checkout-session: the url of Stripe Checkout, or of
 * /subscription?checkout=upgraded when a running plan was upgraded in place.
 */
export function createCheckoutSession(input: TCreateCheckoutSession): Promise<TRedirectUrl> {
  // A sensitive action: a code again when the last one is older than 15 minutes (decision 0052).
  return withFreshSecondFactor(() =>
    apiJson("POST", "/api/subscription/create-checkout-session", input, ZRedirectUrl),
  );
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
