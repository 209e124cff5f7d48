import type { TBusinessCategory, TLanguage, TSiteFacts } from "@shobai/shared";
import type {
  DayOfWeek,
  LocalBusiness,
  OpeningHoursSpecification,
  PostalAddress,
  WithContext,
} from "schema-dts";
import type { TSiteContent } from "../content-model.ts";
import { phoneToE164 } from "../facts/phone.ts";

/**
 * schema.org LocalBusiness JSON-LD of a site, from its confirmed facts only (decision 0031): what
 * the owner did not confirm is left out, never guessed. Typed with schema-dts, so a property or type
 * outside the schema.org vocabulary does not compile.
 */

type TBusinessType = Exclude<LocalBusiness, string>["@type"];

/** The subtype for a trade named in the facts, else for the template's category. */
const BY_TRADE: [RegExp, TBusinessType][] = [
  [/歯科|歯医者|dentist|dental|dokter gigi|stomatolog/i, "Dentist"],
  [/税理士|会計|accounting|accountant|bookkeep|akuntan|księgow|contabil/i, "AccountingService"],
  [/弁護士|法律|lawyer|attorney|law office|pengacara|adwokat|avocat/i, "Attorney"],
  [/行政書士|司法書士|notary|notariusz/i, "LegalService"],
  [/美容室|美容院|ヘアサロン|理容|barber|hair|salon rambut|fryzjer|coafor/i, "HairSalon"],
  [/ネイル|エステ|beauty|kecantikan|kosmetycz/i, "BeautySalon"],
  [/カフェ|喫茶|珈琲|coffee|café|cafe|kopi|kawiarni/i, "CafeOrCoffeeShop"],
  [/パン|ベーカリー|bakery|roti|piekarni|brutări/i, "Bakery"],
  [/catering|katering|仕出し|ケータリング/i, "FoodEstablishment"],
  [/居酒屋|bar\b|pub|バー/i, "BarOrPub"],
  [/不動産|real estate|properti|nieruchomo|imobiliar/i, "RealEstateAgent"],
  [/ジム|フィットネス|gym|fitness|siłownia/i, "ExerciseGym"],
  [/ヨガ|ピラティス|yoga|pilates/i, "SportsActivityLocation"],
  [/花屋|florist|bunga|kwiaciarni|florări/i, "Florist"],
  [/旅館|ホテル|民宿|hotel|guest ?house|penginapan/i, "LodgingBusiness"],
  [/整体|接骨|鍼灸|clinic|クリニック|医院|klinik/i, "MedicalClinic"],
];
const BY_CATEGORY: Record<TBusinessCategory, TBusinessType> = {
  restaurant: "Restaurant",
  finance: "AccountingService",
  legal: "LegalService",
  healthcare: "MedicalBusiness",
  retail: "Store",
  "real-estate": "RealEstateAgent",
  education: "LocalBusiness",
  consulting: "ProfessionalService",
  creative: "ProfessionalService",
  technology: "ProfessionalService",
} as Record<TBusinessCategory, TBusinessType>;

export function businessType(site: Pick<TSiteContent, "industry" | "facts">): TBusinessType {
  const trade = site.facts?.trade ?? "";
  return BY_TRADE.find(([re]) => re.test(trade))?.[1] ?? BY_CATEGORY[site.industry] ?? "LocalBusiness";
}

const DAYS: DayOfWeek[] = [
  "https://schema.org/Sunday",
  "https://schema.org/Monday",
  "https://schema.org/Tuesday",
  "https://schema.org/Wednesday",
  "https://schema.org/Thursday",
  "https://schema.org/Friday",
  "https://schema.org/Saturday",
] as unknown as DayOfWeek[];

const PREFECTURE = /(東京都|北海道|(?:京都|大阪)府|[\u4e00-\u9fff]{2,3}県)/u;
const COUNTRY_OF: Record<TLanguage, string> = { ja: "JP", en: "JP", pl: "PL", ro: "RO", ms: "MY", id: "ID" };

/** A one-line address as schema.org PostalAddress: postal code and prefecture split off in Japan. */
export function postalAddress(address: string, facts: TSiteFacts): PostalAddress {
  const japanese = /[\u3040-\u30ff\u3400-\u9fff]/.test(address) || /〒/.test(address);
  const postal =
    /〒?\s?(\d{3}-\d{4})/.exec(address) ?? (japanese ? null : /\b(\d{5}|\d{2}-\d{3}|\d{6})\b/.exec(address));
  let rest = address;
  if (postal) rest = rest.replace(postal[0], " ");
  const prefecture = japanese ? PREFECTURE.exec(rest)?.[1] : undefined;
  if (prefecture) rest = rest.replace(prefecture, " ");
  const country = japanese ? "JP" : COUNTRY_OF[facts.sourceLanguage];
  return {
    "@type": "PostalAddress",
    ...(postal ? { postalCode: postal[1] } : {}),
    ...(prefecture ? { addressRegion: prefecture } : {}),
    streetAddress: rest.replace(/\s+/g, " ").replace(/^[\s,]+|[\s,]+$/g, ""),
    addressCountry: country,
  };
}

/** Hours as schema.org states them: one specification per period, the days it applies to. */
export function openingHours(facts: TSiteFacts): OpeningHoursSpecification[] {
  const hours = facts.hours;
  if (!hours) return [];
  const closed = new Set(hours.closedDays);
  return hours.periods
    .filter((period) => period.closes !== null)
    .map((period) => {
      const days = (period.days.length > 0 ? period.days : [0, 1, 2, 3, 4, 5, 6]).filter(
        (d) => !closed.has(d),
      );
      return {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: days.map((d) => DAYS[d] as DayOfWeek),
        opens: period.opens,
        closes: period.closes as string,
      } satisfies OpeningHoursSpecification;
    })
    .filter((spec) => (spec.dayOfWeek as DayOfWeek[]).length > 0);
}

/** E.164 for the facts' phone, in the country its language or the number says. */
export function telephoneE164(phone: string, facts: Pick<TSiteFacts, "sourceLanguage">): string | undefined {
  const country = COUNTRY_OF[facts.sourceLanguage] as Parameters<typeof phoneToE164>[1][number];
  return phoneToE164(phone, [country, "JP"]);
}

export function localBusinessJsonLd(
  site: TSiteContent,
  lang: TLanguage,
  pageUrl: string,
  imageUrl?: string,
  /** The owner's logo (an absolute URL), when they chose one. */
  logoUrl?: string,
): WithContext<LocalBusiness> {
  const facts = site.facts;
  const type = businessType(site);
  const data: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": type,
    name: site.businessName,
    url: pageUrl,
    inLanguage: lang,
  };
  if (facts) {
    if (facts.phone) data.telephone = telephoneE164(facts.phone, facts) ?? facts.phone;
    if (facts.email) data.email = facts.email;
    if (facts.address) data.address = postalAddress(facts.address, facts);
    const hours = openingHours(facts);
    if (hours.length > 0) data.openingHoursSpecification = hours;
    if (facts.foundedYear) data.foundingDate = String(facts.foundedYear);
    if (facts.sameAs.length > 0) data.sameAs = facts.sameAs;
  } else {
    const contact = site.contact;
    if (contact.phone) data.telephone = phoneToE164(contact.phone, ["JP"]) ?? contact.phone;
    if (contact.email) data.email = contact.email;
  }
  if (imageUrl) data.image = imageUrl;
  if (logoUrl) data.logo = logoUrl;
  return data as unknown as WithContext<LocalBusiness>;
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so no text can end the script. */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}
