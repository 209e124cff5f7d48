import { ZPlan, ZRedirectUrl, ZSubscriptionStatusResponse } from "@shobai/shared";
import { PURCHASABLE_PLANS } from "@shobai/shared/constants";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/lib/i18n";
import { hardNavigate } from "@/lib/navigation";
import { resetToasts } from "@/lib/toast";
import { fakeApi } from "@/test/fake-api";
import { aSubscriptionStatus, aUser, signIn, signOut } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import PricingPage from "./pricing-page";

vi.mock("@/lib/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/navigation")>()),
  hardNavigate: vi.fn(),
}));

function serve({ signedIn }: { signedIn: boolean }) {
  fakeApi.get("/api/subscription/plans", ZPlan.array(), () => [...PURCHASABLE_PLANS]);
  if (!signedIn) {
    signOut();
    return;
  }
  signIn(aUser({ firstName: "Hanako", lastName: "Sato", language: "en" }));
  fakeApi.get("/api/subscription/status", ZSubscriptionStatusResponse, () =>
    aSubscriptionStatus({
      plan: "trial",
      subscriptionStatus: "trialing",
      websiteCount: 0,
      websiteLimit: 1,
      trialEndsAt: "2099-01-01T00:00:00.000Z",
      emailsSentThisMonth: 0,
      emailMonthlyLimit: 1000,
      billing: { configured: true, portal: false },
    }),
  );
  fakeApi.post("/api/subscription/create-checkout-session", ZRedirectUrl, () => ({
    url: "https://checkout.stripe.com/c/pay/cs_test_2",
  }));
}

beforeEach(async () => {
  vi.mocked(hardNavigate).mockReset();
  await i18n.changeLanguage("en");
});
afterEach(() => {
  resetToasts();
});

