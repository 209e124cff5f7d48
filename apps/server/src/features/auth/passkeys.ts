import { createHmac } from "node:crypto";
import {
  ERROR_CODES,
  type TPasskey,
  type TPasskeyAssertion,
  type TPasskeyRegistration,
} from "@shobai/shared";
import {
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { Database } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Auth } from "./auth-instance";
import { SESSION_COOKIE, SESSION_DAYS } from "./auth-instance";
import * as pq from "./passkey-queries";
import type { UserRow } from "./queries";
import * as q from "./queries";
import { secondFactorRequired } from "./second-factor";
import { markSessionVerified } from "./second-factor-queries";

/** A challenge must be answered within this (the browser's own timeout is the same). */
export const PASSKEY_CHALLENGE_MS = 5 * 60 * 1000;
const TIMEOUT_MS = 60 * 1000;
/**
 * EdDSA, ES256, RS256: what authenticators use. Not the library's default ML-DSA-44, which Node 24
 * offers only as an experimental Web Crypto algorithm (and warns about on first use).
 */
const ALGORITHMS = [-8, -7, -257];

export type PasskeyDeps = {
  db: Database;
  auth: Auth;
  /** The origin people use (PUBLIC_URL): its host name is the relying party id. */
  publicUrl: string;
  now?: () => Date;
};

type SessionRef = { id: string; secondFactorAt: Date | null };

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

/**
 * Passkeys (WebAuthn, decision 0052) with @simplewebauthn/server: registration on /profile (or in
 * place of the authenticator app when a user must enrol), a sign-in of their own, and a second step
 * for a session waiting for its second factor. User verification is always required, so a passkey
 * is two factors (the device and its PIN or biometrics).
 */
