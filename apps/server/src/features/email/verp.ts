/**
 * VERP (variable envelope return path): each campaign mail leaves with its own envelope sender,
 * `bounce+<token>@<bounce domain>`, so a bounce names the delivery it is about in the address it is
 * sent to, whatever the receiving server writes in it (decision 0037).
 */

/** A delivery's token: 32 random bytes in lowercase hex. */
export const DELIVERY_TOKEN = /^[0-9a-f]{64}$/;

const normalDomain = (domain: string) => domain.trim().toLowerCase().replace(/\.$/, "");

/** The envelope sender for one delivery (the inbound listener reads back 64-hex tokens only). */
export function verpAddress(token: string, domain: string): string {
  return `bounce+${token}@${normalDomain(domain)}`;
}

/** The token in a VERP address at our bounce domain; null for any other address. */
export function tokenFromVerp(address: string, domain: string): string | null {
  const at = address.lastIndexOf("@");
  if (at < 0) return null;
  // Some servers change the case of what they send back; the token is hex either way.
  const local = address.slice(0, at).trim().toLowerCase();
  if (
    address
      .slice(at + 1)
      .trim()
      .toLowerCase()
      .replace(/\.$/, "") !== normalDomain(domain)
  )
    return null;
  const match = /^bounce\+([0-9a-f]{64})$/.exec(local);
  return match?.[1] ?? null;
}

/** True for an address at the bounce domain (the only mail the inbound listener takes). */
export function isAtDomain(address: string, domain: string): boolean {
  const at = address.lastIndexOf("@");
  return (
    at > 0 &&
    address
      .slice(at + 1)
      .trim()
      .toLowerCase()
      .replace(/\.$/, "") === normalDomain(domain)
  );
}
