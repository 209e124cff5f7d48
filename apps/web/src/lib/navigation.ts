/**
 * A full page load (not a client-side route change): sign-in, sign-out and the redirects after
 * them go through the server, which sets or clears the session cookie.
 */
export function hardNavigate(url: string): void {
  window.location.href = url;
}

/** Spec §2: the logged-out redirect to /api/login waits 500 ms so the toast can be read. */
export const LOGIN_REDIRECT_DELAY_MS = 500;
