import { useQuery } from "@tanstack/react-query";

/** The one field of GET /api/public/operator this page reads. */
type OperatorContact = { email?: string | null };

/**
 * The support address is the operator's own (OPERATOR_EMAIL, GET /api/public/operator); until it
 * is set the page points to the form instead of showing an invented address.
 */
export function useSupportEmail(): string | null {
  const { data } = useQuery<OperatorContact>({ queryKey: ["/api/public/operator"] });
  return data?.email?.trim() || null;
}
