import { type TChangePassword, type TOk, ZOk } from "@shobai/shared";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";

export function changePassword(input: TChangePassword): Promise<TOk> {
  return apiJson("POST", "/api/profile/password", input, ZOk);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
