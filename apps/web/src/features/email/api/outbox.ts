import { ZOutboxMessage } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-request";

export const OUTBOX_QUERY_KEY = ["/api/email/outbox"] as const;

/** GET /api/email/outbox: what the outbox provider kept, newest first. */
export const fetchOutbox = (signal?: AbortSignal) =>
  apiGet("/api/email/outbox", ZOutboxMessage.array(), { signal });

export const outboxQueryOptions = () =>
  queryOptions({ queryKey: OUTBOX_QUERY_KEY, queryFn: ({ signal }) => fetchOutbox(signal) });

export function useOutbox({ enabled }: { enabled: boolean }) {
  return useQuery({ ...outboxQueryOptions(), enabled });
}
