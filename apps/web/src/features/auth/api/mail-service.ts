import { ZEmailServiceStatus } from "@shobai/shared";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-request";

/**
 * Whether this server keeps mail in its own outbox (the embedded default): then the sign-up link
 * is read in the app, not in a mailbox. Same query key and answer as the email screens' status
 * query, so one fetch serves both.
 */
export function useMailStaysInOutbox({ enabled }: { enabled: boolean }): boolean {
  const status = useQuery({
    queryKey: ["/api/email/service-status"],
    queryFn: ({ signal }) => apiGet("/api/email/service-status", ZEmailServiceStatus, { signal }),
    enabled,
  });
  return status.data?.activeProvider === "outbox";
}
