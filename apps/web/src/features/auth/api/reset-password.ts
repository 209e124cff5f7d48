import type { TResetPassword, TUser } from "@shobai/shared";
import { useMutation } from "@tanstack/react-query";
import { publicApiJson } from "@/lib/api-request";

export function resetPassword(input: TResetPassword): Promise<TUser> {
  return publicApiJson("POST", "/api/auth/reset-password", input, (m) => m.ZUser);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
