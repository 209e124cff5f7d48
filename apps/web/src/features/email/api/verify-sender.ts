import { type TEmailResult, ZEmailResult } from "@shobai/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";
import { OUTBOX_QUERY_KEY } from "./outbox";
import { VERIFICATION_STATUS_QUERY_KEY } from "./verification-status";

/** POST /api/email/verify-sender: the server mails a link that verifies the address. */
export function verifySender(email: string): Promise<TEmailResult> {
  return apiJson("POST", "/api/email/verify-sender", { email }, ZEmailResult);
}

export function useVerifySender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySender,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: OUTBOX_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: VERIFICATION_STATUS_QUERY_KEY });
    },
  });
}
