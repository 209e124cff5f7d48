import type { TUpdateProfile, TUser } from "@shobai/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { USER_QUERY_KEY } from "@/features/auth/api/get-user";
import { apiJson } from "@/lib/api-request";

export function updateProfile(input: TUpdateProfile): Promise<TUser> {
  return apiJson<TUser>("PATCH", "/api/profile", input);
}

/** PATCH /api/profile; the answer replaces the cached user, so every view shows the new name. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(USER_QUERY_KEY, user),
  });
}
