/** Stable machine-readable codes; the message is for people, the code for programs. */
export const ERROR_CODES = {
  validation: "validation_error",
  /** A request the server could not read at all (a 4xx with no more specific code). */
  badRequest: "bad_request",
  payloadTooLarge: "payload_too_large",
  unsupportedMediaType: "unsupported_media_type",
  unauthorized: "unauthorized",
  forbidden: "forbidden",
  crossOrigin: "cross_origin_refused",
  notFound: "not_found",
  conflict: "conflict",
  /** A draft save or publish that started from an older draft revision than the stored one (another tab). */
  revisionConflict: "revision_conflict",
  emailTaken: "email_taken",
  invalidCredentials: "invalid_credentials",
  invalidPassword: "invalid_password",
  /** The account's address is not confirmed yet: nothing that mails others or costs money. */
  emailUnverified: "email_unverified",
  /** A new password that is among the most common (breached) passwords. */
  passwordTooCommon: "password_too_common",
  /** A new password equal to the email, its local part or the name. */
  passwordLikeIdentity: "password_like_identity",
  /** A verification or password-reset link that is unknown, used or expired. */
  invalidToken: "invalid_token",
  /** Too many failed sign-ins for one account: locked for a while (a password reset still works). */
  accountLocked: "account_locked",
  rateLimited: "rate_limited",
  /** This session has not proved the second factor yet: only the code screen and sign-out work. */
  secondFactorRequired: "second_factor_required",
  /** The account must enrol in two-factor sign-in before anything else. */
  secondFactorEnrolmentRequired: "second_factor_enrolment_required",
  /** A sensitive action whose second factor is older than 15 minutes: enter a code again. */
  secondFactorStale: "second_factor_stale",
  /** A wrong, used or expired authenticator or backup code (never says which). */
  invalidSecondFactorCode: "invalid_second_factor_code",
  /** A passkey answer the server could not accept (unknown passkey, expired or used challenge, bad signature). */
  invalidPasskey: "invalid_passkey",
  notConfigured: "not_configured",
  planLimit: "plan_limit",
  websiteLimit: "website_limit",
  importFailed: "import_failed",
  /** The site address (slug) another site uses, or one kept for the platform. */
  slugTaken: "slug_taken",
  generationFailed: "generation_failed",
  senderUnverified: "sender_unverified",
  emailFailed: "email_failed",
  emailLimit: "email_limit",
  planRequired: "plan_required",
  planNotUpgrade: "plan_not_upgrade",
  billingNotConfigured: "billing_not_configured",
  paymentFailed: "payment_failed",
  domainUnavailable: "domain_unavailable",
  /** Domains are bought on a paid plan in good standing only (decision 0042). */
  domainPurchaseNotAllowed: "domain_purchase_not_allowed",
  /** The price changed between the confirmation and the purchase: confirm the new price. */
  priceChanged: "price_changed",
  registrarFailed: "registrar_failed",
  domainInUse: "domain_in_use",
  /** A mailbox provider's domain (gmail.com, yahoo.co.jp…): nobody but the provider can sign for it. */
  freeMailDomain: "free_mail_domain",
  /** An upload that is no picture the platform can read (SVG, PDF, damaged HEIC, text…). */
  mediaUnsupported: "media_unsupported",
  /** A picture with more pixels than MEDIA_MAX_PIXELS (a decompression bomb, or a gigantic scan). */
  mediaTooManyPixels: "media_too_many_pixels",
  /** The plan's photo storage is full. */
  mediaQuota: "media_quota",
  /** A photo the site shows: deleting it needs the owner's confirmation. */
  mediaInUse: "media_in_use",
  /** The stock photo service (Unsplash) refused or could not be reached; the library still works. */
  stockUnavailable: "stock_unavailable",
  /** The stock photo service's hourly request limit is used up; try again later. */
  stockRateLimited: "stock_rate_limited",
  /** The AI provider could not suggest an alt text now; the owner writes it. */
  altSuggestionFailed: "alt_suggestion_failed",
  /** Campaigns need the sender's name, postal address and a contact point (特定電子メール法). */
  senderDetailsMissing: "sender_details_missing",
  /** A campaign scheduled for a time that has passed. */
  scheduleInPast: "schedule_in_past",
  /** The workspace has as many people (members and pending invitations) as its plan allows. */
  memberLimit: "member_limit",
  /** The only owner of a workspace cannot leave it, nor lose the owner role: transfer ownership first. */
  lastOwner: "last_owner",
  /** A personal workspace goes with its account (account deletion), not on its own. */
  personalWorkspace: "personal_workspace",
  /** The name typed to confirm deleting a workspace is not the workspace's name. */
  workspaceNameMismatch: "workspace_name_mismatch",
  internal: "internal_error",
} as const;
export type TErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
