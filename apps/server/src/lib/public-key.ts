import { createPublicKey, type KeyObject } from "node:crypto";

/**
 * An elliptic-curve public key as providers show it for checking their signatures (SendGrid's
 * Event Webhook verification key): base64 DER (SubjectPublicKeyInfo) or PEM. Throws when it is not one.
 */
export function ecPublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  const key = trimmed.includes("-----BEGIN")
    ? createPublicKey(trimmed)
    : createPublicKey({ key: Buffer.from(trimmed, "base64"), format: "der", type: "spki" });
  if (key.asymmetricKeyType !== "ec") throw new Error("not an elliptic-curve public key");
  return key;
}
