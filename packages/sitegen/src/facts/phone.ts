import { type CountryCode, findPhoneNumbersInText } from "libphonenumber-js/max";

/** `leniency` is an option of libphonenumber-js's PhoneNumberMatcher (source/PhoneNumberMatcher.js) missing from its typings. */
type TFindOptions = { defaultCountry: CountryCode; leniency: "VALID" | "POSSIBLE" };
const findNumbers = findPhoneNumbersInText as (
  text: string,
  options: TFindOptions,
) => ReturnType<typeof findPhoneNumbersInText>;

/** Words that say a phone number follows. */
const LABEL =
  /(?:tel|phone|call|telp|telefon|hubungi|wa|whatsapp|hp|電話|ＴＥＬ|☎|予約|kontakt)[\s.:：]*(?:\+)?$/iu;

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
  const found = (leniency: "VALID" | "POSSIBLE", accept: (startsAt: number) => boolean) => {
    for (const defaultCountry of order) {
      const hit = findNumbers(text, { defaultCountry, leniency }).find((f) => accept(f.startsAt));
      if (hit) return hit;
    }
    return undefined;
  };
  // A valid number; else one the owner labelled as a number (Tel, 電話, WA) that the numbering
  // plan does not list (new ranges, or the fictional numbers of examples).
  const hit =
    found("VALID", () => true) ?? found("POSSIBLE", (at) => LABEL.test(text.slice(Math.max(0, at - 14), at)));
  if (!hit) return undefined;
  let written = text.slice(hit.startsAt, hit.endsAt).trim();
  // "(06-1234-5602" inside 「お電話（06-1234-5602）」: a bracket that does not close is not the number's.
  if (written.startsWith("(") && !written.includes(")")) written = written.slice(1);
  return { text: written, e164: hit.number.number, span: [hit.startsAt, hit.endsAt] };
}

/** E.164 of a number the owner typed (confirm form), or undefined when it does not parse. */
export function phoneToE164(phone: string, preferred: CountryCode[]): string | undefined {
  return extractPhone(phone, preferred)?.e164;
}
