import type { TSecondFactorCode } from "@shobai/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { publicApiGet, publicApiJson } from "@/lib/api-request";
import { USER_QUERY_KEY } from "@/queries/user";

/** Two-factor sign-in (decision 0052): status, enrolment, the code screen, backup codes. */
export const SECOND_FACTOR_QUERY_KEY = ["/api/auth/second-factor"] as const;

export const secondFactorStatusOptions = () =>
  queryOptions({
    queryKey: SECOND_FACTOR_QUERY_KEY,
    queryFn: ({ signal }) =>
      publicApiGet("/api/auth/second-factor", (m) => m.ZSecondFactorStatus, { signal }),
  });

export function useSecondFactorStatus() {
  return useQuery(secondFactorStatusOptions());
}

export const setupSecondFactor = () =>
  publicApiJson("POST", "/api/auth/second-factor/setup", undefined, (m) => m.ZSecondFactorSetup);

export function useSetupSecondFactor() {
  return useMutation({ mutationFn: setupSecondFactor });
}

/** After these the user's state and the status change: both are read again. */
export function useRefreshSecondFactor() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: SECOND_FACTOR_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
  };
}

/**
 * Confirms enrolment. Nothing is read again yet: the screen shows the backup codes first, and
 * refreshes (useRefreshSecondFactor) once the user has saved them.
 */
export function useEnableSecondFactor() {
  return useMutation({
    mutationFn: (input: TSecondFactorCode) =>
      publicApiJson("POST", "/api/auth/second-factor/enable", input, (m) => m.ZBackupCodes),
  });
}

/** The code screen: the answer is the user with this session verified. */
export function useVerifySecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSecondFactorCode) =>
      publicApiJson("POST", "/api/auth/second-factor/verify", input, (m) => m.ZUser),
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      void queryClient.invalidateQueries({ queryKey: SECOND_FACTOR_QUERY_KEY });
    },
  });
}

export function useRegenerateBackupCodes() {
  const refresh = useRefreshSecondFactor();
  return useMutation({
    mutationFn: (input: TSecondFactorCode) =>
      publicApiJson("POST", "/api/auth/second-factor/backup-codes", input, (m) => m.ZBackupCodes),
    onSuccess: refresh,
  });
}

export function useDisableSecondFactor() {
  const refresh = useRefreshSecondFactor();
  return useMutation({
    mutationFn: (input: TSecondFactorCode) =>
      publicApiJson("POST", "/api/auth/second-factor/disable", input, (m) => m.ZOk),
    onSuccess: refresh,
  });
}
