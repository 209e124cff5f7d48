import type { TRegister, TUser } from "@shobai/shared";
import { useMutation } from "@tanstack/react-query";
import { publicApiJson } from "@/lib/api-request";

export function register(input: TRegister): Promise<TUser> {
  return publicApiJson("POST", "/api/auth/register", input, (m) => m.ZUser);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
