import {
  type TRedirectUrl,
  type TSubscriptionStatusResponse,
  ZOperatorInfo,
  ZPlan,
  ZRedirectUrl,
  ZSubscriptionStatusResponse,
} from "@shobai/shared";
import { PURCHASABLE_PLANS } from "@shobai/shared/constants";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RequireAuth } from "@/app/require-auth";
import { formatDate } from "@/lib/format";
import { i18n } from "@/lib/i18n";
import { hardNavigate } from "@/lib/navigation";
import { resetToasts } from "@/lib/toast";
import { apiError, fakeApi } from "@/test/fake-api";
import { aUser, signIn, signOut } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import SubscriptionPage, { ACTIVATION_POLL_MS } from "./subscription-page";

vi.mock("@/lib/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/navigation")>()),
  hardNavigate: vi.fn(),
}));

const USER = aUser({ firstName: "Hanako", lastName: "Sato", language: "en" });

function status(overrides: Partial<TSubscriptionStatusResponse> = {}): TSubscriptionStatusResponse {
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
    mediaUsedBytes: 42 * 1024 * 1024,
    mediaQuotaBytes: 5_000 * 1024 * 1024,
    billing: { configured: true, portal: true },
    ...overrides,
  };
}

function serve({
  signedIn = true,
  current = status(),
}: {
  signedIn?: boolean;
  current?: TSubscriptionStatusResponse | (() => TSubscriptionStatusResponse);
} = {}) {
  fakeApi.get("/api/subscription/plans", ZPlan.array(), () => [...PURCHASABLE_PLANS]);
  if (!signedIn) {
    signOut();
    return;
  }
  signIn(USER);
  fakeApi.get("/api/subscription/status", ZSubscriptionStatusResponse, () =>
    typeof current === "function" ? current() : current,
  );
  fakeApi.get("/api/public/operator", ZOperatorInfo, () => ({
    name: "株式会社商売",
    representative: null,
    address: null,
    phone: null,
    email: null,
    invoiceNumber: "T7000012050002",
  }));
}

/** POST /api/subscription/create-checkout-session answers `answer`. */
function checkout(answer: () => TRedirectUrl | Response | Promise<TRedirectUrl | Response>) {
  fakeApi.post("/api/subscription/create-checkout-session", ZRedirectUrl, answer);
}

const calls = fakeApi.calls;

beforeEach(async () => {
  vi.mocked(hardNavigate).mockReset();
  await i18n.changeLanguage("en");
});
afterEach(() => {
  vi.useRealTimers();
  resetToasts();
});

