import { type TContactMessageInput, type TContactMessageSent, ZContactMessageSent } from "@shobai/shared";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";

/**
 * POST /api/contact-messages (public): saved for the Shobai team, read with the admin command.
 * The contact form validates with zod already, so its page checks the answer in production too.
 */
export function sendContactMessage(input: TContactMessageInput): Promise<TContactMessageSent> {
  return apiJson("POST", "/api/contact-messages", input, ZContactMessageSent);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
