import { ZSignInOptions } from "@shobai/shared";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "@/lib/api-request";

/**
 * Whether this server offers Google sign-in. Until the answer arrives (or if it fails) the button
 * stays hidden: a button that only says "not configured" helps nobody.
 */
export function useGoogleSignIn(): boolean {
  const options = useQuery({
    queryKey: ["/api/auth/options"],
    queryFn: ({ signal }) => apiGet("/api/auth/options", ZSignInOptions, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return options.data?.google === true;
}
