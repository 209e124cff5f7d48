import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Authenticated encryption (AES-256-GCM, node:crypto) for secrets kept in the database, such as
 * DKIM private keys: the key is derived from AUTH_SECRET per purpose with HKDF, so a database dump
 * alone reveals nothing and a key for one purpose opens nothing else. Rotating AUTH_SECRET makes the
 * sealed values unreadable: docs/decisions/0036 says how to rotate.
 */
export function createSecretBox(secret: string, purpose: string) {
  const key = Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), `shobai:${purpose}`, 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
    },
    /** Throws when the value was not sealed with this secret and purpose (or was altered). */
    open(sealed: string): string {
      if (!sealed.startsWith("v1.")) throw new Error("not a sealed value");
      const raw = Buffer.from(sealed.slice(3), "base64url");
      const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
