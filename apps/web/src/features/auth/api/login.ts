import type { TLogin, TUser } from "@shobai/shared";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";

export function login(input: TLogin): Promise<TUser> {
  return apiJson<TUser>("POST", "/api/auth/login", input);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
