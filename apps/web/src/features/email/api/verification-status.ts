import { type TVerificationStatus, ZVerificationStatus } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-request";

export const VERIFICATION_STATUS_QUERY_KEY = ["/api/email/verification-status"] as const;

/** GET /api/email/verification-status/{email} (the spec's query key joined by "/"). */
export async function fetchVerificationStatus(
  email: string,
  signal?: AbortSignal,
): Promise<TVerificationStatus> {
  return apiGet(`/api/email/verification-status/${encodeURIComponent(email)}`, ZVerificationStatus, {
    signal,
  });
}

export const verificationStatusQueryOptions = (email: string) =>
  queryOptions({
    queryKey: [...VERIFICATION_STATUS_QUERY_KEY, email.trim().toLowerCase()],
    queryFn: ({ signal }) => fetchVerificationStatus(email.trim().toLowerCase(), signal),
  });

export function useVerificationStatus(email: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...verificationStatusQueryOptions(email), enabled: enabled && email.trim() !== "" });
}
