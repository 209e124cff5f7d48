import { ApiError } from "./api-error";

/**
 * What a response is checked against: a zod schema from @shobai/shared (only `parse` is used, so
 * this file, which every page loads, does not bring zod along).
 */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

/** The shared package's schemas, imported on demand (type only here). */
type SharedSchemas = typeof import("@shobai/shared");

/** Picks a schema from the shared package, for fetchers on public pages (see `checkedInDevelopment`). */
export type LazyResponseSchema<T> = (schemas: SharedSchemas) => ResponseSchema<T>;

/**
 * The server answered with a shape the shared schema refuses: the two sides drifted apart. Thrown
 * so the screen shows an error state (and a test fails) instead of rendering half a record.
 */
export class ResponseShapeError extends Error {
  readonly url: string;

  constructor(url: string, cause: unknown) {
    super(
      `Unexpected response shape from ${url}: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
    this.name = "ResponseShapeError";
    this.url = url;
  }
}

/** Throws an ApiError (status, code, field issues) for any non-ok answer. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => "");
  throw new ApiError(res.status, text, res.statusText);
}

/**
 * One call to our API: cookies always go along; the JSON content type is set only when there
 * is a body. Resolves with the Response (already checked to be ok).
 */
export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  { headers = {}, signal }: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? headers : { "Content-Type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "include",
    signal,
  });
  await throwIfResNotOk(res);
  return res;
}

/** `data` checked against `schema`, or a ResponseShapeError naming the endpoint. */
export function parseResponse<T>(url: string, schema: ResponseSchema<T>, data: unknown): T {
  try {
    return schema.parse(data);
  } catch (error) {
    throw new ResponseShapeError(url, error);
  }
}

/** The JSON body of an ok response, checked against the shared schema. */
export async function readJson<T>(res: Response, schema: ResponseSchema<T>): Promise<T> {
  return parseResponse(res.url || "response", schema, await res.json());
}

/** GET `url` and check the answer against `schema` (a zod schema from @shobai/shared). */
export async function apiGet<T>(
  url: string,
  schema: ResponseSchema<T>,
  { signal }: { signal?: AbortSignal } = {},
): Promise<T> {
  const res = await apiRequest("GET", url, undefined, { signal });
  return parseResponse(url, schema, await res.json());
}

/** `method` on `url` with a JSON body, and the answer checked against `schema`. */
export async function apiJson<T>(
  method: string,
  url: string,
  body: unknown,
  schema: ResponseSchema<T>,
  headers?: Record<string, string>,
): Promise<T> {
  const res = await apiRequest(method, url, body, { headers });
  return parseResponse(url, schema, await res.json());
}

/**
 * For fetchers that public pages (or the app frame every page loads) run: the answer is checked
 * in development and in tests, where the shared schemas are imported on demand; production builds
 * drop this branch with its import, so zod never weighs on the public pages (decision 0015).
 */
export async function checkedInDevelopment<T>(
  url: string,
  data: unknown,
  schema: LazyResponseSchema<T>,
): Promise<T> {
  if (import.meta.env.DEV) return parseResponse(url, schema(await import("@shobai/shared")), data);
  return data as T;
}

/** apiGet for public pages and the app frame: see `checkedInDevelopment`. */
export async function publicApiGet<T>(
  url: string,
  schema: LazyResponseSchema<T>,
  { signal }: { signal?: AbortSignal } = {},
): Promise<T> {
  const res = await apiRequest("GET", url, undefined, { signal });
  return checkedInDevelopment(url, await res.json(), schema);
}

/** apiJson for public pages and the app frame: see `checkedInDevelopment`. */
export async function publicApiJson<T>(
  method: string,
  url: string,
  body: unknown,
  schema: LazyResponseSchema<T>,
): Promise<T> {
  const res = await apiRequest(method, url, body);
  return checkedInDevelopment(url, await res.json(), schema);
}
