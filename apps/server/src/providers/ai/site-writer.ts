import { LANGUAGE_NATIVE_NAMES, priceWithTax, type TLanguage, type TSiteFacts } from "@shobai/shared";
import { type TLocalizedContent, type TSiteContent, ZSiteContent } from "@shobai/sitegen";
import { z } from "zod";
import type { ChatMessage, OpenAiCompatibleClient } from "./openai-compatible";

/**
 * The AI path of site generation (decision 0027): the built-in composer makes the draft from the
 * confirmed facts, the model writes the copy of every language as structured output (a JSON schema
 * made from the same zod schema that validates the answer), and the answer is checked against the
 * confirmed facts: a phone number, price, year or time the owner did not confirm is refused, with
 * one repair round. Labels, facts, structure, colours and template always stay the draft's.
 */

const text = (max: number) => z.string().trim().min(1).max(max);

/** The parts of one language's content that the model writes. */
function languageCopy(itemCount: number) {
  return z.object({
    hero: z.object({ headline: text(120), subline: text(300), cta: text(40) }),
    about: z.object({ title: text(80), paragraphs: z.array(text(1200)).min(1).max(4) }),
    offerings: z.object({
      title: text(80),
      intro: z.string().max(400),
      items: z.array(z.object({ name: text(120), description: z.string().max(400) })).length(itemCount),
    }),
    highlights: z.object({ title: text(80), items: z.array(text(140)).min(3).max(4) }),
    faq: z.object({
      title: text(80),
      items: z
        .array(z.object({ question: text(200), answer: text(800) }))
        .min(1)
        .max(8),
    }),
    seo: z.object({ title: text(60), description: text(160) }),
  });
}
type TLanguageCopy = z.infer<ReturnType<typeof languageCopy>>;

/** Section ids the editor may ask to write again, one at a time. */
export const SECTIONS = ["hero", "about", "offerings", "highlights", "faq", "seo"] as const;
export type TSection = (typeof SECTIONS)[number];

const DIGITS = (s: string) => s.replace(/\D/g, "");

/** Numbers a text may state: the confirmed facts' and the owner's own words'. */
function allowedNumbers(facts: TSiteFacts | undefined, description: string) {
  const numbers = new Set<number>();
  for (const m of description.normalize("NFKC").matchAll(/\d{1,3}(?:[,.]\d{3})+|\d+/g)) {
    numbers.add(Number(m[0].replace(/[,.]/g, "")));
  }
  const phones = new Set<string>();
  if (facts?.phone) phones.add(DIGITS(facts.phone).replace(/^0/, ""));
  for (const item of facts?.items ?? []) {
    if (item.price) {
      numbers.add(item.price.amount);
      numbers.add(priceWithTax(item.price));
    }
  }
  if (facts?.foundedYear) numbers.add(facts.foundedYear);
  const times = new Set<string>();
  for (const p of facts?.hours?.periods ?? []) {
    for (const t of [p.opens, p.closes]) if (t) times.add(t.replace(/^0/, ""));
  }
  for (const m of description.normalize("NFKC").matchAll(/(\d{1,2}):(\d{2})/g))
    times.add(`${Number(m[1])}:${m[2]}`);
  return { numbers, phones, times };
}

/**
 * Facts in a text the owner did not confirm: another phone number, a price, a year or a time.
 * Each problem names what was found, so the repair round can fix exactly that.
 */
