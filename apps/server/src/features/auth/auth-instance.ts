import { PASSWORD_RESET_MINUTES } from "@shobai/shared";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Database } from "../../db/client";
import * as schema from "../../db/schema/index";
import { SESSION_COOKIE } from "../../lib/session-cookie";

export { SESSION_COOKIE };
export const SESSION_DAYS = 7;
/** better-auth moves a session's expiry (and sends a new cookie) when it is used this long after the last move. */
export const SESSION_REFRESH_SECONDS = 24 * 60 * 60;
/** better-auth routes are mounted under this prefix; only the OAuth callback is exposed over HTTP. */
export const AUTH_BASE_PATH = "/api/auth";

export type AuthOptions = {
  db: Database;
  secret: string;
  baseURL: string;
  google: { clientId: string; clientSecret: string } | undefined;
  /**
   * Sends the password-reset mail (token only: the link is ours, /auth/reset?token=). Failures are
   * the caller's to log: the answer to "forgot password" must not depend on them.
   */
  sendResetPassword?: (user: { id: string; email: string }, token: string) => Promise<void>;
};

/**
 * better-auth owns passwords (scrypt), sessions and OAuth. Shobai's `/api/auth/*` routes call it
 * server-side, so request validation, rate limits and error texts stay ours.
 */
export function createAuth({ db, secret, baseURL, google, sendResetPassword }: AuthOptions) {
  return betterAuth({
    appName: "Shobai",
    secret,
    baseURL,
    basePath: AUTH_BASE_PATH,
    database: drizzleAdapter(db, { provider: "pg", schema, usePlural: true }),
    telemetry: { enabled: false },
    // Wrong passwords are ordinary events, answered with 401; only real failures are worth a log line.
    logger: { level: "error" },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_MINUTES * 60,
      // A reset ends every session (the resetter gets a new one): whoever knew the old password is out.
      revokeSessionsOnPasswordReset: true,
      ...(sendResetPassword
        ? { sendResetPassword: async ({ user, token }) => sendResetPassword(user, token) }
        : {}),
    },
    // Reset tokens, our sign-up verification tokens and OAuth states are stored as SHA-256 hashes:
    // a copy of the table does not hold a usable link.
    verification: { storeIdentifier: "hashed" },
    socialProviders: google
      ? {
          google: {
            clientId: google.clientId,
            clientSecret: google.clientSecret,
            prompt: "select_account",
            mapProfileToUser: (profile) => ({
              firstName: profile.given_name || profile.name || profile.email.split("@")[0] || "",
              lastName: profile.family_name ?? "",
            }),
          },
        }
      : {},
    // Google proves the address; it is linked to an existing account only once that account has
    // proved it too (databaseHooks.account below), so a squatter's account cannot be taken over
    // by, nor handed to, whoever signs in with Google.
    account: { accountLinking: { enabled: true, trustedProviders: ["google"] } },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: SESSION_REFRESH_SECONDS,
      cookieCache: { enabled: false },
    },
    user: {
      additionalFields: {
        firstName: { type: "string", required: true, input: true },
        lastName: { type: "string", required: false, input: true, defaultValue: "" },
        language: { type: "string", required: false, input: true },
        deletedAt: { type: "date", required: false, input: false },
      },
    },
    databaseHooks: {
      account: {
        create: {
          before: async (account) => {
            if (account.providerId === "credential") return undefined;
            const user = await db.query.users.findFirst({
              where: (u, { eq }) => eq(u.id, account.userId),
              columns: { emailVerified: true },
            });
            return user?.emailVerified ? undefined : false;
          },
        },
      },
      session: {
        create: {
          // A deleted account (waiting for its purge) cannot sign in by any method.
          before: async (session) => {
            const user = await db.query.users.findFirst({
              where: (u, { eq }) => eq(u.id, session.userId),
              columns: { deletedAt: true },
            });
            return user?.deletedAt ? false : undefined;
          },
        },
      },
    },
    advanced: {
      // The Secure flag is added per request by our routes (HTTPS only); the name stays `auth_session`.
      useSecureCookies: false,
      cookies: { session_token: { name: SESSION_COOKIE } },
      database: { generateId: () => crypto.randomUUID() },
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
