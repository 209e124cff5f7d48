import type { SwaggerTransform } from "@fastify/swagger";
import { jsonSchemaTransform } from "@fastify/type-provider-zod";
import { ZApiError } from "@shobai/shared";
import { z } from "zod";

/**
 * The error answer every operation can give is one schema of the document (`ApiError`), referenced
 * from each answer instead of written out 800 times (the document was 1.5 MB).
 */
if (!z.globalRegistry.has(ZApiError)) z.globalRegistry.add(ZApiError, { id: "ApiError" });

/**
 * What a route answers besides JSON, for the OpenAPI document: a redirect (with its status and
 * where it leads) or a document of another media type (an HTML page, a CSV file). Routes declare it
 * in `config.documents`, since their zod response schemas can only describe JSON bodies.
 */
export type DocumentedAnswer =
  | { redirect: 301 | 302 | 303; to: string }
  | { status?: 200; type: "text/html" | "text/csv"; description: string };

declare module "fastify" {
  interface FastifyContextConfig {
    documents?: DocumentedAnswer;
  }
}

const VERBS: Record<string, string> = {
  GET: "get",
  POST: "post",
  PUT: "put",
  PATCH: "patch",
  DELETE: "delete",
};

const pascal = (word: string) =>
  word
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join("");

/**
 * A stable, unique name for an operation, read from its method and path (clients generated from
 * the document use it as the function name): `GET /api/contacts/:id/notes` → `getContactsByIdNotes`,
 * `GET /internal/tls/ask` → `getInternalTlsAsk`. A route may name itself with `schema.operationId`.
 */
export function operationIdOf(method: string, url: string): string {
  const segments = url
    .split("/")
    .filter((segment) => segment !== "" && segment !== "api")
    .map((segment) => (segment.startsWith(":") ? `By${pascal(segment.slice(1))}` : pascal(segment)));
  return `${VERBS[method.toUpperCase()] ?? method.toLowerCase()}${segments.join("")}`;
}

type JsonSchema = Record<string, unknown> & { response?: Record<string, unknown>; operationId?: string };

/**
 * The zod provider's transform (zod schemas → JSON Schema), then what it cannot know: the
 * operation's name and its non-JSON answers (`config.documents`).
 */
export const openApiTransform: SwaggerTransform = (input) => {
  const out = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const schema = { ...(out.schema as JsonSchema) };
  const { route } = input;
  const method = Array.isArray(route.method) ? String(route.method[0]) : String(route.method);
  schema.operationId ??= operationIdOf(method, route.url);
  const documents = route.config?.documents;
  if (documents) {
    const response = { ...(schema.response ?? {}) };
    if ("redirect" in documents) {
      response[documents.redirect] = {
        type: "null",
        description: `Redirect to ${documents.to}`,
        headers: { location: { type: "string", description: documents.to } },
      };
    } else {
      response[documents.status ?? 200] = {
        description: documents.description,
        content: { [documents.type]: { schema: { type: "string" } } },
      };
    }
    schema.response = response;
  }
  return { schema, url: out.url };
};
