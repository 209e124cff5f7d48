import type { TChangePassword, TOk } from "@shobai/shared";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-request";

export function changePassword(input: TChangePassword): Promise<TOk> {
  return apiJson<TOk>("POST", "/api/profile/password", input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
