import { inNameOrder } from "@/lib/name-order";

/**
 * What the signup dialog collected (decision 0009): kept in this tab's session storage until the
 * account is created on /auth, which starts in register mode with it filled in.
 */
export type SignupDraft = {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  businessType: string;
};

export const SIGNUP_DRAFT_KEY = "shobai_signup_draft";

/** "佐藤 花子" is family name first in Japanese; "Anna Kowalska" given name first elsewhere. */
export function splitName(name: string, language: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length <= 1) return { firstName: parts[0] ?? "", lastName: "" };
  const [head, ...rest] = parts as [string, ...string[]];
  const [first, second] = inNameOrder(language, "given", "family");
  // In family-first order the first word is the family name.
  return first === "family" && second === "given"
    ? { firstName: rest.join(" "), lastName: head }
    : { firstName: head, lastName: rest.join(" ") };
}

export function saveSignupDraft(draft: SignupDraft): void {
  try {
    window.sessionStorage.setItem(SIGNUP_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage switched off: the auth form simply starts empty.
  }
}

export function readSignupDraft(): SignupDraft | null {
  try {
    const raw = window.sessionStorage.getItem(SIGNUP_DRAFT_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<SignupDraft>;
    if (typeof value.email !== "string") return null;
    return {
      firstName: String(value.firstName ?? ""),
      lastName: String(value.lastName ?? ""),
      email: value.email,
      company: String(value.company ?? ""),
      businessType: String(value.businessType ?? ""),
    };
  } catch {
    return null;
  }
}

export function clearSignupDraft(): void {
  try {
    window.sessionStorage.removeItem(SIGNUP_DRAFT_KEY);
  } catch {
    // Nothing to clear.
  }
}

/** The business type chosen in the dialog, kept after sign-up for the first website's form. */
export const SIGNUP_BUSINESS_TYPE_KEY = "shobai_signup_business_type";

export function keepSignupBusinessType(businessType: string): void {
  try {
    if (businessType) window.sessionStorage.setItem(SIGNUP_BUSINESS_TYPE_KEY, businessType);
  } catch {
    // Not kept: the form starts on automatic.
  }
}

export function readSignupBusinessType(): string | null {
  try {
    return window.sessionStorage.getItem(SIGNUP_BUSINESS_TYPE_KEY);
  } catch {
    return null;
  }
}

export function forgetSignupBusinessType(): void {
  try {
    window.sessionStorage.removeItem(SIGNUP_BUSINESS_TYPE_KEY);
  } catch {
    // Nothing to forget.
  }
}

/**
 * What a visitor typed into the landing page's AI demo (description and market): kept in this tab
 * through sign-up so the first generation form starts with it, and forgotten once a site is made.
 */
export type DemoDraft = { description: string; market: string };

export const DEMO_DRAFT_KEY = "shobai_demo_draft";

export function saveDemoDraft(draft: DemoDraft): void {
  try {
    if (draft.description.trim()) window.sessionStorage.setItem(DEMO_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage switched off: the generation form starts empty.
  }
}

export function readDemoDraft(): DemoDraft | null {
  try {
    const raw = window.sessionStorage.getItem(DEMO_DRAFT_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<DemoDraft>;
    if (typeof value.description !== "string" || !value.description.trim()) return null;
    return { description: value.description, market: String(value.market ?? "") };
  } catch {
    return null;
  }
}

export function forgetDemoDraft(): void {
  try {
    window.sessionStorage.removeItem(DEMO_DRAFT_KEY);
  } catch {
    // Nothing to forget.
  }
}
