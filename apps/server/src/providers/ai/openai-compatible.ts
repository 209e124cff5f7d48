import { z } from "zod";
import { isTimeoutError } from "../provider-text";

/** Why the AI provider gave no usable answer, in words an owner can act on. */
export class AiProviderError extends Error {
  override name = "AiProviderError";
  constructor(
    readonly reason: "auth" | "rate_limited" | "unavailable" | "timeout" | "invalid_answer" | "network",
    message: string,
  ) {
    super(message);
  }
}

/** A part of a message for models that see pictures (OpenAI's `image_url`, data: URLs accepted). */
export type ChatPart = { type: "text"; text: string } | { type: "image_url"; image_url: { url: string } };
export type ChatMessage = { role: "system" | "user" | "assistant"; content: string | ChatPart[] };

export type OpenAiCompatibleOptions = {
  /** e.g. https://api.openai.com/v1, an Azure deployment URL, or http://127.0.0.1:11434/v1 (Ollama). */
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs?: number;
  temperature?: number;
  fetch?: typeof fetch;
};

type ChatCompletion = { choices?: { message?: { content?: string | null } }[] };

/**
 * A client for any OpenAI-compatible chat-completions API that asks for JSON and accepts only
 * an answer matching `schema`: one repair round with the validation problems, then a clear error.
 */
export function createOpenAiCompatibleClient(options: OpenAiCompatibleOptions) {
  const endpoint = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  const doFetch = options.fetch ?? fetch;

  /**
   * Structured output where the server supports it (OpenAI, Ollama and llama.cpp's server take a JSON
   * schema in `response_format`); a server that refuses the schema with 400 is asked again for plain
   * JSON (`json_object`) once, and the answer is validated either way.
   */
  let schemaRefused = false;
  async function complete(
    messages: ChatMessage[],
    jsonSchema?: { name: string; schema: unknown },
  ): Promise<string> {
    const format =
      jsonSchema && !schemaRefused
        ? {
            type: "json_schema",
            json_schema: { name: jsonSchema.name, schema: jsonSchema.schema, strict: false },
          }
        : { type: "json_object" };
    let response: Response;
    try {
      response = await doFetch(endpoint, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: options.model,
          messages,
          temperature: options.temperature ?? 0.4,
          response_format: format,
        }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 90_000),
      });
    } catch (error) {
      if (isTimeoutError(error)) {
        throw new AiProviderError("timeout", "The AI service took too long to answer");
      }
      throw new AiProviderError("network", "The AI service could not be reached");
    }
    if (response.status === 401 || response.status === 403) {
      throw new AiProviderError("auth", "The AI service refused the API key (check AI_API_KEY)");
    }
    if (response.status === 400 && format.type === "json_schema") {
      schemaRefused = true;
      return complete(messages);
    }
    if (response.status === 429)
      throw new AiProviderError("rate_limited", "The AI service is busy; try again shortly");
    if (!response.ok)
      throw new AiProviderError("unavailable", `The AI service answered HTTP ${response.status}`);
    const body = (await response.json().catch(() => null)) as ChatCompletion | null;
    const content = body?.choices?.[0]?.message?.content;
    if (typeof content !== "string" || content.trim() === "") {
      throw new AiProviderError("invalid_answer", "The AI service sent an empty answer");
    }
    return content;
  }

  return {
    async completeJson<T>(
      schema: z.ZodType<T>,
      messages: ChatMessage[],
      structured?: { name: string },
    ): Promise<T> {
      const conversation = [...messages];
      const jsonSchema = structured
        ? { name: structured.name, schema: z.toJSONSchema(schema, { unrepresentable: "any", io: "input" }) }
        : undefined;
      for (let attempt = 0; attempt < 2; attempt++) {
        const content = await complete(conversation, jsonSchema);
        const problem = parseAgainst(schema, content);
        if (problem.ok) return problem.value;
        conversation.push(
          { role: "assistant", content },
          {
            role: "user",
            content: `That answer is not valid: ${problem.error}. Reply again with only the corrected JSON object.`,
          },
        );
      }
      throw new AiProviderError("invalid_answer", "The AI service did not answer in the expected format");
    },
  };
}

export type OpenAiCompatibleClient = ReturnType<typeof createOpenAiCompatibleClient>;

function parseAgainst<T>(
  schema: z.ZodType<T>,
  content: string,
): { ok: true; value: T } | { ok: false; error: string } {
  // Some models wrap JSON in a Markdown fence even when asked not to.
  const text = content
    .trim()
    .replace(/^```(?:json)?\s*/i, "")
    .replace(/\s*```$/, "");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: "it is not JSON" };
  }
  const result = schema.safeParse(json);
  if (result.success) return { ok: true, value: result.data };
  const issues = result.error.issues
    .slice(0, 10)
    .map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`)
    .join("; ");
  return { ok: false, error: issues };
}
