import { type TSiteContent, ZSiteContent } from "@shobai/sitegen";
import type { OpenAiCompatibleClient } from "./openai-compatible";

const SYSTEM = [
  "You write websites for small businesses in Japan and Asia.",
  "You receive a draft site as JSON made by a template system, and the owner's own description.",
  "Rewrite the text so it sounds natural, warm and specific to this business, in each language of the draft",
  "(Japanese in polite です・ます style, written as a native would).",
  "Be honest: never add awards, prices, years in business, reviews, staff names, certifications or any fact",
  "that is not in the owner's description.",
  "Keep exactly the same JSON structure, keys, languages, item counts and non-text values. Reply with JSON only.",
].join(" ");

/**
 * The LLM path of site generation: the offline composer writes a draft, the model rewrites its
 * text. Facts and structure (industry, languages, colours, contact details, hours) are always taken
 * from the draft, whatever the model returns.
 */
export function createAiSiteWriter(client: OpenAiCompatibleClient) {
  return {
    async improve(draft: TSiteContent, businessDescription: string): Promise<TSiteContent> {
      const answer = await client.completeJson(ZSiteContent, [
        { role: "system", content: SYSTEM },
        {
          role: "user",
          content: `Owner's description:\n${businessDescription}\n\nDraft site JSON:\n${JSON.stringify(draft)}`,
        },
      ]);
      return ZSiteContent.parse({
        ...answer,
        businessName: draft.businessName,
        variant: draft.variant,
        industry: draft.industry,
        targetMarket: draft.targetMarket,
        languages: draft.languages,
        colours: draft.colours,
        contact: draft.contact,
        place: draft.place,
        content: Object.fromEntries(
          draft.languages.map((lang) => [lang, answer.content[lang] ?? draft.content[lang]]),
        ),
      });
    },
  };
}

export type AiSiteWriter = ReturnType<typeof createAiSiteWriter>;
