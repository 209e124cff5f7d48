import type { TRegister, TUser } from "@shobai/shared";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";

export function register(input: TRegister): Promise<TUser> {
  return apiJson<TUser>("POST", "/api/auth/register", input);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