describe("PricingPage", () => {
  it("shows the hero, its three badges and the four plans", async () => {
    serve({ signedIn: false });
    renderWithProviders(<PricingPage />, { path: "/pricing" });
    const hero = screen.getByTestId("pricing-hero");
    expect(within(hero).getByRole("heading", { level: 1 })).toHaveTextContent("Simple, Transparent Pricing");
    expect(hero).toHaveTextContent("14-day free trial");
    expect(hero).toHaveTextContent("No credit card required");
    expect(hero).toHaveTextContent("Cancel anytime");
    const grid = await screen.findByTestId("plan-grid");
    expect(within(grid).getAllByRole("article")).toHaveLength(4);
    expect(screen.getByTestId("plan-websites-white_label")).toHaveTextContent("20");
    // People per workspace (issue 24): Enterprise and White Label at least 10.
    expect(screen.getByTestId("plan-members-starter")).toHaveTextContent("1");
    expect(screen.getByTestId("plan-members-enterprise")).toHaveTextContent("10");
    expect(screen.getByTestId("plan-members-white_label")).toHaveTextContent("25");
  });

  it("says prices include tax, shows the tax-exclusive price beside, and the domain and trial rules", async () => {
    serve({ signedIn: false });
    renderWithProviders(<PricingPage />, { path: "/pricing" });
    const card = await screen.findByTestId("plan-card-business");
    expect(card).toHaveTextContent("¥14,980/ month(tax incl.)");
    expect(screen.getByTestId("plan-price-exclusive-business")).toHaveTextContent("¥13,619 before tax");
    expect(screen.getByTestId("pricing-tax-note")).toHaveTextContent(
      "All prices include 10% consumption tax",
    );
    expect(screen.getByTestId("pricing-domain-note")).toHaveTextContent(
      "the free trial and Starter cannot buy domains",
    );
    expect(screen.getByTestId("pricing-trial-note")).toHaveTextContent(
      "trial days left are not carried over",
    );
    // Cards and the comparison agree: SSL hosting is every plan's (a row), never one card's feature.
    expect(screen.queryByText("SSL certificates")).not.toBeInTheDocument();
    const table = within(screen.getByTestId("plan-comparison")).getByRole("table");
    const domains = within(table).getByRole("row", { name: /Buy domains/ });
    expect(within(domains).getAllByText("Not included")).toHaveLength(1);
    expect(within(domains).getAllByText("Included")).toHaveLength(3);
  });

  it("signed out, Select Plan goes to /auth without calling the API", async () => {
    const user = userEvent.setup();
    serve({ signedIn: false });
    const { location } = renderWithProviders(<PricingPage />, { path: "/pricing" });
    const button = await screen.findByTestId("plan-select-business");
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await waitFor(() => expect(location.history?.at(-1)).toBe("/auth?mode=register"));
    const posts = fakeApi.allCalls().filter(({ method }) => method === "POST");
    expect(posts).toHaveLength(0);
  });

  it("signed in, Select Plan starts the checkout and follows its url", async () => {
    const user = userEvent.setup();
    serve({ signedIn: true });
    renderWithProviders(<PricingPage />, { path: "/pricing" });
    await screen.findByTestId("plan-grid");
    await waitFor(() => expect(fakeApi.calls("GET", "/api/subscription/status").length).toBeGreaterThan(0));
    await user.click(screen.getByTestId("plan-select-starter"));
    await waitFor(() =>
      expect(hardNavigate).toHaveBeenCalledWith("https://checkout.stripe.com/c/pay/cs_test_2"),
    );
  });

  it("after a canceled checkout, says nothing was charged", async () => {
    serve({ signedIn: false });
    renderWithProviders(<PricingPage />, { path: "/pricing?checkout=canceled" });
    expect(
      await screen.findByText("Nothing was charged. You can choose a plan again at any time."),
    ).toBeInTheDocument();
  });

  it("compares the four plans, with their website limits and check marks that screen readers can read", async () => {
    serve({ signedIn: false });
    renderWithProviders(<PricingPage />, { path: "/pricing" });
    const comparison = screen.getByTestId("plan-comparison");
    const table = within(comparison).getByRole("table");
    const [head] = within(table).getAllByRole("rowgroup");
    if (!head) throw new Error("no table head");
    const headers = within(head).getAllByRole("columnheader");
    expect(headers.slice(1).map((header) => header.textContent)).toEqual([
      expect.stringContaining("Starter"),
      expect.stringContaining("Business"),
      expect.stringContaining("Enterprise"),
      expect.stringContaining("White Label"),
    ]);
    expect(headers).toHaveLength(5);
    expect(
      within(screen.getByTestId("compare-plan-enterprise")).getByText("Recommended"),
    ).toBeInTheDocument();
    const limits = ["starter", "business", "enterprise", "white_label"].map(
      (plan) => within(table).getByTestId(`compare-websites-${plan}`).textContent,
    );
    expect(limits).toEqual(["1", "3", "5", "20"]);
    const apiRow = within(table).getByRole("row", { name: /API access/ });
    expect(within(apiRow).getAllByText("Not included")).toHaveLength(2);
    expect(within(apiRow).getAllByText("Included")).toHaveLength(2);
    expect(within(table).getByRole("row", { name: /Emails \/ month/ })).toHaveTextContent("100,000");
  });

  it("answers three billing questions in an accordion and links to the full FAQ", async () => {
    const user = userEvent.setup();
    serve({ signedIn: false });
    renderWithProviders(<PricingPage />, { path: "/pricing" });
    const faq = screen.getByTestId("pricing-faq");
    const questions = within(faq).getAllByRole("button");
    expect(questions).toHaveLength(3);
    const trial = within(faq).getByRole("button", { name: "What happens when the free trial ends?" });
    expect(trial).toHaveAttribute("aria-expanded", "false");
    await user.click(trial);
    expect(trial).toHaveAttribute("aria-expanded", "true");
    expect(within(faq).getByText(/lasts 14 days and needs no credit card/)).toBeVisible();
    expect(within(faq).getByRole("link", { name: "See all questions" })).toHaveAttribute("href", "/faq");
  });
});
