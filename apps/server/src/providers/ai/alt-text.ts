import { LANGUAGE_NATIVE_NAMES, type TLanguage } from "@shobai/shared";
import { z } from "zod";
import type { OpenAiCompatibleClient } from "./openai-compatible";

/**
 * Alt-text suggestions (issue 19): the AI provider looks at a small JPEG of the photo and writes
 * one short description per site language. The owner reads, changes and confirms them; nothing is
 * saved until then.
 */
export function createAiAltWriter(client: OpenAiCompatibleClient) {
  return {
    async suggest(
      jpeg: Buffer,
      languages: TLanguage[],
      context: { businessName: string },
    ): Promise<Partial<Record<TLanguage, string>>> {
      const schema = z.object(
        Object.fromEntries(languages.map((l) => [l, z.string().trim().min(1).max(300)])) as Record<
          TLanguage,
          z.ZodString
        >,
      );
      const answer = await client.completeJson(
        schema,
        [
          {
            role: "system",
            content:
              "You write alt text for photos on a small business's website. Describe what the photo shows " +
              "in one short sentence (at most 120 characters), plainly, for someone who cannot see it. " +
              'Do not start with "image of" or "photo of". Do not invent names, prices or facts you cannot see. ' +
              "Answer with a JSON object with one key per language code.",
          },
          {
            role: "user",
            content: [
              {
                type: "text",
                text: `Business: ${context.businessName}\nLanguages: ${languages
                  .map((l) => `${l} (${LANGUAGE_NATIVE_NAMES[l]})`)
                  .join(", ")}`,
              },
              { type: "image_url", image_url: { url: `data:image/jpeg;base64,${jpeg.toString("base64")}` } },
            ],
          },
        ],
        { name: "alt_text" },
      );
      return Object.fromEntries(languages.map((l) => [l, answer[l].slice(0, 300)]));
    },
  };
}

export type AiAltWriter = ReturnType<typeof createAiAltWriter>;
