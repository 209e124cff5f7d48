import { type TRegisterDomainInput, type TRegisterDomainResult, ZRegisterDomainResult } from "@shobai/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";
import { OWNED_DOMAINS_QUERY_KEY } from "./get-domains";

export interface RegisterDomainRequest {
  input: TRegisterDomainInput;
  /** One key per submit attempt; a retry of the same unchanged form sends the same key again. */
  idempotencyKey: string;
}

/** POST /api/domain/register (spec §7): the registrar is charged at most once per key. */
export function registerDomain({
  input,
  idempotencyKey,
}: RegisterDomainRequest): Promise<TRegisterDomainResult> {
  return apiJson("POST", "/api/domain/register", input, ZRegisterDomainResult, {
    "Idempotency-Key": idempotencyKey,
  });
}

export function useRegisterDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerDomain,
    onSuccess: (result) => {
      if (result.success) void queryClient.invalidateQueries({ queryKey: OWNED_DOMAINS_QUERY_KEY });
    },
  });
}
