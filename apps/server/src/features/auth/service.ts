import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import {
  ACCOUNT_PURGE_DAYS,
  EMAIL_VERIFICATION_HOURS,
  ERROR_CODES,
  isLanguage,
  PASSWORD_RESET_MINUTES,
  SESSION_MAX_DAYS,
  type TChangePassword,
  type TLanguage,
  type TLogin,
  type TRegister,
  type TResetPassword,
  type TUpdateProfile,
  type TUser,
  type TWorkspaceRole,
  ZPlanId,
  ZRegister,
  ZSubscriptionStatus,
} from "@shobai/shared";
import { APIError } from "better-auth/api";
import type { ChangeBus } from "../../db/change-bus";
import type { Database } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { AccountMailer } from "./account-mail";
import { type Auth, SESSION_COOKIE, SESSION_DAYS, SESSION_REFRESH_SECONDS } from "./auth-instance";
import { assertAcceptablePassword } from "./password-policy";
import * as q from "./queries";
import {
  createSecondFactorService,
  type SecondFactorChange,
  type SecondFactorService,
  type SessionSecondFactor,
} from "./second-factor";
import { markNewestSessionVerified } from "./second-factor-queries";
import { createSessionCache } from "./session-cache";
import { createThrottle, type ThrottleRule } from "./throttle";

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** Failed sign-ins per address (from any IP): the 10th within 15 minutes pauses it for 15 minutes. */
export const LOGIN_THROTTLE: ThrottleRule = { max: 10, windowMs: 15 * MINUTE_MS, lockMs: 15 * MINUTE_MS };
/** Wrong current passwords (password change, account deletion) per account. */
export const CURRENT_PASSWORD_THROTTLE: ThrottleRule = {
  max: 10,
  windowMs: 15 * MINUTE_MS,
  lockMs: 15 * MINUTE_MS,
};
/** Reset mails per address, and verification mails per account: a few an hour, so nobody is mail-bombed. */
export const MAIL_THROTTLE: ThrottleRule = { max: 3, windowMs: 60 * MINUTE_MS, lockMs: 60 * MINUTE_MS };

const loginKey = (email: string) => `login:${email.trim().toLowerCase()}`;
const resetKey = (email: string) => `reset:${email.trim().toLowerCase()}`;
const verifyKey = (userId: string) => `verify:${userId}`;
const currentPasswordKey = (userId: string) => `password:${userId}`;
/** Our sign-up verification tokens live in better-auth's verifications table (hashed) under this prefix. */
const VERIFY_PREFIX = "verify-email:";
/** Our tokens and better-auth's are base64url or alphanumeric; anything else is no token of ours. */
const TOKEN_SHAPE = /^[\w-]{1,200}$/;
/** better-auth's own prefix for reset tokens. */
const RESET_PREFIX = "reset-password:";

const minutesOf = (ms: number) => Math.max(1, Math.ceil(ms / MINUTE_MS));

export const INVALID_CREDENTIALS = "Invalid email or password";
export const EMAIL_TAKEN = "An account with this email already exists. Sign in instead.";

/** What a successful auth step hands back: a result and the Set-Cookie headers to forward. */
export type WithCookies<T> = { result: T; cookies: string[] };

export type SessionUser = q.UserRow;

/** The workspace a session works in and the person's role there (issue 24, decision 0051). */
export type SessionMembership = {
  id: string;
  role: TWorkspaceRole;
  /** Owner or administrator of some workspace with other members: must use 2FA (decision 0052). */
  leadsShared: boolean;
};

/** last_active_at of a membership is written at most this often (not on every request). */
const ACTIVITY_STEP_MS = 5 * 60 * 1000;

function errorCode(error: unknown): string | undefined {
  if (!(error instanceof APIError)) return undefined;
  const body = error.body as { code?: string } | undefined;
  return body?.code;
}

function fullName(firstName: string, lastName: string): string {
  return [firstName, lastName].filter(Boolean).join(" ");
}

