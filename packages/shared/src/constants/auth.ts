export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Days a deleted account is kept (and can be restored by support) before it is purged. */
export const ACCOUNT_PURGE_DAYS = 30;

/** A sign-up verification link is good for this long, once. */
export const EMAIL_VERIFICATION_HOURS = 24;
/** A password-reset link is good for this long, once. */
export const PASSWORD_RESET_MINUTES = 60;
/** A session ends this long after sign-in, however active (besides the 7-day sliding expiry). */
export const SESSION_MAX_DAYS = 30;
