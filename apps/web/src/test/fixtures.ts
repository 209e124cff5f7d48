import {
  type TContact,
  type TSubscriptionStatusResponse,
  type TUser,
  type TWebsite,
  type TWorkspaceRole,
  ZSignInOptions,
  ZUser,
  ZWorkspaceList,
} from "@shobai/shared";
import { apiError, fakeApi } from "./fake-api";

/** A complete signed-in user as GET /api/auth/user answers; tests override what they look at. */
export function aUser(overrides: Partial<TUser> = {}): TUser {
  return {
    id: "u1",
    email: "owner@example.jp",
    firstName: "花子",
    lastName: "佐藤",
    language: "ja",
    plan: "trial",
    subscriptionStatus: "trialing",
    trialEndsAt: "2099-01-01T00:00:00.000Z",
    subscriptionEndsAt: null,
    hasPassword: true,
    emailVerified: true,
    createdAt: "2025-01-01T00:00:00.000Z",
    secondFactor: { enabled: false, passkey: false, state: "ok" },
    ...overrides,
  };
}

/** GET /api/auth/user answers this user. */
export function signIn(user: TUser = aUser(), role: TWorkspaceRole = "owner"): TUser {
  fakeApi.get("/api/auth/user", ZUser, () => user);
  // The person's own workspace, where they are owner unless a test says otherwise (issue 24).
  fakeApi.get("/api/workspaces", ZWorkspaceList, () => ({
    workspaces: [{ id: user.id, name: user.firstName, role, active: true, personal: true }],
  }));
  return user;
}

/** GET /api/auth/user answers 401: an anonymous visitor. */
export function signOut(): void {
  fakeApi.get("/api/auth/user", ZUser, () => apiError(401, "unauthorized", "Unauthorized"));
}

export function aContact(
  overrides: Partial<TContact> & Pick<TContact, "id" | "firstName" | "email">,
): TContact {
  return {
    lastName: "",
    firstNameKana: "",
    lastNameKana: "",
    company: "",
    companyKana: "",
    tags: [],
    customFields: {},
    phone: "",
    status: "new",
    source: "manual",
    marketingConsent: "unknown",
    createdAt: "2025-01-15T01:00:00.000Z",
    updatedAt: "2025-01-15T01:00:00.000Z",
    ...overrides,
  };
}

export function aWebsite(overrides: Partial<TWebsite> = {}): TWebsite {
  return {
    id: "w1",
    name: "さくらラーメン",
    slug: "sakura-ramen",
    domain: null,
    url: "/s/sakura-ramen/",
    template: "restaurant",
    businessType: "restaurant",
    languages: ["ja"],
    isPublished: true,
    source: "generated",
    sourceUrl: null,
    createdAt: "2025-01-10T00:00:00.000Z",
    updatedAt: "2025-01-10T00:00:00.000Z",
    ...overrides,
  };
}

export function aSubscriptionStatus(
  overrides: Partial<TSubscriptionStatusResponse> = {},
): TSubscriptionStatusResponse {
  return {
    plan: "business",
    subscriptionStatus: "active",
    websiteCount: 1,
    websiteLimit: 3,
    trialEndsAt: null,
    subscriptionEndsAt: null,
    access: "ok",
    cancelAtPeriodEnd: false,
    renewsAt: null,
    scheduledPlan: null,
    emailsSentThisMonth: 1200,
    emailMonthlyLimit: 10_000,
    emailsSentToday: 0,
    emailDailyLimit: 3_000,
    billing: { configured: true, portal: true },
    ...overrides,
  };
}

/** GET /api/auth/options: whether this server offers Google sign-in (off unless a test says so). */
export function signInOptions(google = false): void {
  fakeApi.get("/api/auth/options", ZSignInOptions, () => ({ google }));
}
