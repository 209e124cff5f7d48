import type { TContactMessageInput, TContactMessageSent } from "@shobai/shared";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";

/** POST /api/contact-messages (public): saved for the Shobai team, read with the admin command. */
export function sendContactMessage(input: TContactMessageInput): Promise<TContactMessageSent> {
  return apiJson<TContactMessageSent>("POST", "/api/contact-messages", input);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
