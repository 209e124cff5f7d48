/**
 * An invitation link opened while signed out (issue 24): kept for this tab while the person signs
 * in or signs up, so the sign-in screen brings them back to accept it.
 */
const KEY = "shobai.pendingInvitation";

type Pending = { token: string; email: string };

function read(): Pending | null {
  try {
    const raw = typeof sessionStorage === "undefined" ? null : sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Pending) : null;
  } catch {
    return null;
  }
}

export function savePendingInvitation(token: string, email: string): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ token, email }));
  } catch {
    // Private mode without storage: the person opens the link again after signing in.
  }
}

export function clearPendingInvitation(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

/** Where to go after signing in or up: back to the invitation, if one is waiting. */
export function pendingInvitationPath(): string | null {
  const pending = read();
  return pending ? `/invite?token=${encodeURIComponent(pending.token)}` : null;
}

/** The invited address, to fill in the sign-up form. */
export function pendingInvitationEmail(): string | null {
  return read()?.email ?? null;
}
