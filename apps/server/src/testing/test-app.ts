import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { type App, type AppOptions, buildApp } from "../app";
import { createTestDatabase, type TestDatabase } from "./test-database";

export type TestContext = { app: App; db: TestDatabase; close(): Promise<void> };

export async function createTestApp(
  overrides: Partial<AppOptions> = {},
  /** Extra routes for a test, added before the app is sealed. */
  setup?: (app: App) => void,
): Promise<TestContext> {
  const db = await createTestDatabase();
  const app = await buildApp({
    database: db,
    authSecret: "test-secret-test-secret-test-secret-0123456789",
    webDistDir: null,
    authRateLimit: { max: 1000, windowSeconds: 60 },
    ...overrides,
  });
  setup?.(app);
  await app.ready();
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.drop();
    },
  };
}

/** Parses Set-Cookie headers into name → { value, attributes }. */
export function parseSetCookies(res: LightMyRequestResponse) {
  const raw = res.headers["set-cookie"];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return new Map(
    list.map((line) => {
      const [pair = "", ...attrs] = line.split(";").map((s) => s.trim());
      const eq = pair.indexOf("=");
      return [
        pair.slice(0, eq),
        { value: pair.slice(eq + 1), attrs: attrs.map((a) => a.toLowerCase()), line },
      ];
    }),
  );
}

/** A browser stand-in: keeps the session cookie between requests, like a real one. */
export class TestClient {
  cookie: string | undefined;
  constructor(private readonly app: App) {}

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const headers = { ...(options.headers ?? {}) } as Record<string, string>;
    if (this.cookie) headers.cookie = `auth_session=${this.cookie}`;
    const res = await this.app.inject({ ...options, headers });
    const session = parseSetCookies(res).get("auth_session");
    if (session) this.cookie = session.value === "" ? undefined : session.value;
    return res;
  }

  get = (url: string) => this.request({ method: "GET", url });
  post = (url: string, payload?: unknown) =>
    this.request({ method: "POST", url, ...(payload === undefined ? {} : { payload: payload as object }) });
  patch = (url: string, payload: unknown) =>
    this.request({ method: "PATCH", url, payload: payload as object });
  delete = (url: string, payload?: unknown) =>
    this.request({ method: "DELETE", url, ...(payload === undefined ? {} : { payload: payload as object }) });
}

let counter = 0;
/** Registers a new user through the real API and returns a signed-in client. */
export async function signedInClient(app: App, overrides: Record<string, unknown> = {}) {
  counter += 1;
  const client = new TestClient(app);
  const body = {
    email: `user${counter}-${Date.now()}@example.jp`,
    password: "correct horse battery",
    firstName: "花子",
    lastName: "佐藤",
    ...overrides,
  };
  const res = await client.post("/api/auth/register", body);
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { client, email: body.email as string, password: body.password as string, user: res.json() };
}
