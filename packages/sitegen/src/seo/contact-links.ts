import type { TSiteFacts } from "@shobai/shared";
import { telephoneE164 } from "./structured-data.ts";

/** The ways a customer reaches the business from a phone: call, WhatsApp, LINE, a map. */
export type TContactLinks = { tel?: string; whatsapp?: string; line?: string; map?: string };

/** wa.me click-to-chat takes the number in international form, digits only. */
export function whatsappLink(number: string, facts: Pick<TSiteFacts, "sourceLanguage">): string | undefined {
  const e164 = number.trim().startsWith("+") ? number.replace(/[^\d+]/g, "") : telephoneE164(number, facts);
  const digits = e164?.replace(/\D/g, "");
  return digits && digits.length >= 8 ? `https://wa.me/${digits}` : undefined;
}

/** LINE's add-friend link: official accounts by their @ID, personal IDs with ~. */
export function lineLink(id: string): string | undefined {
  const clean = id.trim();
  if (!/^@?[A-Za-z0-9._-]{3,20}$/.test(clean)) return undefined;
  return clean.startsWith("@")
    ? `https://line.me/R/ti/p/${encodeURIComponent(clean)}`
    : `https://line.me/R/ti/p/~${encodeURIComponent(clean)}`;
}

/** A map search for the address (Google Maps' documented search URL). */
export function mapLink(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

export function contactLinks(facts: TSiteFacts): TContactLinks {
  const tel = facts.phone ? telephoneE164(facts.phone, facts) : undefined;
  const whatsapp = facts.whatsapp ? whatsappLink(facts.whatsapp, facts) : undefined;
  const line = facts.lineId ? lineLink(facts.lineId) : undefined;
  return {
    ...(tel ? { tel: `tel:${tel}` } : {}),
    ...(whatsapp ? { whatsapp } : {}),
    ...(line ? { line } : {}),
    ...(facts.address ? { map: mapLink(facts.address) } : {}),
  };
}
