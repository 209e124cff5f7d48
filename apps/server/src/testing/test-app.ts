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
    registerRateLimit: { max: 1000, windowSeconds: 3600 },
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
  put = (url: string, payload: unknown) => this.request({ method: "PUT", url, payload: payload as object });
  patch = (url: string, payload: unknown) =>
    this.request({ method: "PATCH", url, payload: payload as object });
  delete = (url: string, payload?: unknown) =>
    this.request({ method: "DELETE", url, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** The sign-up link from the account's outbox (the default provider keeps mail there). */
export async function verificationLinkFromOutbox(client: TestClient, email: string): Promise<string> {
  const mails = (await client.get("/api/email/outbox")).json() as { to: string; text: string }[];
  const link = mails
    .filter((m) => m.to === email)
    .map((m) => m.text.match(/\/api\/auth\/verify-email\?token=[\w%-]+/)?.[0])
    .find(Boolean);
  if (!link) throw new Error(`no verification link was emailed to ${email}`);
  return link;
}

/** Opens the sign-up verification link, as the owner does from the mail. */
export async function confirmEmailThroughOutbox(app: App, client: TestClient, email: string): Promise<void> {
  const res = await app.inject({ method: "GET", url: await verificationLinkFromOutbox(client, email) });
  if (res.headers.location !== "/?emailVerified=1") {
    throw new Error(`verification link answered ${res.statusCode} ${String(res.headers.location)}`);
  }
}

let counter = 0;
/**
 * Registers a new user through the real API and returns a signed-in client. Its address counts as
 * confirmed (as after opening the sign-up link; auth tests go through the link itself) unless
 * `verified: false` is given.
 */
export async function signedInClient(
  app: App,
  overrides: Record<string, unknown> = {},
  { verified = true }: { verified?: boolean } = {},
) {
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
  if (verified) await confirmEmailThroughOutbox(app, client, body.email as string);
  return { client, email: body.email as string, password: body.password as string, user: res.json() };
}