export function unconfirmedFacts(
  value: string,
  facts: TSiteFacts | undefined,
  description: string,
): string[] {
  const { numbers, phones, times } = allowedNumbers(facts, description);
  const t = value.normalize("NFKC");
  const problems: string[] = [];
  for (const m of t.matchAll(/\+?\(?\d[\d\s\-().]{7,}\d/g)) {
    const digits = DIGITS(m[0]);
    if (digits.length < 9 || digits.length > 13) continue;
    const national = digits.replace(/^(?:81|60|62|48|40|65)/, "").replace(/^0/, "");
    if (![...phones].some((p) => p === national || p === digits.replace(/^0/, ""))) {
      problems.push(
        `phone number "${m[0].trim()}" is not the business's${facts?.phone ? ` (${facts.phone})` : " (it has none)"}`,
      );
    }
  }
  const money =
    /(?:¥|￥|円|JPY|RM|Rp\.?|zł|lei)\s?(\d{1,3}(?:[,.]\d{3})+|\d+)|(\d{1,3}(?:[,.]\d{3})+|\d+)\s?(?:円|yen|JPY|zł|lei|ringgit)/giu;
  for (const m of t.matchAll(money)) {
    const amount = Number((m[1] ?? m[2] ?? "").replace(/[,.]/g, ""));
    if (!numbers.has(amount)) problems.push(`price "${m[0].trim()}" is not one the owner gave`);
  }
  for (const m of t.matchAll(/(?<![\d,.:])(1[89]\d{2}|20\d{2})(?![\d,:]|\.\d)/g)) {
    if (!numbers.has(Number(m[1]))) problems.push(`year ${m[1]} is not one the owner gave`);
  }
  for (const m of t.matchAll(/(?<![\d.:])(\d{1,2}):(\d{2})(?![\d:])/g)) {
    const time = `${Number(m[1])}:${m[2]}`;
    if (!times.has(time)) problems.push(`time ${time} is not in the business's hours`);
  }
  return problems;
}

/** The answer schema for the given languages, refusing facts the owner did not confirm. */
function answerSchema(draft: TSiteContent, description: string, languages: TLanguage[]) {
  const shape = Object.fromEntries(
    languages.map((lang) => [lang, languageCopy(draft.content[lang]?.offerings.items.length ?? 1)]),
  ) as Record<TLanguage, ReturnType<typeof languageCopy>>;
  return z.object(shape).superRefine((answer, ctx) => {
    for (const [lang, copy] of Object.entries(answer)) {
      for (const problem of unconfirmedFacts(JSON.stringify(copy), draft.facts, description)) {
        ctx.addIssue({ code: "custom", path: [lang], message: problem });
      }
    }
  });
}

const SYSTEM = [
  "You write the text of small-business websites in Japan and Asia.",
  "You receive the business's confirmed facts and a draft made by a template system.",
  "Write natural, warm, specific copy for each requested language (Japanese in polite です・ます style,",
  "each language as a native writer would; never mix languages inside a sentence).",
  "Use only the confirmed facts: never add prices, phone numbers, years, opening times, awards, reviews,",
  "staff names, certifications or anything the facts do not say. Prices, hours and contact details are",
  "shown elsewhere on the page; you need not repeat them.",
  "Keep every offering item in the same order: in the facts' own language keep its name exactly as",
  "given; in other languages translate the name faithfully. Reply with one JSON object only.",
].join(" ");

function brief(
  draft: TSiteContent,
  description: string,
  languages: TLanguage[],
  section?: TSection,
  from?: TLanguage,
): ChatMessage[] {
  const facts = draft.facts;
  const shown = from && !languages.includes(from) ? [from, ...languages] : languages;
  const draftCopy = Object.fromEntries(
    shown.map((lang) => {
      const c = draft.content[lang] as TLocalizedContent;
      const copy: TLanguageCopy = {
        hero: c.hero,
        about: c.about,
        offerings: {
          ...c.offerings,
          items: c.offerings.items.map(({ name, description: d }) => ({ name, description: d })),
        },
        highlights: c.highlights,
        faq: c.faq,
        seo: c.seo,
      };
      return [lang, copy];
    }),
  );
  const ask =
    section && from
      ? `Write the "${section}" section in ${languages.map((l) => LANGUAGE_NATIVE_NAMES[l]).join(", ")} as a faithful translation of its ${LANGUAGE_NATIVE_NAMES[from]} version in the draft (same meaning, natural wording); keep every other section exactly as in the draft and answer with the whole object for each of those languages only.`
      : section
        ? `Write again only the "${section}" section, in ${languages.map((l) => LANGUAGE_NATIVE_NAMES[l]).join(", ")}; keep every other section exactly as in the draft and answer with the whole object for each language.`
        : `Write the copy for: ${languages.map((l) => `${l} (${LANGUAGE_NATIVE_NAMES[l]})`).join(", ")}.`;
  return [
    { role: "system", content: SYSTEM },
    {
      role: "user",
      content: [
        `Owner's description:\n${description}`,
        `Confirmed facts (JSON):\n${JSON.stringify({ ...facts, industry: draft.industry })}`,
        `Draft (JSON, one object per language):\n${JSON.stringify(draftCopy)}`,
        ask,
      ].join("\n\n"),
    },
  ];
}

function merge(draft: TSiteContent, lang: TLanguage, copy: TLanguageCopy): TLocalizedContent {
  const base = draft.content[lang] as TLocalizedContent;
  return {
    ...base,
    hero: copy.hero,
    about: copy.about,
    offerings: {
      title: copy.offerings.title,
      intro: copy.offerings.intro,
      // The item order and its link to the facts (prices) are the draft's.
      items: base.offerings.items.map((item, i) => ({
        ...item,
        name: copy.offerings.items[i]?.name ?? item.name,
        description: copy.offerings.items[i]?.description ?? item.description,
      })),
    },
    highlights: copy.highlights,
    faq: copy.faq,
    nav: { ...base.nav, offerings: copy.offerings.title.slice(0, 40) },
    seo: copy.seo,
  };
}

export function createAiSiteWriter(client: OpenAiCompatibleClient) {
  return {
    /** Every language's copy written by the model from the draft's confirmed facts. */
    async write(draft: TSiteContent, businessDescription: string): Promise<TSiteContent> {
      const languages = draft.languages;
      const schema = answerSchema(draft, businessDescription, languages);
      const answer = (await client.completeJson(schema, brief(draft, businessDescription, languages), {
        name: "site_copy",
      })) as Record<TLanguage, TLanguageCopy>;
      return ZSiteContent.parse({
        ...draft,
        tagline: answer[languages[0] as TLanguage]?.hero.headline ?? draft.tagline,
        content: Object.fromEntries(languages.map((lang) => [lang, merge(draft, lang, answer[lang])])),
      });
    },

    /**
     * One section of one language written again (the editor's "regenerate this section"), or, with
     * `from`, translated from that language's version (the editor's "fill from <language>").
     */
    async writeSection(
      site: TSiteContent,
      lang: TLanguage,
      section: TSection,
      businessDescription: string,
      from?: TLanguage,
    ): Promise<TSiteContent> {
      const schema = answerSchema(site, businessDescription, [lang]);
      const answer = (await client.completeJson(
        schema,
        brief(site, businessDescription, [lang], section, from),
        {
          name: "site_copy",
        },
      )) as Record<TLanguage, TLanguageCopy>;
      const current = site.content[lang] as TLocalizedContent;
      const written = merge(site, lang, answer[lang]);
      return ZSiteContent.parse({
        ...site,
        content: {
          ...site.content,
          [lang]: {
            ...current,
            [section]: written[section],
            ...(section === "offerings" ? { nav: written.nav } : {}),
          },
        },
      });
    },
  };
}

export type AiSiteWriter = ReturnType<typeof createAiSiteWriter>;
