import { STATUS_CODES } from "node:http";
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
 * What an answer means when its route says nothing more (the document said "Default Response"
 * for every one): Shobai's meaning for the statuses its routes give, HTTP's reason phrase otherwise.
 */
const ANSWERS: Record<string, string> = {
  200: "OK",
  201: "Created",
  202: "Accepted",
  204: "Done; no content",
  400: 'The input is not valid: the "issues" list names each field and what is wrong',
  401: "Not signed in, or the session has ended",
  402: "The plan does not include this, or its limit is reached",
  403: "Not allowed for this account's role or plan",
  404: "Not found, or not this account's",
  409: 'Conflicts with the current state ("code" says which)',
  410: "Gone: the link or item no longer exists",
  413: "The body is larger than this operation takes",
  415: "The body's Content-Type is not one this operation reads",
  422: 'Understood but cannot be done ("code" says why)',
  429: "Too many requests: try again after the Retry-After header's seconds",
  500: "An error on Shobai's side; the request changed nothing",
  502: "A provider Shobai relies on failed",
  503: "Not available right now; try again shortly",
  504: "A provider Shobai relies on did not answer in time",
};

/** The meaning of a status for the document: ANSWERS, or HTTP's reason phrase. */
export function answerDescription(status: string): string {
  return ANSWERS[status] ?? STATUS_CODES[status] ?? `HTTP ${status}`;
}

type OpenApiPaths = Record<string, Record<string, { responses?: Record<string, { description?: string }> }>>;

/**
 * The finished document with every answer @fastify/swagger could only call "Default Response"
 * (no description on the route's schema) described by its status.
 */
export function describeAnswers<T extends { paths?: unknown }>(document: T): T {
  for (const operations of Object.values((document.paths ?? {}) as OpenApiPaths)) {
    for (const operation of Object.values(operations)) {
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        if (answer.description === "Default Response") answer.description = answerDescription(status);
      }
    }
  }
  return document;
}

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
