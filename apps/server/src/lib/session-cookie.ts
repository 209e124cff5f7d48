/** The name of the session cookie (better-auth's session_token, renamed); the SPA fallback reads it too. */
export const SESSION_COOKIE = "auth_session";
