import { type TApiIssue, type TErrorCode, ZApiError } from "@shobai/shared";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import type { ResponseSchema } from "@/lib/api-request";

/**
 * The one fake of our API for component tests (decision 0015): MSW answers the app's real `fetch`
 * calls, and every answer a test gives is first checked against the same shared zod schema the
 * server's routes answer with. A fake that drifts from the server's shape fails its test (see
 * `failOnFakeApiFaults`), and so does a call to an endpoint the test did not expect.
 */
const faults: string[] = [];

/** Below every test's handlers: a call nobody declared is a fault, and never leaves the process. */
const undeclared = http.all("*", ({ request }) => {
  faults.push(`${request.method} ${new URL(request.url).pathname}: no fake answer for this call`);
  return HttpResponse.json({ message: "no fake answer", code: "not_found" }, { status: 404 });
});

const server = setupServer(undeclared);

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** One request the app made, as the test reads it back. */
export interface FakeRequest {
  method: Method;
  url: URL;
  /** Path parameters (`:id`) of the handler that answered. */
  params: Record<string, string>;
  /** The JSON body parsed, the text of any other body, or undefined. */
  body: unknown;
  headers: Headers;
}

type Answer<T> = T | Response;
type Resolver<T> = (request: FakeRequest) => Answer<T> | Promise<Answer<T>>;

interface AnswerOptions {
  /** The status of a successful answer (201 for a creation, say). */
  status?: number;
  headers?: Record<string, string>;
}

const requests: FakeRequest[] = [];

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text === "") return undefined;
  if (request.headers.get("content-type")?.includes("application/json")) return JSON.parse(text);
  return text;
}

function answerWith<T>(
  method: Method,
  path: string,
  schema: ResponseSchema<T> | null,
  resolver: Resolver<T>,
  options: AnswerOptions = {},
) {
  const route = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete }[
    method
  ];
  return route(path, async ({ request, params }) => {
    const fake: FakeRequest = {
      method,
      url: new URL(request.url),
      params: Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])),
      body: await readBody(request),
      headers: request.headers,
    };
    requests.push(fake);
    const answer = await resolver(fake);
    if (answer instanceof Response) return answer;
    if (schema === null)
      return new HttpResponse(null, { status: options.status ?? 204, headers: options.headers });
    try {
      schema.parse(answer);
    } catch (error) {
      faults.push(`${method} ${path}: the fake's answer is not what the server sends: ${String(error)}`);
      return HttpResponse.json(
        { message: "fake API answer of the wrong shape", code: "internal_error" },
        { status: 500 },
      );
    }
    return HttpResponse.json(answer as never, { status: options.status ?? 200, headers: options.headers });
  });
}

/**
 * Declares how the fake answers, for the current test only (later calls for the same endpoint
 * take precedence). A resolver returns the body (checked against `schema`) or a Response, such as
 * `apiError(...)`, for errors and other special answers.
 */
export const fakeApi = {
  get<T>(path: string, schema: ResponseSchema<T>, resolver: Resolver<T>, options?: AnswerOptions) {
    server.use(answerWith("GET", path, schema, resolver, options));
  },
  post<T>(path: string, schema: ResponseSchema<T>, resolver: Resolver<T>, options?: AnswerOptions) {
    server.use(answerWith("POST", path, schema, resolver, options));
  },
  put<T>(path: string, schema: ResponseSchema<T>, resolver: Resolver<T>, options?: AnswerOptions) {
    server.use(answerWith("PUT", path, schema, resolver, options));
  },
  patch<T>(path: string, schema: ResponseSchema<T>, resolver: Resolver<T>, options?: AnswerOptions) {
    server.use(answerWith("PATCH", path, schema, resolver, options));
  },
  /** A DELETE: 204 with no body, or with `schema` the body its resolver returns. */
  delete<T>(path: string, schema?: ResponseSchema<T>, resolver?: Resolver<T>) {
    server.use(answerWith("DELETE", path, schema ?? null, resolver ?? (() => undefined as T)));
  },
  /**
   * The requests the app made for `method` and `path` (query left out), in order. Only requests
   * a handler answered are listed; any other one fails the test.
   */
  calls(method: Method, path: string): FakeRequest[] {
    return requests.filter((r) => r.method === method && r.url.pathname === path);
  },
  /** Every request answered so far, in order. */
  allCalls(): readonly FakeRequest[] {
    return requests;
  },
};

/** An error answer as the server sends it, checked against the shared error schema. */
export function apiError(status: number, code: TErrorCode, message: string, issues?: TApiIssue[]): Response {
  return HttpResponse.json(ZApiError.parse({ message, code, issues }), { status });
}

/** A request that never answers (until the test ends): for screens that wait. */
export function never(): Promise<never> {
  return new Promise<never>(() => {});
}

/** For test/setup.ts: the fake listens for the whole run, and forgets its handlers after each test. */
export function startFakeApi(): void {
  server.listen({ onUnhandledRequest: "error" });
}

export function stopFakeApi(): void {
  server.close();
}

/** After each test: clears handlers and the request log, and fails the test if the fake was misused. */
export function failOnFakeApiFaults(): void {
  server.resetHandlers();
  requests.length = 0;
  const found = faults.splice(0);
  if (found.length > 0) throw new Error(`Fake API:\n${found.join("\n")}`);
}
