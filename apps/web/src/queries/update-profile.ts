import type { TUpdateProfile, TUser } from "@shobai/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { publicApiJson } from "@/lib/api-request";
import { USER_QUERY_KEY } from "@/queries/user";

/** The language switch of every page uses it too, so it is checked as public pages' calls are. */
export function updateProfile(input: TUpdateProfile): Promise<TUser> {
  return publicApiJson("PATCH", "/api/profile", input, (m) => m.ZUser);
}

/** PATCH /api/profile; the answer replaces the cached user, so every view shows the new name. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(USER_QUERY_KEY, user),
  });
}