/** The value of the session cookie in a Cookie header, if any (URI-decoded, as better-auth writes it). */
function sessionCookieOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The token of a cookie value `token.signature` whose HMAC-SHA256 signature is ours (better-auth's format). */
function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** `plan`: the subscription of the workspace the user works in (decision 0051). */
export function toPublicUser(
  row: q.UserRow,
  hasPassword: boolean,
  secondFactorState: TUser["secondFactor"]["state"] = "ok",
  plan?: q.WorkspacePlanRow,
): TUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    language: isLanguage(row.language) ? row.language : null,
    plan: ZPlanId.catch("trial").parse(plan?.plan),
    subscriptionStatus: ZSubscriptionStatus.catch("trialing").parse(plan?.subscriptionStatus),
    trialEndsAt: plan?.trialEndsAt?.toISOString() ?? null,
    subscriptionEndsAt: plan?.subscriptionEndsAt?.toISOString() ?? null,
    hasPassword,
    emailVerified: row.emailVerified,
    createdAt: row.createdAt.toISOString(),
    secondFactor: { enabled: row.secondFactorEnabled, passkey: row.hasPasskey, state: secondFactorState },
  };
}

export type AuthServiceDeps = {
  db: Database;
  /** Accounts deleted before this instant are about to be purged: their stored files go first (media). */
  beforePurge?: (cutoff: Date) => Promise<void>;
  auth: Auth;
  googleConfigured: boolean;
  /** Account mails; absent in the admin command, which prints links instead. */
  mailer?: AccountMailer;
  /** Where a mail that could not be sent is reported (the answer to the user stays the same). */
  log?: { error(obj: unknown, msg: string): void };
  now?: () => Date;
  /** 2FA turned on or off, a backup code used: for the workspace audit log (decision 0052). */
  onSecondFactorChange?: (change: SecondFactorChange) => Promise<void> | void;
  /** Announced changes: with it, reads reuse the session read of an earlier read (decision 0059). */
  changes?: ChangeBus;
};

