import { type TEmailResult, type TSendEmail, ZEmailResult } from "@shobai/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";
import { OUTBOX_QUERY_KEY } from "./outbox";

/** POST /api/email/send (spec §7): to, subject, content, fromEmail. */
export function sendEmail(input: TSendEmail): Promise<TEmailResult> {
  return apiJson("POST", "/api/email/send", input, ZEmailResult);
}

export function useSendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendEmail,
    // With the outbox provider the message is now in the list below.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OUTBOX_QUERY_KEY }),
  });
}
