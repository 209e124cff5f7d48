import type { TForgotPassword, TOk } from "@shobai/shared";
import { useMutation } from "@tanstack/react-query";
import { publicApiJson } from "@/lib/api-request";

export function forgotPassword(input: TForgotPassword): Promise<TOk> {
  return publicApiJson("POST", "/api/auth/forgot-password", input, (m) => m.ZOk);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
