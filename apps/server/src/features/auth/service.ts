import {
  ACCOUNT_PURGE_DAYS,
  ERROR_CODES,
  isLanguage,
  type TChangePassword,
  type TLanguage,
  type TLogin,
  type TRegister,
  type TUpdateProfile,
  type TUser,
  ZPlanId,
  ZRegister,
  ZSubscriptionStatus,
} from "@shobai/shared";
import { APIError } from "better-auth/api";
import type { Database } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { type Auth, SESSION_COOKIE } from "./auth-instance";
import * as q from "./queries";

const DAY_MS = 24 * 60 * 60 * 1000;

export const INVALID_CREDENTIALS = "Invalid email or password";
export const EMAIL_TAKEN = "An account with this email already exists. Sign in instead.";

/** What a successful auth step hands back: a result and the Set-Cookie headers to forward. */
export type WithCookies<T> = { result: T; cookies: string[] };

export type SessionUser = q.UserRow;

function errorCode(error: unknown): string | undefined {
  if (!(error instanceof APIError)) return undefined;
  const body = error.body as { code?: string } | undefined;
  return body?.code;
}

function fullName(firstName: string, lastName: string): string {
  return [firstName, lastName].filter(Boolean).join(" ");
}

export function toPublicUser(row: q.UserRow, hasPassword: boolean): TUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    language: isLanguage(row.language) ? row.language : null,
    plan: ZPlanId.catch("trial").parse(row.plan),
    subscriptionStatus: ZSubscriptionStatus.catch("trialing").parse(row.subscriptionStatus),
    trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
    subscriptionEndsAt: row.subscriptionEndsAt?.toISOString() ?? null,
    hasPassword,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createAuthService(deps: { db: Database; auth: Auth; googleConfigured: boolean }) {
  const { db, auth } = deps;

  async function publicUser(row: q.UserRow): Promise<TUser> {
    return toPublicUser(row, (await q.findPasswordHash(db, row.id)) !== null);
  }

  async function loadActiveUser(userId: string): Promise<q.UserRow> {
    const row = await q.findUserById(db, userId);
    if (!row || row.deletedAt) throw AppError.unauthorized();
    return row;
  }

  return {
    async register(input: TRegister, headers: Headers): Promise<WithCookies<TUser>> {
      const data = ZRegister.parse(input);
      if (await q.findUserByEmail(db, data.email))
        throw AppError.conflict(ERROR_CODES.emailTaken, EMAIL_TAKEN);
      try {
        const { headers: out, response } = await auth.api.signUpEmail({
          body: {
            email: data.email,
            password: data.password,
            name: fullName(data.firstName, data.lastName),
            firstName: data.firstName,
            lastName: data.lastName,
            language: data.language ?? null,
          },
          headers,
          returnHeaders: true,
        });
        return {
          result: await publicUser(await loadActiveUser(response.user.id)),
          cookies: out.getSetCookie(),
        };
      } catch (error) {
        const code = errorCode(error);
        if (code?.startsWith("USER_ALREADY_EXISTS"))
          throw AppError.conflict(ERROR_CODES.emailTaken, EMAIL_TAKEN);
        throw error;
      }
    },

    async login(input: TLogin, headers: Headers): Promise<WithCookies<TUser>> {
      // Unknown emails go on to better-auth, which spends the same hashing time on them.
      const existing = await q.findUserByEmail(db, input.email);
      if (existing?.deletedAt) {
        throw new AppError(401, ERROR_CODES.invalidCredentials, INVALID_CREDENTIALS);
      }
      try {
        const { headers: out, response } = await auth.api.signInEmail({
          body: { email: input.email, password: input.password, rememberMe: true },
          headers,
          returnHeaders: true,
        });
        return {
          result: await publicUser(await loadActiveUser(response.user.id)),
          cookies: out.getSetCookie(),
        };
      } catch (error) {
        if (error instanceof APIError && error.statusCode < 500) {
          throw new AppError(401, ERROR_CODES.invalidCredentials, INVALID_CREDENTIALS);
        }
        throw error;
      }
    },

    /** The signed-in user, or null. Forwards the cookie refresh better-auth makes once a day. */
    async currentSession(headers: Headers): Promise<WithCookies<SessionUser | null>> {
      const { headers: out, response } = await auth.api.getSession({ headers, returnHeaders: true });
      if (!response) return { result: null, cookies: out.getSetCookie() };
      const row = await q.findUserById(db, response.user.id);
      return { result: row && !row.deletedAt ? row : null, cookies: out.getSetCookie() };
    },

    publicUser,

    async logout(headers: Headers): Promise<string[]> {
      try {
        const { headers: out } = await auth.api.signOut({ headers, returnHeaders: true });
        return out.getSetCookie();
      } catch (error) {
        // No session to end: still clear whatever cookie the browser holds.
        if (error instanceof APIError) return [expiredSessionCookie()];
        throw error;
      }
    },

    async googleStart(headers: Headers): Promise<WithCookies<string>> {
      if (!deps.googleConfigured)
        throw AppError.notConfigured("Google sign-in is not configured on this server");
      const { headers: out, response } = await auth.api.signInSocial({
        body: {
          provider: "google",
          callbackURL: "/",
          newUserCallbackURL: "/",
          errorCallbackURL: "/auth?error=google_failed",
        },
        headers,
        returnHeaders: true,
      });
      if (!response.url) throw new Error("Google sign-in did not return an authorization URL");
      return { result: response.url, cookies: out.getSetCookie() };
    },

    async updateProfile(userId: string, patch: TUpdateProfile): Promise<TUser> {
      const row = await loadActiveUser(userId);
      const firstName = patch.firstName ?? row.firstName;
      const lastName = patch.lastName ?? row.lastName;
      const language: TLanguage | null | undefined = patch.language;
      const updated = await q.updateUser(db, userId, {
        firstName,
        lastName,
        name: fullName(firstName, lastName),
        ...(language !== undefined ? { language } : {}),
      });
      if (!updated) throw AppError.unauthorized();
      return publicUser(updated);
    },

    async changePassword(input: TChangePassword, headers: Headers): Promise<string[]> {
      try {
        const { headers: out } = await auth.api.changePassword({
          body: {
            currentPassword: input.currentPassword,
            newPassword: input.newPassword,
            revokeOtherSessions: true,
          },
          headers,
          returnHeaders: true,
        });
        return out.getSetCookie();
      } catch (error) {
        const code = errorCode(error);
        if (code === "INVALID_PASSWORD" || code === "CREDENTIAL_ACCOUNT_NOT_FOUND") {
          throw AppError.badRequest(
            ERROR_CODES.invalidPassword,
            code === "INVALID_PASSWORD"
              ? "Current password is incorrect"
              : "This account signs in with Google and has no password",
          );
        }
        throw error;
      }
    },

    /**
     * Marks the account deleted and signs it out everywhere. The rows stay for ACCOUNT_PURGE_DAYS
     * (so support can restore a mistaken deletion), then `purgeDeletedAccounts` removes them.
     */
    async deleteAccount(userId: string, password: string): Promise<{ purgeAt: Date }> {
      const row = await loadActiveUser(userId);
      const hash = await q.findPasswordHash(db, userId);
      const confirmed = hash
        ? await (await auth.$context).password.verify({ hash, password })
        : password.trim().toLowerCase() === row.email;
      if (!confirmed) {
        throw AppError.badRequest(
          ERROR_CODES.invalidPassword,
          hash ? "Password is incorrect" : "Type your email address to confirm",
        );
      }
      const deletedAt = new Date();
      await q.updateUser(db, userId, { deletedAt });
      await q.deleteSessionsOf(db, userId);
      return { purgeAt: new Date(deletedAt.getTime() + ACCOUNT_PURGE_DAYS * DAY_MS) };
    },

    purgeDeletedAccounts(now = new Date()): Promise<number> {
      return q.purgeUsersDeletedBefore(db, new Date(now.getTime() - ACCOUNT_PURGE_DAYS * DAY_MS));
    },

    /** Starts a trial's clock again or moves a user to a plan; used by the admin command and billing. */
    async setPlan(email: string, plan: q.UserRow["plan"]): Promise<q.UserRow> {
      const row = await q.findUserByEmail(db, email);
      if (!row) throw AppError.notFound(`No user with email ${email}`);
      const parsed = ZPlanId.parse(plan);
      const updated = await q.updateUser(db, row.id, {
        plan: parsed,
        subscriptionStatus: parsed === "trial" ? "trialing" : "active",
        ...(parsed === "trial" ? {} : { subscriptionEndsAt: null }),
      });
      if (!updated) throw AppError.notFound(`No user with email ${email}`);
      return updated;
    },

    listUsers: () => q.listUsers(db),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

/** Clears the session cookie in the browser (sign-out without a session, account deletion). */
export function expiredSessionCookie(): string {
  return `${SESSION_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`;
}
