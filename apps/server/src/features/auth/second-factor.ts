import { createHmac, randomInt } from "node:crypto";
import { ERROR_CODES, type TSecondFactorState, type TSecondFactorStatus } from "@shobai/shared";
import * as OTPAuth from "otpauth";
import QRCode from "qrcode";
import type { Database } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { createSecretBox } from "../../lib/secret-box";
import { countPasskeys, deleteAllPasskeys } from "./passkey-queries";
import type { UserRow } from "./queries";
import * as q from "./second-factor-queries";
import { createThrottle, type ThrottleRule } from "./throttle";

const MINUTE_MS = 60 * 1000;
/** TOTP as every authenticator app reads it (RFC 6238 defaults): SHA-1, 6 digits, 30 s. */
const PERIOD_SECONDS = 30;
/** Codes of the previous and next step are accepted too (clock drift, a code typed as it rolls over). */
const WINDOW = 1;
export const BACKUP_CODE_COUNT = 10;
/** A sensitive action asks for the second factor again when the last proof is older than this. */
export const SECOND_FACTOR_FRESH_MS = 15 * MINUTE_MS;
/** Wrong codes per account: the 5th within 15 minutes pauses code entry for 15 minutes. */
export const SECOND_FACTOR_THROTTLE: ThrottleRule = {
  max: 5,
  windowMs: 15 * MINUTE_MS,
  lockMs: 15 * MINUTE_MS,
};
const throttleKey = (userId: string) => `second-factor:${userId}`;
/** Backup codes: 10 characters of a 31-letter alphabet without look-alikes (about 49 bits), shown as xxxxx-xxxxx. */
const BACKUP_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/**
 * Whether this user must use two-factor sign-in (issue 24): owners and administrators of a
 * workspace with other members, and accounts an operator marked (`npm run admin -- require-2fa`).
 * Asked only for users without 2FA (the access check stops asking once they enrol).
 */
export async function secondFactorRequired(
  db: Database,
  userId: string,
  /** The user row when the caller has it (the access check): the flag is read from it, no query. */
  row?: Pick<UserRow, "secondFactorRequired">,
): Promise<boolean> {
  if (row ? row.secondFactorRequired : await q.isSecondFactorRequired(db, userId)) return true;
  return q.leadsSharedWorkspace(db, userId);
}

/** The user has a second factor: the authenticator app (TOTP) or at least one passkey (decision 0052). */
export const hasSecondFactor = (user: Pick<UserRow, "secondFactorEnabled" | "hasPasskey">): boolean =>
  user.secondFactorEnabled || user.hasPasskey;

/** 2FA turned on or off for a user: the hook for the workspace audit log (who, from where, when). */
export type SecondFactorChange = {
  userId: string;
  event: "enabled" | "disabled" | "backup_codes_regenerated" | "backup_code_used";
  ip: string | undefined;
  at: Date;
};

export type SecondFactorDeps = {
  db: Database;
  /** AUTH_SECRET: seals the TOTP secrets and keys the backup code hashes. */
  secret: string;
  now?: () => Date;
  onSecondFactorChange?: (change: SecondFactorChange) => Promise<void> | void;
};

/** The session a request came with, as the access check sees it. */
export type SessionSecondFactor = { id: string; secondFactorAt: Date | null };

