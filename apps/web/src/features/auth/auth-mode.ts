export type AuthMode = "login" | "register";
/** `?mode=register|login` wins; otherwise sign-up when arriving with details to keep, else sign-in. */
export function authModeOf(params: URLSearchParams, hasDraft: boolean): AuthMode {
  const asked = params.get("mode");
  if (asked === "register" || asked === "login") return asked;
  return hasDraft ? "register" : "login";
}
