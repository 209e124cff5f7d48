import type { TLogin, TUser } from "@shobai/shared";
import { useMutation } from "@tanstack/react-query";
import { publicApiJson } from "@/lib/api-request";

export function login(input: TLogin): Promise<TUser> {
  return publicApiJson("POST", "/api/auth/login", input, (m) => m.ZUser);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