export function createAuthService(deps: AuthServiceDeps) {
  const { db, auth, mailer } = deps;
  const now = deps.now ?? (() => new Date());
  const throttle = createThrottle(db, now);
  const sessions = createSessionCache(deps.changes);
  const secondFactor: SecondFactorService = createSecondFactorService({
    db,
    secret: auth.options.secret as string,
    now,
    ...(deps.onSecondFactorChange ? { onSecondFactorChange: deps.onSecondFactorChange } : {}),
  });
  const logMailFailure = (err: unknown, what: string) =>
    deps.log?.error({ err }, `${what} email could not be sent`);

  async function sendVerification(row: q.UserRow): Promise<void> {
    if (!mailer) return;
    const token = randomBytes(32).toString("base64url");
    const ctx = await auth.$context;
    await ctx.internalAdapter.createVerificationValue({
      identifier: `${VERIFY_PREFIX}${token}`,
      value: row.id,
      expiresAt: new Date(now().getTime() + EMAIL_VERIFICATION_HOURS * 60 * MINUTE_MS),
    });
    await mailer.sendVerification(row, token, `account-verify-${row.id}-${token.slice(0, 16)}`);
  }

  /** 429 while `key` is locked; `what` says what is paused. */
  async function refuseWhileLocked(key: string, message: (minutes: number) => string): Promise<void> {
    const ms = await throttle.lockedFor(key);
    if (ms > 0) throw new AppError(429, ERROR_CODES.accountLocked, message(minutesOf(ms)));
  }

  /** Checks a current password (change, deletion) under the per-account limit of wrong guesses. */
  async function checkCurrentPassword(userId: string, ok: () => Promise<boolean>): Promise<boolean> {
    const key = currentPasswordKey(userId);
    await refuseWhileLocked(
      key,
      (m) => `Too many wrong passwords. Please wait ${m} minutes and try again, or reset your password.`,
    );
    if (await ok()) return true;
    await throttle.count(key, CURRENT_PASSWORD_THROTTLE);
    return false;
  }

  // Whether a user signed in by cookie has a password, read with the session (no second query).
  const hasPasswordOf = new WeakMap<q.UserRow, boolean>();
  // The session a user row was read with (its id and second-factor proof), for the access check.
  const sessionOf = new WeakMap<q.UserRow, SessionSecondFactor>();
  // The workspace membership read with the session (null: the person belongs to none).
  const membershipOf = new WeakMap<q.UserRow, SessionMembership | null>();
  // The working workspace's subscription read with the session (GET /api/auth/user needs no more).
  const planOf = new WeakMap<q.UserRow, { workspaceId: string; plan: q.WorkspacePlanRow }>();

  /** Keeps what the one session read says beside the user row it returns. */
  function remember(row: q.SessionRow): SessionUser {
    hasPasswordOf.set(row.user, Boolean(row.hasPassword));
    sessionOf.set(row.user, { id: row.id, secondFactorAt: row.secondFactorAt });
    const membership =
      row.workspaceId && row.role
        ? { id: row.workspaceId, role: row.role as TWorkspaceRole, leadsShared: row.leadsShared === true }
        : null;
    membershipOf.set(row.user, membership);
    if (membership && row.workspacePlan)
      planOf.set(row.user, { workspaceId: membership.id, plan: row.workspacePlan });
    if (membership && Date.now() - (row.lastActiveAt?.getTime() ?? 0) > ACTIVITY_STEP_MS) {
      // Best effort: the request does not wait for it, nor fail with it. A kept session read
      // (decision 0059) remembers the touch, so the next read does not write again.
      row.lastActiveAt = new Date();
      void q.touchMembership(db, membership.id, row.user.id).catch(() => undefined);
    }
    return row.user;
  }

  /** The user as the API shows it; a row read without a session (a sign-in) is a new session's. */
  async function publicUser(row: q.UserRow, leadsShared?: boolean, workspaceId = row.id): Promise<TUser> {
    const known = hasPasswordOf.get(row);
    const read = planOf.get(row);
    return toPublicUser(
      row,
      known ?? (await q.findPasswordHash(db, row.id)) !== null,
      await secondFactor.state(row, sessionOf.get(row), leadsShared),
      read?.workspaceId === workspaceId ? read.plan : await q.workspacePlanOf(db, workspaceId),
    );
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
      await assertAcceptablePassword(data.password, data);
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
        const row = await loadActiveUser(response.user.id);
        // The account exists either way; a mail that fails now can be sent again from the banner.
        await sendVerification(row).catch((err: unknown) => logMailFailure(err, "verification"));
        return { result: await publicUser(row), cookies: out.getSetCookie() };
      } catch (error) {
        const code = errorCode(error);
        if (code?.startsWith("USER_ALREADY_EXISTS"))
          throw AppError.conflict(ERROR_CODES.emailTaken, EMAIL_TAKEN);
        throw error;
      }
    },

    async login(input: TLogin, headers: Headers): Promise<WithCookies<TUser>> {
      // Counted per address whether or not it has an account, so a pause reveals nothing.
      const key = loginKey(input.email);
      await refuseWhileLocked(
        key,
        (m) => `Too many failed sign-ins for this account. Please wait ${m} minutes, or reset your password.`,
      );
      // Unknown emails go on to better-auth, which spends the same hashing time on them.
      const existing = await q.findUserByEmail(db, input.email);
      const fail = async () => {
        const { locked } = await throttle.count(key, LOGIN_THROTTLE);
        if (locked && existing && !existing.deletedAt && mailer) {
          await mailer
            .sendLocked(existing, minutesOf(LOGIN_THROTTLE.lockMs))
            .catch((err: unknown) => logMailFailure(err, "sign-in lock"));
        }
        return new AppError(401, ERROR_CODES.invalidCredentials, INVALID_CREDENTIALS);
      };
      if (existing?.deletedAt) throw await fail();
      try {
        const { headers: out, response } = await auth.api.signInEmail({
          body: { email: input.email, password: input.password, rememberMe: true },
          headers,
          returnHeaders: true,
        });
        await throttle.clear(key);
        return {
          result: await publicUser(await loadActiveUser(response.user.id)),
          cookies: out.getSetCookie(),
        };
      } catch (error) {
        if (error instanceof APIError && error.statusCode < 500) throw await fail();
        throw error;
      }
    },

    /**
     * The signed-in user from the session cookie alone, in one indexed read of session and user
     * (decision 0023): null when signed out (no cookie, a forged one, no such session, a deleted
     * account); undefined when better-auth must see the request (the session's daily refresh is
     * due, it expired, or it passed SESSION_MAX_DAYS): then `currentSession` answers.
     */
    /** The session token a Cookie header carries when its signature holds (the active workspace is kept per session). */
    sessionToken(cookieHeader: string | undefined): string | null {
      const value = sessionCookieOf(cookieHeader);
      return value ? verifiedToken(value, auth.options.secret as string) : null;
    },

    /**
     * The signed-in user of a cookie: null when signed out, undefined when better-auth has work to
     * do (refresh, expiry). A read (`reuse`) may be answered from the session read of an earlier
     * read (decision 0059): only after this process has heard of every change committed before the
     * request came (one marker notification, shared by the requests waiting for it), so whatever
     * ends access still shows on the very next request. Writes always read the session afresh.
     */
    async sessionFromCookie(
      cookieHeader: string | undefined,
      options: { reuse?: boolean } = {},
    ): Promise<SessionUser | null | undefined> {
      const value = sessionCookieOf(cookieHeader);
      if (!value) return null;
      const token = verifiedToken(value, auth.options.secret as string);
      if (!token) return null;
      const kept = options.reuse ? await sessions.current(token) : null;
      const generation = sessions.generation;
      const row = kept ?? (await q.findSessionWithUser(db, token));
      if (!row) return null;
      const at = Date.now();
      const refreshDue =
        row.expiresAt.getTime() - SESSION_DAYS * DAY_MS + SESSION_REFRESH_SECONDS * 1000 <= at;
      const tooOld = now().getTime() - row.createdAt.getTime() > SESSION_MAX_DAYS * DAY_MS;
      if (refreshDue || tooOld || row.expiresAt.getTime() <= at) {
        sessions.drop(token);
        return undefined;
      }
      if (row.user.deletedAt) return null;
      if (options.reuse && !kept) sessions.set(token, row, generation);
      return remember(row);
    },

    /** The signed-in user, or null. Forwards the cookie refresh better-auth makes once a day. */
    async currentSession(headers: Headers): Promise<WithCookies<SessionUser | null>> {
      const { headers: out, response } = await auth.api.getSession({ headers, returnHeaders: true });
      if (!response) return { result: null, cookies: out.getSetCookie() };
      // better-auth slides the 7-day expiry on use; besides it, a session ends 30 days after sign-in.
      if (now().getTime() - new Date(response.session.createdAt).getTime() > SESSION_MAX_DAYS * DAY_MS) {
        await q.deleteSession(db, response.session.id);
        return { result: null, cookies: [expiredSessionCookie()] };
      }
      // The same one read as every other request (user, second factor, membership) after the refresh.
      const row = await q.findSessionWithUser(db, response.session.token);
      return {
        result: row && !row.user.deletedAt ? remember(row) : null,
        cookies: out.getSetCookie(),
      };
    },

    /**
     * The workspace membership read with the session of this user row (the access check's workspace):
     * null when the person belongs to none; undefined for a row not read with a session.
     */
    membershipOf: (user: q.UserRow): SessionMembership | null | undefined => membershipOf.get(user),

    publicUser,

    /** Two-factor sign-in: enrolment, codes, the session's state (decision 0052). */
    secondFactor,

    /** The session the signed-in user of this request came with (set by sessionFromCookie/currentSession). */
    sessionOf: (user: q.UserRow): SessionSecondFactor | undefined => sessionOf.get(user),
    /** The session a signed-in request's user was read with; 401 for a user read without one. */
    requireSessionOf(user: q.UserRow): SessionSecondFactor {
      const session = sessionOf.get(user);
      if (!session) throw AppError.unauthorized();
      return session;
    },

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

    /** What the sign-in page may offer: Google only when this server has its client configured. */
    signInOptions(): { google: boolean } {
      return { google: deps.googleConfigured };
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

    async updateProfile(current: q.UserRow, patch: TUpdateProfile): Promise<TUser> {
      const userId = current.id;
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
      const session = sessionOf.get(current);
      if (session) sessionOf.set(updated, session);
      return publicUser(updated);
    },

    async changePassword(user: q.UserRow, input: TChangePassword, headers: Headers): Promise<string[]> {
      await assertAcceptablePassword(input.newPassword, user);
      const key = currentPasswordKey(user.id);
      await refuseWhileLocked(
        key,
        (m) => `Too many wrong passwords. Please wait ${m} minutes and try again, or reset your password.`,
      );
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
        // better-auth hands this browser a new session: it keeps the second factor the old one proved.
        const proved = sessionOf.get(user)?.secondFactorAt;
        if (proved) await markNewestSessionVerified(db, user.id, proved);
        return out.getSetCookie();
      } catch (error) {
        const code = errorCode(error);
        if (code === "INVALID_PASSWORD") await throttle.count(key, CURRENT_PASSWORD_THROTTLE);
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
      const confirmed = await checkCurrentPassword(userId, async () =>
        hash
          ? (await auth.$context).password.verify({ hash, password })
          : password.trim().toLowerCase() === row.email,
      );
      if (!confirmed) {
        throw AppError.badRequest(
          ERROR_CODES.invalidPassword,
          hash ? "Password is incorrect" : "Type your email address to confirm",
        );
      }
      // Workspaces created for a team are deleted (or handed over) by their owner first.
      const owned = await q.ownedTeamWorkspaces(db, userId);
      if (owned.length > 0) {
        throw AppError.conflict(
          ERROR_CODES.conflict,
          `You own other workspaces (${owned.join(", ")}): delete them or transfer their ownership on the team page before deleting your account.`,
        );
      }
      // The personal workspace, and all its data, goes with the account: not while others work in it.
      if ((await q.countOtherMembers(db, userId)) > 0) {
        throw AppError.conflict(
          ERROR_CODES.conflict,
          "Other people are members of your workspace: remove them on the team page before deleting your account (the workspace and its data are deleted with it).",
        );
      }
      const deletedAt = new Date();
      await q.updateUser(db, userId, { deletedAt });
      await q.deleteSessionsOf(db, userId);
      return { purgeAt: new Date(deletedAt.getTime() + ACCOUNT_PURGE_DAYS * DAY_MS) };
    },

    async purgeDeletedAccounts(now = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - ACCOUNT_PURGE_DAYS * DAY_MS);
      await deps.beforePurge?.(cutoff);
      return q.purgeUsersDeletedBefore(db, cutoff);
    },

    /** Emails a new sign-up verification link (a few an hour). Says whether mail stays in the outbox. */
    async resendVerification(user: q.UserRow): Promise<{ outbox: boolean }> {
      const outbox = mailer?.providerName === "outbox";
      if (user.emailVerified) return { outbox };
      const key = verifyKey(user.id);
      await refuseWhileLocked(
        key,
        (m) => `Too many verification emails. Please wait ${m} minutes before asking for another.`,
      );
      await throttle.count(key, MAIL_THROTTLE);
      await sendVerification(user).catch((err: unknown) => {
        logMailFailure(err, "verification");
        throw new AppError(502, ERROR_CODES.emailFailed, "The email could not be sent. Please try again.");
      });
      return { outbox };
    },

    /** The link from the sign-up mail: once, within 24 hours. Returns the verified user's id, or null. */
    async verifyEmail(token: string): Promise<string | null> {
      if (!TOKEN_SHAPE.test(token)) return null;
      const ctx = await auth.$context;
      const row = await ctx.internalAdapter.consumeVerificationValue(`${VERIFY_PREFIX}${token}`);
      if (!row || new Date(row.expiresAt).getTime() < now().getTime()) return null;
      const user = await q.findUserById(db, row.value);
      if (!user || user.deletedAt) return null;
      await q.markEmailVerified(db, user.id);
      return user.id;
    },

    /**
     * "Forgot password?": the same quiet answer whatever the address. At most a few mails an hour
     * per address; the rest are dropped without saying so.
     */
    async requestPasswordReset(email: string): Promise<void> {
      const key = resetKey(email);
      if ((await throttle.lockedFor(key)) > 0) return;
      await throttle.count(key, MAIL_THROTTLE);
      const existing = await q.findUserByEmail(db, email);
      if (existing?.deletedAt) return;
      await auth.api.requestPasswordReset({ body: { email } });
    },

    /**
     * Sets a new password from a reset link (once, within the hour), ends every session, and signs
     * the resetter in. Proving the mailbox also verifies the address: an unverified account
     * squatting it is reclaimed, its squatter signed out with everyone else.
     */
    async resetPassword(input: TResetPassword, headers: Headers): Promise<WithCookies<TUser>> {
      const invalid = () =>
        AppError.badRequest(
          ERROR_CODES.invalidToken,
          "This password reset link is invalid, used or expired. Ask for a new one.",
        );
      if (!TOKEN_SHAPE.test(input.token)) throw invalid();
      const ctx = await auth.$context;
      const found = await ctx.internalAdapter.findVerificationValue(`${RESET_PREFIX}${input.token}`);
      if (!found || new Date(found.expiresAt).getTime() < now().getTime()) throw invalid();
      const user = await q.findUserById(db, found.value);
      if (!user || user.deletedAt) throw invalid();
      await assertAcceptablePassword(input.password, user);
      try {
        await auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
      } catch (error) {
        if (error instanceof APIError && error.statusCode < 500) throw invalid();
        throw error;
      }
      await q.markEmailVerified(db, user.id);
      await throttle.clear(loginKey(user.email));
      await throttle.clear(currentPasswordKey(user.id));
      await mailer?.sendResetDone(user).catch((err: unknown) => logMailFailure(err, "password changed"));
      const { headers: out, response } = await auth.api.signInEmail({
        body: { email: user.email, password: input.password, rememberMe: true },
        headers,
        returnHeaders: true,
      });
      return {
        result: await publicUser(await loadActiveUser(response.user.id)),
        cookies: out.getSetCookie(),
      };
    },

    /** better-auth's sendResetPassword: the mail in the owner's language; a failure is logged, not shown. */
    async sendResetMail(userId: string, token: string): Promise<void> {
      const user = await q.findUserById(db, userId);
      if (!user || !mailer) return;
      await mailer
        .sendReset(user, token, `password-reset-${userId}-${token.slice(0, 16)}`)
        .catch((err: unknown) => logMailFailure(err, "password reset"));
    },

    /** For operators (`npm run admin -- reset-password`): a one-time reset link, valid for an hour. */
    async createResetToken(email: string): Promise<string> {
      const user = await q.findUserByEmail(db, email);
      if (!user || user.deletedAt) throw AppError.notFound(`No user with email ${email}`);
      const token = randomBytes(24).toString("base64url");
      const ctx = await auth.$context;
      await ctx.internalAdapter.createVerificationValue({
        identifier: `${RESET_PREFIX}${token}`,
        value: user.id,
        expiresAt: new Date(now().getTime() + PASSWORD_RESET_MINUTES * MINUTE_MS),
      });
      return token;
    },

    /** Starts a trial's clock again or moves a user to a plan; used by the admin command and billing. */
    /** Sets the plan of the account's personal workspace (the admin command names people, not workspaces). */
    async setPlan(email: string, plan: string): Promise<q.WorkspacePlanRow> {
      const row = await q.findUserByEmail(db, email);
      if (!row) throw AppError.notFound(`No user with email ${email}`);
      const parsed = ZPlanId.parse(plan);
      const updated = await q.updateWorkspacePlan(db, row.id, {
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
