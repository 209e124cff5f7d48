import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a preview link works; the owner asks the app for a new one each time they click Preview. */
export const PREVIEW_TTL_MS = 30 * 60 * 1000;

/**
 * Signed preview tokens: `{websiteId}.{expiresAtSeconds}.{HMAC-SHA256}`, keyed by AUTH_SECRET. They
 * let the owner see an unpublished site on its own host, where the app's session cookie never goes.
 * A token opens one website's pages for a short while and nothing else.
 */
export function createPreviewTokens(secret: string, now: () => Date = () => new Date()) {
  const sign = (payload: string) =>
    createHmac("sha256", secret).update(`shobai-preview:${payload}`).digest("base64url");

  return {
    issue(websiteId: string, ttlMs = PREVIEW_TTL_MS): { token: string; expiresAt: Date } {
      const expiresAt = new Date(Math.floor((now().getTime() + ttlMs) / 1000) * 1000);
      const payload = `${websiteId}.${expiresAt.getTime() / 1000}`;
      return { token: `${payload}.${sign(payload)}`, expiresAt };
    },

    /** Seconds the token still works for this website, or 0 when it is forged, expired or another site's. */
    secondsLeft(token: string | undefined, websiteId: string): number {
      if (!token || token.length > 300) return 0;
      const parts = token.split(".");
      if (parts.length !== 3) return 0;
      const [id, exp, mac] = parts as [string, string, string];
      if (id !== websiteId || !/^\d{1,12}$/.test(exp)) return 0;
      const expected = Buffer.from(sign(`${id}.${exp}`));
      const given = Buffer.from(mac);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 0;
      return Math.max(0, Number(exp) - Math.floor(now().getTime() / 1000));
    },
  };
}

export type PreviewTokens = ReturnType<typeof createPreviewTokens>;
