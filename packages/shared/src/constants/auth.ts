export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Days a deleted account is kept (and can be restored by support) before it is purged. */
export const ACCOUNT_PURGE_DAYS = 30;
