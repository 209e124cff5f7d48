import { type CountryCode, findPhoneNumbersInText } from "libphonenumber-js/max";

/** The markets Shobai serves, tried in this order after the description's own. */
const COUNTRIES: CountryCode[] = ["JP", "MY", "ID", "PL", "RO", "SG"];

export type TFoundPhone = { text: string; e164: string; span: [number, number] };

/**
 * The first phone number in the text, as the owner wrote it, with its E.164 form for tel: links.
 * libphonenumber-js reads domestic numbers by the country they are dialled in, so the countries
 * most likely for this text go first (its language's, then the place's, then the others).
 */
export function extractPhone(text: string, preferred: CountryCode[]): TFoundPhone | undefined {
  const order = [...new Set([...preferred, ...COUNTRIES])];
  for (const country of order) {
    const found = findPhoneNumbersInText(text, { defaultCountry: country }).find((f) => f.number.isValid());
    if (found) {
      let written = text.slice(found.startsAt, found.endsAt).trim();
      // "(06-1234-5602" inside 「お電話（06-1234-5602）」: a bracket that does not close is not the number's.
      if (written.startsWith("(") && !written.includes(")")) written = written.slice(1);
      return { text: written, e164: found.number.number, span: [found.startsAt, found.endsAt] };
    }
  }
  return undefined;
}

/** E.164 of a number the owner typed (confirm form), or undefined when it does not parse. */
export function phoneToE164(phone: string, preferred: CountryCode[]): string | undefined {
  return extractPhone(phone, preferred)?.e164;
}
