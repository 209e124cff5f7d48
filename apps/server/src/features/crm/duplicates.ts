import type { TDuplicateMatch } from "@shobai/shared";

type Reason = TDuplicateMatch["reasons"][number];

export type DuplicateParts = {
  email?: string;
  phone: string;
  firstName: string;
  lastName: string;
  firstNameKana: string;
  lastNameKana: string;
  company: string;
};

/** A phone number's digits (full-width folded), the way duplicates compare phones. */
export function phoneDigits(phone: string): string {
  return phone.normalize("NFKC").replace(/\D/g, "");
}

/** A reading on only one side does not tell two people apart; two different readings do. */
const sameReading = (a: string, b: string) => !a || !b || a === b;

/** Why two contacts look like the same person (empty: they do not). */
export function duplicateReasons(a: DuplicateParts, b: DuplicateParts): Reason[] {
  const reasons: Reason[] = [];
  if (a.email && b.email && a.email.toLowerCase() === b.email.toLowerCase()) reasons.push("email");
  const digits = phoneDigits(a.phone);
  if (digits.length >= 9 && digits === phoneDigits(b.phone)) reasons.push("phone");
  if (
    a.lastName &&
    a.firstName &&
    a.lastName === b.lastName &&
    a.firstName === b.firstName &&
    sameReading(a.lastNameKana, b.lastNameKana) &&
    sameReading(a.firstNameKana, b.firstNameKana)
  )
    reasons.push("name");
  if (a.lastName && a.company && a.lastName === b.lastName && a.company === b.company)
    reasons.push("name_company");
  return reasons;
}

/**
 * Matches many new rows against an owner's contacts at once (an import): an index by phone digits
 * and by names, so 10,000 rows against 10,000 contacts stay linear.
 */
export function duplicateIndex<T extends DuplicateParts & { id: string }>(existing: T[]) {
  const byPhone = new Map<string, T[]>();
  const byName = new Map<string, T[]>();
  const push = (map: Map<string, T[]>, key: string, row: T) => {
    const list = map.get(key);
    if (list) list.push(row);
    else map.set(key, [row]);
  };
  for (const row of existing) {
    const digits = phoneDigits(row.phone);
    if (digits.length >= 9) push(byPhone, digits, row);
    if (row.lastName) push(byName, row.lastName, row);
  }
  return (probe: DuplicateParts): { id: string; reasons: Reason[] } | undefined => {
    const candidates = [
      ...(byPhone.get(phoneDigits(probe.phone)) ?? []),
      ...(probe.lastName ? (byName.get(probe.lastName) ?? []) : []),
    ];
    for (const row of candidates) {
      const reasons = duplicateReasons(probe, row);
      if (reasons.length > 0) return { id: row.id, reasons };
    }
    return undefined;
  };
}