export function createSecondFactorService(deps: SecondFactorDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const box = createSecretBox(deps.secret, "totp-secret");
  const backupKey = createHmac("sha256", deps.secret).update("shobai:backup-codes").digest();
  const throttle = createThrottle(db, now);

  const hashBackupCode = (userId: string, code: string) =>
    createHmac("sha256", backupKey)
      .update(`${userId}:${code.replace("-", "")}`)
      .digest("base64url");

  function newBackupCodes(): string[] {
    return Array.from({ length: BACKUP_CODE_COUNT }, () => {
      const chars = Array.from({ length: 10 }, () => BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)]);
      return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
    });
  }

  function totpOf(sealed: string, label: string): OTPAuth.TOTP {
    return new OTPAuth.TOTP({
      issuer: "Shobai",
      label,
      algorithm: "SHA1",
      digits: 6,
      period: PERIOD_SECONDS,
      secret: OTPAuth.Secret.fromBase32(box.open(sealed)),
    });
  }

  const wrongCode = () =>
    AppError.badRequest(
      ERROR_CODES.invalidSecondFactorCode,
      "This code is not valid. Check it and try again.",
    );

  async function refuseWhileLocked(userId: string): Promise<void> {
    const ms = await throttle.lockedFor(throttleKey(userId));
    if (ms > 0) {
      throw new AppError(
        429,
        ERROR_CODES.accountLocked,
        `Too many wrong codes. Please wait ${Math.max(1, Math.ceil(ms / MINUTE_MS))} minutes and try again.`,
      );
    }
  }

  /** A TOTP code for the stored secret, each time step at most once. */
  async function checkTotp(user: UserRow, row: q.SecondFactorRow, code: string): Promise<boolean> {
    if (!/^\d{6}$/.test(code)) return false;
    const at = now().getTime();
    const delta = totpOf(row.totpSecret, user.email).validate({ token: code, timestamp: at, window: WINDOW });
    if (delta === null) return false;
    const step = Math.floor(at / 1000 / PERIOD_SECONDS) + delta;
    return q.useStep(db, user.id, step);
  }

  /**
   * Checks a code under the lockout rule: `backup` allows a backup code (spent on success). Wrong
   * codes are counted and all answered alike, whatever was wrong.
   */
  async function checkCode(
    user: UserRow,
    code: string,
    { backup, pendingOk = false }: { backup: boolean; pendingOk?: boolean },
  ): Promise<"totp" | "backup"> {
    await refuseWhileLocked(user.id);
    const row = await q.findSecondFactor(db, user.id);
    const usable = row && (row.enabledAt !== null || pendingOk);
    if (usable && (await checkTotp(user, row, code))) {
      await throttle.clear(throttleKey(user.id));
      return "totp";
    }
    if (usable && backup && row.enabledAt && !/^\d{6}$/.test(code)) {
      if (await q.consumeBackupCode(db, user.id, hashBackupCode(user.id, code))) {
        await throttle.clear(throttleKey(user.id));
        return "backup";
      }
    }
    await throttle.count(throttleKey(user.id), SECOND_FACTOR_THROTTLE);
    throw wrongCode();
  }

  async function announce(userId: string, event: SecondFactorChange["event"], ip: string | undefined) {
    await deps.onSecondFactorChange?.({ userId, event, ip, at: now() });
  }

  async function sealBackupCodes(userId: string): Promise<{ codes: string[]; hashes: string[] }> {
    const codes = newBackupCodes();
    return { codes, hashes: codes.map((c) => hashBackupCode(userId, c)) };
  }

  return {
    /** Where `session` stands (see ZSecondFactorState). */
    async state(
      user: UserRow,
      session: SessionSecondFactor | undefined,
      /** Known from the request's workspace read; asked of the database when not given. */
      leadsShared?: boolean,
    ): Promise<TSecondFactorState> {
      // A passkey is a second factor too: a password or Google session waits for either.
      if (hasSecondFactor(user)) return session?.secondFactorAt ? "ok" : "pending";
      const required =
        user.secondFactorRequired || (leadsShared ?? (await secondFactorRequired(db, user.id, user)));
      return required ? "enrolment_required" : "ok";
    },

    /** Whether the session proved the second factor recently enough for a sensitive action. */
    isFresh(user: UserRow, session: SessionSecondFactor | undefined): boolean {
      if (!hasSecondFactor(user)) return true;
      const at = session?.secondFactorAt?.getTime();
      return at !== undefined && now().getTime() - at <= SECOND_FACTOR_FRESH_MS;
    },

    async status(user: UserRow): Promise<TSecondFactorStatus> {
      return {
        enabled: user.secondFactorEnabled,
        required: await secondFactorRequired(db, user.id),
        backupCodesLeft: user.secondFactorEnabled ? await q.countBackupCodes(db, user.id) : 0,
        passkeys: await countPasskeys(db, user.id),
      };
    },

    /** A new secret to scan or type; two-factor sign-in stays off until `enable` confirms a code. */
    async setup(user: UserRow): Promise<{ key: string; uri: string; qrSvg: string }> {
      if (user.secondFactorEnabled)
        throw AppError.conflict(ERROR_CODES.conflict, "Two-factor sign-in is already on. Turn it off first.");
      const key = new OTPAuth.Secret({ size: 20 }).base32;
      const sealed = box.seal(key);
      await q.startEnrolment(db, user.id, sealed);
      const uri = totpOf(sealed, user.email).toString();
      const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
      return { key, uri, qrSvg };
    },

    /** Confirms the new secret with a code from the app: turns 2FA on, this session counts as verified. */
    async enable(user: UserRow, code: string, session: SessionSecondFactor, ip?: string): Promise<string[]> {
      if (user.secondFactorEnabled)
        throw AppError.conflict(ERROR_CODES.conflict, "Two-factor sign-in is already on.");
      const row = await q.findSecondFactor(db, user.id);
      if (!row) throw AppError.conflict(ERROR_CODES.conflict, "Start the set-up first.");
      await checkCode(user, code, { backup: false, pendingOk: true });
      const { codes, hashes } = await sealBackupCodes(user.id);
      const at = now();
      await q.enable(db, user.id, at, hashes);
      await q.markSessionVerified(db, session.id, at);
      session.secondFactorAt = at;
      await announce(user.id, "enabled", ip);
      return codes;
    },

    /** The code screen after sign-in (and before a sensitive action): marks the session verified. */
    async verify(user: UserRow, code: string, session: SessionSecondFactor, ip?: string): Promise<void> {
      if (!user.secondFactorEnabled) throw wrongCode();
      const how = await checkCode(user, code, { backup: true });
      const at = now();
      await q.markSessionVerified(db, session.id, at);
      session.secondFactorAt = at;
      if (how === "backup") await announce(user.id, "backup_code_used", ip);
    },

    async regenerateBackupCodes(user: UserRow, code: string, ip?: string): Promise<string[]> {
      if (!user.secondFactorEnabled)
        throw AppError.conflict(ERROR_CODES.conflict, "Two-factor sign-in is off.");
      await checkCode(user, code, { backup: false });
      const { codes, hashes } = await sealBackupCodes(user.id);
      await q.replaceBackupCodes(db, user.id, hashes);
      await announce(user.id, "backup_codes_regenerated", ip);
      return codes;
    },

    async disable(user: UserRow, code: string, ip?: string): Promise<void> {
      if (!user.secondFactorEnabled)
        throw AppError.conflict(ERROR_CODES.conflict, "Two-factor sign-in is off.");
      // A user who must use two-factor sign-in may drop the app while a passkey remains.
      if (!user.hasPasskey && (await secondFactorRequired(db, user.id))) {
        throw new AppError(
          403,
          ERROR_CODES.secondFactorEnrolmentRequired,
          "Your account must use two-factor sign-in; it cannot be turned off.",
        );
      }
      await checkCode(user, code, { backup: true });
      await q.disable(db, user.id);
      await announce(user.id, "disabled", ip);
    },

    /** For operators: `npm run admin -- require-2fa <email> on|off`. */
    setRequired: (userId: string, required: boolean) => q.setSecondFactorRequired(db, userId, required),

    /** An operator's recovery for a user who lost both the app and the backup codes. */
    reset: async (userId: string) => {
      await q.disable(db, userId);
      await deleteAllPasskeys(db, userId);
      await announce(userId, "disabled", undefined);
    },
  };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