describe("SubscriptionPage", () => {
  it("tells a member who is not the owner that the owner manages plan and billing (issue 24)", async () => {
    serve();
    signIn(USER, "editor");
    renderWithProviders(<SubscriptionPage />, { path: "/subscription" });
    expect(await screen.findByTestId("billing-owner-only")).toHaveTextContent(
      "The owner manages plan and billing",
    );
    expect(screen.queryByTestId("current-plan")).not.toBeInTheDocument();
    expect(calls("POST", "/api/subscription/portal-session")).toHaveLength(0);
  });

  it("shows the current plan, its usage and the plan cards with prices in yen", async () => {
    serve();
    renderWithProviders(<SubscriptionPage />, { path: "/subscription" });

    const card = await screen.findByTestId("current-plan");
    expect(within(card).getByTestId("current-plan-name")).toHaveTextContent("Business");
    expect(within(card).getByTestId("current-plan-status")).toHaveTextContent("Active");
    expect(within(card).getByTestId("usage-websites-value")).toHaveTextContent("1 / 3");
    expect(within(card).getByTestId("usage-emails-value")).toHaveTextContent("1,200 / 10,000");
    expect(within(card).getByTestId("usage-photos-value")).toHaveTextContent("42 / 5,000");
    expect(screen.queryByTestId("website-limit-warning")).not.toBeInTheDocument();
    expect(screen.queryByTestId("access-ended-banner")).not.toBeInTheDocument();

    expect(await screen.findByTestId("plan-price-starter")).toHaveTextContent("¥4,980");
    // Tax-inclusive, with the tax-exclusive price beside it (10% included: ¥4,980 − ¥452).
    expect(screen.getByTestId("plan-price-exclusive-starter")).toHaveTextContent("¥4,528 before tax");
    // Receipts and the seller's invoice registration number.
    expect(await screen.findByTestId("invoice-registration-number")).toHaveTextContent("T7000012050002");
    expect(screen.getByTestId("receipts-link")).toHaveAttribute("href", "/receipts");
    expect(screen.queryByTestId("trial-upgrade-note")).not.toBeInTheDocument();
    expect(screen.getByTestId("plan-price-white_label")).toHaveTextContent("¥39,800");
    expect(screen.getByTestId("plan-recommended-enterprise")).toHaveTextContent("Recommended");
    expect(
      within(screen.getByTestId("plan-card-business")).getByText("Premium templates"),
    ).toBeInTheDocument();
  });

  it("disables the current plan and downgrades, with the hint about billing management", async () => {
    serve();
    renderWithProviders(<SubscriptionPage />, { path: "/subscription" });

    const current = await screen.findByTestId("plan-select-business");
    expect(current).toBeDisabled();
    expect(current).toHaveTextContent("Current plan");
    const downgrade = screen.getByTestId("plan-select-starter");
    expect(downgrade).toBeDisabled();
    expect(downgrade).toHaveAccessibleDescription(/Manage billing/);
    expect(screen.getByTestId("plan-select-enterprise")).toBeEnabled();
    expect(screen.getByTestId("plan-select-white_label")).toBeEnabled();
  });

  it("warns when the website count has reached the limit", async () => {
    serve({ current: status({ websiteCount: 3, websiteLimit: 3 }) });
    renderWithProviders(<SubscriptionPage />, { path: "/subscription" });
    expect(await screen.findByTestId("website-limit-warning")).toHaveTextContent(
      "You have reached your plan's website limit",
    );
    expect(screen.getByTestId("usage-websites")).toHaveAttribute("data-full", "true");
  });

  it("after the trial: says the data is kept, shows the end date and lets every plan be chosen", async () => {
    serve({
      current: status({
        plan: "trial",
        subscriptionStatus: "trialing",
        trialEndsAt: "2025-01-15T03:00:00.000Z",
        access: "trial_ended",
        websiteLimit: 1,
        billing: { configured: true, portal: false },
      }),
    });
    renderWithProviders(<SubscriptionPage />, { path: "/subscription" });

    const banner = await screen.findByTestId("access-ended-banner");
    expect(banner).toHaveTextContent("Your free trial has ended");
    expect(banner).toHaveTextContent("Your websites, contacts and campaigns are all kept");
    expect(screen.getByTestId("current-plan-date")).toHaveTextContent(
      "Your free trial ended on 15 January 2025",
    );
    expect(screen.queryByTestId("manage-billing")).not.toBeInTheDocument();
    for (const id of ["starter", "business", "enterprise", "white_label"]) {
      expect(await screen.findByTestId(`plan-select-${id}`)).toBeEnabled();
    }
  });

  it("shows other statuses as sent, and the past-due banner", async () => {
    serve({ current: status({ subscriptionStatus: "past_due" }) });
    const { unmount } = renderWithProviders(<SubscriptionPage />, { path: "/subscription" });
    expect(await screen.findByTestId("past-due-banner")).toHaveTextContent("Update payment method");
    unmount();

    serve({ current: status({ subscriptionStatus: "canceled" }) });
    renderWithProviders(<SubscriptionPage />, { path: "/subscription" });
    expect(await screen.findByTestId("current-plan-status")).toHaveTextContent("Canceled");
  });

  it("Select Plan posts the plan id and goes to the returned url, showing Processing... meanwhile", async () => {
    const user = userEvent.setup();
    let answer: (body: TRedirectUrl) => void = () => {};
    serve();
    checkout(
      () =>
        new Promise<TRedirectUrl>((resolve) => {
          answer = resolve;
        }),
    );
    renderWithProviders(<SubscriptionPage />, { path: "/subscription" });

    await user.click(await screen.findByTestId("plan-select-enterprise"));
    const button = screen.getByTestId("plan-select-enterprise");
    await waitFor(() => expect(button).toHaveTextContent("Processing..."));
    expect(button).toBeDisabled();
    expect(screen.getByTestId("plan-select-white_label")).toBeDisabled();

    expect(calls("POST", "/api/subscription/create-checkout-session")[0]?.body).toEqual({
      planId: "enterprise",
    });
    await act(async () => answer({ url: "https://checkout.stripe.com/c/pay/cs_test_1" }));
    await waitFor(() =>
      expect(hardNavigate).toHaveBeenCalledWith("https://checkout.stripe.com/c/pay/cs_test_1"),
    );
  });

  it("says in the interface language that billing is not set up (503)", async () => {
    const user = userEvent.setup();
    serve({
      current: status({
        plan: "trial",
        subscriptionStatus: "trialing",
        billing: { configured: false, portal: false },
      }),
    });
    checkout(() => apiError(503, "billing_not_configured", "Billing is off (server wording)."));
    renderWithProviders(<SubscriptionPage />, { path: "/subscription" });

    expect(await screen.findByTestId("billing-off-note")).toHaveTextContent("Online payment isn't set up");
    await user.click(await screen.findByTestId("plan-select-starter"));
    expect(
      await screen.findByText(
        /Online payment is not set up on this server yet, so plans cannot be bought here/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText("Billing is off (server wording).")).not.toBeInTheDocument();
    expect(hardNavigate).not.toHaveBeenCalled();
    expect(screen.getByTestId("plan-select-starter")).toBeEnabled();
  });

  it("says the generic failure when the server gives no reason", async () => {
    const user = userEvent.setup();
    serve();
    checkout(() => new Response("boom", { status: 500 }));
    renderWithProviders(<SubscriptionPage />, { path: "/subscription" });
    await user.click(await screen.findByTestId("plan-select-enterprise"));
    expect(
      await screen.findByText("Failed to start subscription process. Please try again."),
    ).toBeInTheDocument();
  });

  it("a 401 on Select Plan says 'Unauthorized' and goes to /api/login after 500 ms", async () => {
    const user = userEvent.setup();
    serve();
    checkout(() => apiError(401, "unauthorized", "Unauthorized"));
    renderWithProviders(<SubscriptionPage />, { path: "/subscription" });
    await user.click(await screen.findByTestId("plan-select-enterprise"));
    expect(await screen.findByText("You are logged out. Logging in again...")).toBeInTheDocument();
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith("/api/login"), { timeout: 2000 });
  });

  it("shows the next billing date of a running subscription", async () => {
    serve({ current: status({ renewsAt: "2026-12-23T03:00:00.000Z" }) });
    renderWithProviders(<SubscriptionPage />, { path: "/subscription" });
    expect(await screen.findByTestId("current-plan-date")).toHaveTextContent(
      `Next billing date: ${formatDate("2026-12-23T03:00:00.000Z")}`,
    );
  });

  it("says which smaller plan starts at the next billing date", async () => {
    serve({ current: status({ renewsAt: "2026-12-23T03:00:00.000Z", scheduledPlan: "starter" }) });
    renderWithProviders(<SubscriptionPage />, { path: "/subscription" });
    expect(await screen.findByTestId("current-plan-scheduled")).toHaveTextContent(
      `Changes to Starter on ${formatDate("2026-12-23T03:00:00.000Z")}`,
    );
  });

  it("Manage billing opens the billing portal", async () => {
    const user = userEvent.setup();
    serve();
    fakeApi.post("/api/subscription/portal-session", ZRedirectUrl, () => ({
      url: "https://billing.stripe.com/p/session/test_1",
    }));
    renderWithProviders(<SubscriptionPage />, { path: "/subscription" });
    await user.click(await screen.findByTestId("manage-billing"));
    await waitFor(() =>
      expect(hardNavigate).toHaveBeenCalledWith("https://billing.stripe.com/p/session/test_1"),
    );
  });

  it("after checkout: says payment was received and reads the status again until the plan is active", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    serve({
      current: () => {
        reads += 1;
        return reads < 3
          ? status({ plan: "trial", subscriptionStatus: "trialing", trialEndsAt: "2099-01-01T00:00:00.000Z" })
          : status({ plan: "starter" });
      },
    });
    const { location } = renderWithProviders(<SubscriptionPage />, {
      path: "/subscription?checkout=success",
    });

    expect(await screen.findByText("Payment received")).toBeInTheDocument();
    expect(await screen.findByTestId("checkout-banner")).toHaveAttribute("data-state", "activating");
    await waitFor(() => expect(location.history?.at(-1)).toBe("/subscription"));

    await act(async () => vi.advanceTimersByTimeAsync(ACTIVATION_POLL_MS * 3));
    await waitFor(() =>
      expect(screen.getByTestId("checkout-banner")).toHaveAttribute("data-state", "activated"),
    );
    expect(screen.getByTestId("current-plan-name")).toHaveTextContent("Starter");
    const readsWhenActive = reads;
    await act(async () => vi.advanceTimersByTimeAsync(ACTIVATION_POLL_MS * 3));
    expect(reads).toBe(readsWhenActive);
  });

  it("signed out: 'Unauthorized' and the login after 500 ms", async () => {
    serve({ signedIn: false });
    renderWithProviders(
      <RequireAuth>
        <SubscriptionPage />
      </RequireAuth>,
      { path: "/subscription" },
    );
    expect(await screen.findByText("You are logged out. Logging in again...")).toBeInTheDocument();
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith("/api/login"), { timeout: 2000 });
    expect(calls("GET", "/api/subscription/status")).toHaveLength(0);
  });

  it("speaks Japanese by default: plan names, prices per month and the status", async () => {
    await i18n.changeLanguage("ja");
    serve();
    renderWithProviders(<SubscriptionPage />, { path: "/subscription" });
    expect(await screen.findByTestId("current-plan-name")).toHaveTextContent("ビジネス");
    expect(screen.getByTestId("current-plan-status")).toHaveTextContent("有効");
    const starter = await screen.findByTestId("plan-card-starter");
    expect(starter).toHaveTextContent("¥4,980/ 月");
    expect(within(starter).getByText("AIウェブサイト 1サイト")).toBeInTheDocument();
  });
});
