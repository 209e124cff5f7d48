import type { TPasskeyAssertion, TPasskeyRegistration, TUser } from "@shobai/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { publicApiGet, publicApiJson } from "@/lib/api-request";
import { createPasskey, getPasskey } from "@/lib/passkeys";
import { withFreshSecondFactor } from "@/lib/second-factor-prompt";
import { SECOND_FACTOR_QUERY_KEY } from "@/queries/second-factor";
import { USER_QUERY_KEY } from "@/queries/user";

/** Passkeys (decision 0052): the list on /profile, adding, renaming, deleting, signing in. */
export const PASSKEYS_QUERY_KEY = ["/api/auth/passkeys"] as const;

export const passkeysOptions = () =>
  queryOptions({
    queryKey: PASSKEYS_QUERY_KEY,
    queryFn: ({ signal }) => publicApiGet("/api/auth/passkeys", (m) => m.ZPasskeyList, { signal }),
  });

export function usePasskeys() {
  return useQuery(passkeysOptions());
}

type Credential = TPasskeyAssertion["credential"];

function useRefreshPasskeys() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: SECOND_FACTOR_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
  };
}

/** Adds a passkey: the server's options (a fresh second factor first when needed), the device, the server. */
export async function addPasskey(name: string) {
  const { options } = await withFreshSecondFactor(() =>
    publicApiJson("POST", "/api/auth/passkeys/register/options", undefined, (m) => m.ZPasskeyOptions),
  );
  const credential = (await createPasskey(options)) as TPasskeyRegistration["credential"];
  return publicApiJson("POST", "/api/auth/passkeys", { name, credential }, (m) => m.ZPasskey);
}

export function useAddPasskey() {
  const refresh = useRefreshPasskeys();
  return useMutation({ mutationFn: (name: string) => addPasskey(name), onSuccess: refresh });
}

export function useRenamePasskey() {
  const refresh = useRefreshPasskeys();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      publicApiJson("PATCH", `/api/auth/passkeys/${encodeURIComponent(id)}`, { name }, (m) => m.ZPasskey),
    onSuccess: refresh,
  });
}

export function useDeletePasskey() {
  const refresh = useRefreshPasskeys();
  return useMutation({
    mutationFn: (id: string) =>
      withFreshSecondFactor(() =>
        publicApiJson("DELETE", `/api/auth/passkeys/${encodeURIComponent(id)}`, undefined, (m) => m.ZOk),
      ),
    onSuccess: refresh,
  });
}

/** "Sign in with a passkey": the browser offers the passkeys it has for this site. */
export async function signInWithPasskey({ autofill = false }: { autofill?: boolean } = {}): Promise<TUser> {
  const { options } = await publicApiJson(
    "POST",
    "/api/auth/passkeys/sign-in/options",
    undefined,
    (m) => m.ZPasskeyOptions,
  );
  const credential = (await getPasskey(options, { autofill })) as Credential;
  return publicApiJson("POST", "/api/auth/passkeys/sign-in", { credential }, (m) => m.ZUser);
}

/** The second step (or a fresh proof) with one of the signed-in person's passkeys. */
export function useVerifyWithPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { options } = await publicApiJson(
        "POST",
        "/api/auth/passkeys/verify/options",
        undefined,
        (m) => m.ZPasskeyOptions,
      );
      const credential = (await getPasskey(options)) as Credential;
      return publicApiJson("POST", "/api/auth/passkeys/verify", { credential }, (m) => m.ZUser);
    },
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      void queryClient.invalidateQueries({ queryKey: SECOND_FACTOR_QUERY_KEY });
    },
  });
}
