import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./constants/auth.ts";
import { ZLanguage } from "./languages.ts";
import { ZPlanId, ZSubscriptionStatus } from "./plans.ts";
import { zText } from "./text.ts";

export * from "./constants/auth.ts";

const ZEmail = zText("email")
  .trim()
  .toLowerCase()
  .max(254, { error: "email is too long" })
  .pipe(z.email({ error: "email must be a valid email address" }));

const ZNewPassword = z
  .string({ error: "password is required" })
  .min(PASSWORD_MIN_LENGTH, { error: `password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(PASSWORD_MAX_LENGTH, { error: `password must be at most ${PASSWORD_MAX_LENGTH} characters` });

const ZName = (field: string) =>
  zText(field)
    .trim()
    .min(1, { error: `${field} is required` })
    .max(100, { error: `${field} must be at most 100 characters` });

export const ZLogin = z.object({
  email: ZEmail,
  password: z
    .string({ error: "password is required" })
    .min(1, { error: "password is required" })
    .max(PASSWORD_MAX_LENGTH),
});
export type TLogin = z.infer<typeof ZLogin>;

export const ZRegister = z.object({
  email: ZEmail,
  password: ZNewPassword,
  firstName: ZName("firstName"),
  lastName: zText("lastName")
    .trim()
    .max(100, { error: "lastName must be at most 100 characters" })
    .optional()
    .default(""),
  language: ZLanguage.optional(),
});
export type TRegister = z.input<typeof ZRegister>;

/**
 * Where the session stands with two-factor sign-in (decision 0052): `pending` until this session
 * proves the second factor, `enrolment_required` while a user who must use it has not set it up;
 * in both states only the two-factor endpoints answer (403 otherwise).
 */
export const ZSecondFactorState = z.enum(["ok", "pending", "enrolment_required"]);
export type TSecondFactorState = z.infer<typeof ZSecondFactorState>;

/** The signed-in user as the API shows it: never the password, never internal ids of other tables. */
export const ZUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  language: ZLanguage.nullable(),
  plan: ZPlanId,
  subscriptionStatus: ZSubscriptionStatus,
  trialEndsAt: z.iso.datetime().nullable(),
  subscriptionEndsAt: z.iso.datetime().nullable(),
  hasPassword: z.boolean(),
  /** False until the owner opens the link emailed at sign-up: mail to others and purchases wait for it. */
  emailVerified: z.boolean(),
  createdAt: z.iso.datetime(),
  /** `enabled`: the authenticator app (TOTP) is on; `passkey`: the user has a passkey (decision 0052). */
  secondFactor: z.object({ enabled: z.boolean(), passkey: z.boolean(), state: ZSecondFactorState }),
});
export type TUser = z.infer<typeof ZUser>;

export const ZUpdateProfile = z.object({
  firstName: ZName("firstName").optional(),
  lastName: zText("lastName")
    .trim()
    .max(100, { error: "lastName must be at most 100 characters" })
    .optional(),
  language: ZLanguage.nullable().optional(),
});
export type TUpdateProfile = z.infer<typeof ZUpdateProfile>;

export const ZChangePassword = z.object({
  currentPassword: z
    .string({ error: "currentPassword is required" })
    .min(1, { error: "currentPassword is required" }),
  newPassword: ZNewPassword,
});
export type TChangePassword = z.infer<typeof ZChangePassword>;

export const ZDeleteAccount = z.object({
  password: z.string({ error: "password is required" }).min(1, { error: "password is required" }),
});
export type TDeleteAccount = z.infer<typeof ZDeleteAccount>;

export const ZDeleteAccountResult = z.object({ ok: z.literal(true), purgeAt: z.iso.datetime() });
export type TDeleteAccountResult = z.infer<typeof ZDeleteAccountResult>;

/** POST /api/auth/forgot-password: always the same answer, whether or not the address has an account. */
export const ZForgotPassword = z.object({ email: ZEmail });
export type TForgotPassword = z.infer<typeof ZForgotPassword>;

/** POST /api/auth/reset-password: the token from the emailed link and the new password. */
export const ZResetPassword = z.object({
  token: z.string({ error: "token is required" }).trim().min(1, { error: "token is required" }).max(200),
  password: ZNewPassword,
});
export type TResetPassword = z.infer<typeof ZResetPassword>;

/** POST /api/auth/verify-email/resend: where the link went, and whether mail stays in the app's outbox. */
export const ZVerificationSent = z.object({ ok: z.literal(true), outbox: z.boolean() });
export type TVerificationSent = z.infer<typeof ZVerificationSent>;

export const ZOk = z.object({ ok: z.literal(true) });
export type TOk = z.infer<typeof ZOk>;

/** GET /api/auth/options: the ways of signing in this server offers (Google only when configured). */
export const ZSignInOptions = z.object({ google: z.boolean() });
export type TSignInOptions = z.infer<typeof ZSignInOptions>;

/** A code from the authenticator app (6 digits) or a backup code (`xxxxx-xxxxx`); spaces ignored. */
export const ZSecondFactorCode = z.object({
  code: z
    .string({ error: "code is required" })
    .transform((v) => v.replace(/\s+/g, "").toLowerCase())
    .pipe(
      z
        .string()
        .regex(/^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/, { error: "code must be 6 digits or a backup code" }),
    ),
});
export type TSecondFactorCode = z.input<typeof ZSecondFactorCode>;

export const ZSecondFactorStatus = z.object({
  enabled: z.boolean(),
  /** Whether this account must use two-factor sign-in (it cannot be turned off then). */
  required: z.boolean(),
  backupCodesLeft: z.number().int(),
  /** How many passkeys the user has: each counts as a second factor too. */
  passkeys: z.number().int(),
});
export type TSecondFactorStatus = z.infer<typeof ZSecondFactorStatus>;

/** A new authenticator secret to confirm: the key to type, the otpauth:// URI and its QR code (SVG). */
export const ZSecondFactorSetup = z.object({
  key: z.string(),
  uri: z.string(),
  qrSvg: z.string(),
});
export type TSecondFactorSetup = z.infer<typeof ZSecondFactorSetup>;

/** Backup codes in clear, shown once. */
export const ZBackupCodes = z.object({ backupCodes: z.array(z.string()) });
export type TBackupCodes = z.infer<typeof ZBackupCodes>;

/** A passkey's name, given when it is added (and changed on /profile). */
export const ZPasskeyName = z.object({
  name: zText("name")
    .trim()
    .min(1, { error: "name is required" })
    .max(60, { error: "name must be at most 60 characters" }),
});
export type TPasskeyName = z.infer<typeof ZPasskeyName>;

/** A passkey as /profile lists it (never its key or credential id). */
export const ZPasskey = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  /** Synced between the person's devices (iCloud Keychain, Google Password Manager…). */
  backedUp: z.boolean(),
});
export type TPasskey = z.infer<typeof ZPasskey>;
export const ZPasskeyList = z.object({ passkeys: z.array(ZPasskey) });
export type TPasskeyList = z.infer<typeof ZPasskeyList>;

/**
 * WebAuthn options for the browser (`navigator.credentials.create/get`, read by
 * @simplewebauthn/browser); the server checks them, the app passes them through untouched.
 */
export const ZPasskeyOptions = z.object({ options: z.record(z.string(), z.unknown()) });
export type TPasskeyOptions = z.infer<typeof ZPasskeyOptions>;

/** The browser's answer to those options (a JSON-encoded credential), checked by the server. */
const ZCredentialJson = z
  .object({
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal("public-key"),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
    authenticatorAttachment: z.string().max(40).optional(),
  })
  .loose();

export const ZPasskeyRegistration = ZPasskeyName.extend({ credential: ZCredentialJson });
export type TPasskeyRegistration = z.input<typeof ZPasskeyRegistration>;

export const ZPasskeyAssertion = z.object({ credential: ZCredentialJson });
export type TPasskeyAssertion = z.input<typeof ZPasskeyAssertion>;
