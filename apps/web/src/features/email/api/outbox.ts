import type { TOutboxMessage } from "@shobai/shared";
import { useQuery } from "@tanstack/react-query";

export const OUTBOX_QUERY_KEY = ["/api/email/outbox"] as const;

/** GET /api/email/outbox: what the outbox provider kept, newest first. */
export function useOutbox({ enabled }: { enabled: boolean }) {
  return useQuery<TOutboxMessage[]>({ queryKey: OUTBOX_QUERY_KEY, enabled });
}
