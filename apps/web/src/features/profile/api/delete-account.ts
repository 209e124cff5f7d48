import { type TDeleteAccount, ZDeleteAccountResult } from "@shobai/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";
import { withFreshSecondFactor } from "@/lib/second-factor-prompt";
import { USER_QUERY_KEY } from "@/queries/user";

export interface DeleteAccountResult {
  ok: true;
  /** When the account and its data are purged for good (ISO). */
  purgeAt: string;
}

export function deleteAccount(input: TDeleteAccount): Promise<DeleteAccountResult> {
  // A sensitive action: a code again when the last one is older than 15 minutes (decision 0052).
  return withFreshSecondFactor(() => apiJson("DELETE", "/api/profile", input, ZDeleteAccountResult));
}

/**
 * The server ends the session; the cache then forgets the user's data and they are anonymous.
 * `onDeleted` runs first, so the screen can leave the signed-in page before it would see
 * the user gone (and send them to log in).
 */
export function useDeleteAccount({ onDeleted }: { onDeleted: (result: DeleteAccountResult) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: (result) => {
      onDeleted(result);
      queryClient.setQueryData(USER_QUERY_KEY, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
    },
  });
}