export function createPasskeyService(deps: PasskeyDeps) {
  const { db, auth } = deps;
  const now = deps.now ?? (() => new Date());
  const origin = new URL(deps.publicUrl).origin;
  const rpID = new URL(deps.publicUrl).hostname;
  const secret = auth.options.secret as string;

  const invalid = () =>
    AppError.badRequest(
      ERROR_CODES.invalidPasskey,
      "This passkey could not be used. Try again or sign in another way.",
    );

  async function remember(challenge: string, purpose: pq.ChallengePurpose, userId: string | null) {
    const at = now();
    await pq.saveChallenge(db, challenge, purpose, userId, new Date(at.getTime() + PASSKEY_CHALLENGE_MS), at);
  }

  /** The challenge the browser signed, read from its client data (checked again by the library). */
  function challengeOf(credential: TPasskeyAssertion["credential"]): string {
    const data = credential.response.clientDataJSON;
    if (typeof data !== "string" || data.length > 4096) throw invalid();
    try {
      const parsed = JSON.parse(Buffer.from(data, "base64url").toString("utf8")) as { challenge?: unknown };
      if (typeof parsed.challenge !== "string") throw invalid();
      return parsed.challenge;
    } catch {
      throw invalid();
    }
  }

  async function spend(challenge: string, purpose: pq.ChallengePurpose, userId: string | null) {
    if (!(await pq.takeChallenge(db, challenge, purpose, userId, now()))) throw invalid();
  }

  /** Checks an assertion against one stored passkey; records its use. */
  async function checkAssertion(
    credential: TPasskeyAssertion["credential"],
    challenge: string,
    row: pq.PasskeyRow,
  ): Promise<void> {
    let verified = false;
    let newCounter = row.counter;
    try {
      const result = await verifyAuthenticationResponse({
        // biome-ignore lint/suspicious/noExplicitAny: the zod schema checked the shape; the library checks the rest.
        response: credential as any,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
        credential: {
          id: row.credentialId,
          publicKey: Buffer.from(row.publicKey, "base64url"),
          counter: row.counter,
          transports: row.transports as AuthenticatorTransport[],
        },
      });
      verified = result.verified;
      newCounter = result.authenticationInfo.newCounter;
    } catch {
      verified = false;
    }
    if (!verified) throw invalid();
    await pq.markUsed(db, row.id, newCounter, now());
  }

  function toPublic(row: pq.PasskeyRow): TPasskey {
    return {
      id: row.id,
      name: row.name,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      backedUp: row.backedUp,
    };
  }

  /** A session cookie in better-auth's format (token.HMAC-SHA256 signature, URI-encoded). */
  function sessionCookie(token: string): string {
    const signature = createHmac("sha256", secret).update(token).digest("base64");
    const value = encodeURIComponent(`${token}.${signature}`);
    return `${SESSION_COOKIE}=${value}; Max-Age=${SESSION_DAYS * 24 * 60 * 60}; Path=/; HttpOnly; SameSite=Lax`;
  }

  return {
    rpID,
    origin,

    async list(user: UserRow): Promise<TPasskey[]> {
      return (await pq.listPasskeys(db, user.id)).map(toPublic);
    },

    async registrationOptions(user: UserRow): Promise<Record<string, unknown>> {
      const existing = await pq.listPasskeys(db, user.id);
      const options = await generateRegistrationOptions({
        rpName: "Shobai",
        rpID,
        userName: user.email,
        userDisplayName: [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email,
        userID: new TextEncoder().encode(user.id),
        attestationType: "none",
        timeout: TIMEOUT_MS,
        excludeCredentials: existing.map((p) => ({
          id: p.credentialId,
          transports: p.transports as AuthenticatorTransport[],
        })),
        authenticatorSelection: { residentKey: "required", userVerification: "required" },
        supportedAlgorithmIDs: ALGORITHMS,
      });
      await remember(options.challenge, "register", user.id);
      return options as unknown as Record<string, unknown>;
    },

    /**
     * Stores a new passkey. The session that adds it counts as verified (like confirming the
     * authenticator app): the person just used the device with its PIN or biometrics.
     */
    async register(
      user: UserRow,
      input: TPasskeyRegistration,
      session: SessionRef | undefined,
    ): Promise<TPasskey> {
      const challenge = challengeOf(input.credential);
      await spend(challenge, "register", user.id);
      let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>["registrationInfo"];
      try {
        const result = await verifyRegistrationResponse({
          // biome-ignore lint/suspicious/noExplicitAny: the zod schema checked the shape; the library checks the rest.
          response: input.credential as any,
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
          supportedAlgorithmIDs: ALGORITHMS,
        });
        info = result.verified ? result.registrationInfo : undefined;
      } catch {
        info = undefined;
      }
      if (!info) throw invalid();
      if (await pq.findByCredentialId(db, info.credential.id))
        throw AppError.conflict(ERROR_CODES.conflict, "This passkey is already saved.");
      const at = now();
      const row = await pq.insertPasskey(db, {
        id: crypto.randomUUID(),
        userId: user.id,
        name: input.name,
        credentialId: info.credential.id,
        publicKey: b64url(info.credential.publicKey),
        counter: info.credential.counter,
        transports: info.credential.transports ?? [],
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        createdAt: at,
        updatedAt: at,
      });
      user.hasPasskey = true;
      if (session) {
        await markSessionVerified(db, session.id, at);
        session.secondFactorAt = at;
      }
      return toPublic(row);
    },

    async rename(user: UserRow, id: string, name: string): Promise<TPasskey> {
      const row = await pq.renamePasskey(db, user.id, id, name);
      if (!row) throw AppError.notFound("No such passkey.");
      return toPublic(row);
    },

    /** Deletes one of the user's passkeys; not the last second factor of a user who must use one. */
    async remove(user: UserRow, id: string): Promise<void> {
      const mine = await pq.listPasskeys(db, user.id);
      if (!mine.some((p) => p.id === id)) throw AppError.notFound("No such passkey.");
      if (mine.length === 1 && !user.secondFactorEnabled && (await secondFactorRequired(db, user.id, user))) {
        throw new AppError(
          403,
          ERROR_CODES.secondFactorEnrolmentRequired,
          "Your account must use two-factor sign-in: add another passkey or the authenticator app first.",
        );
      }
      await pq.deletePasskey(db, user.id, id);
    },

    /** Options for "Sign in with a passkey": no account named, the browser offers the passkeys it has. */
    async signInOptions(): Promise<Record<string, unknown>> {
      const options = await generateAuthenticationOptions({
        rpID,
        userVerification: "required",
        timeout: TIMEOUT_MS,
      });
      await remember(options.challenge, "sign-in", null);
      return options as unknown as Record<string, unknown>;
    },

    /**
     * A passkey sign-in: a new session, already through two-factor sign-in (the passkey is two
     * factors). Answers the user and the cookie to set.
     */
    async signIn(
      input: TPasskeyAssertion,
      client: { ipAddress: string; userAgent: string },
    ): Promise<{ user: UserRow; hasPassword: boolean; cookie: string }> {
      const challenge = challengeOf(input.credential);
      await spend(challenge, "sign-in", null);
      const row = await pq.findByCredentialId(db, input.credential.id);
      if (!row) throw invalid();
      await checkAssertion(input.credential, challenge, row);
      const user = await q.findUserById(db, row.userId);
      if (!user || user.deletedAt) throw invalid();
      const ctx = await auth.$context;
      const session = await ctx.internalAdapter.createSession(user.id, false, client);
      if (!session) throw invalid();
      await markSessionVerified(db, session.id, now());
      const hasPassword = (await q.findPasswordHash(db, user.id)) !== null;
      return { user, hasPassword, cookie: sessionCookie(session.token) };
    },

    /** Options for the second step (or a fresh proof before a sensitive action) with one of the user's passkeys. */
    async verifyOptions(user: UserRow): Promise<Record<string, unknown>> {
      const mine = await pq.listPasskeys(db, user.id);
      if (mine.length === 0) throw invalid();
      const options = await generateAuthenticationOptions({
        rpID,
        userVerification: "required",
        timeout: TIMEOUT_MS,
        allowCredentials: mine.map((p) => ({
          id: p.credentialId,
          transports: p.transports as AuthenticatorTransport[],
        })),
      });
      await remember(options.challenge, "verify", user.id);
      return options as unknown as Record<string, unknown>;
    },

    /** The second step with a passkey: marks this session verified now. */
    async verify(user: UserRow, input: TPasskeyAssertion, session: SessionRef): Promise<void> {
      const challenge = challengeOf(input.credential);
      await spend(challenge, "verify", user.id);
      const row = await pq.findByCredentialId(db, input.credential.id);
      if (!row || row.userId !== user.id) throw invalid();
      await checkAssertion(input.credential, challenge, row);
      const at = now();
      await markSessionVerified(db, session.id, at);
      session.secondFactorAt = at;
    },

    /** An operator's recovery (`npm run admin -- reset-2fa`): the passkeys go with the app. */
    removeAll: (userId: string) => pq.deleteAllPasskeys(db, userId),
  };
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;
