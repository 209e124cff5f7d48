import { ZPlan } from "@shobai/shared";
import { PURCHASABLE_PLANS } from "@shobai/shared/constants";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/lib/i18n";
import { hardNavigate } from "@/lib/navigation";
import { forgetDemoDraft, readDemoDraft } from "@/lib/signup-draft";
import { fakeApi } from "@/test/fake-api";
import { renderWithProviders } from "@/test/render";
import { PREVIEW_TABS } from "../components/dashboard-preview";
import { FEATURES } from "../components/features-grid";
import LandingPage from "./landing-page";

vi.mock("@/lib/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/navigation")>()),
  hardNavigate: vi.fn(),
}));

beforeEach(async () => {
  fakeApi.get("/api/subscription/plans", ZPlan.array(), () => [...PURCHASABLE_PLANS]);
  vi.mocked(hardNavigate).mockReset();
  await i18n.changeLanguage("en");
});

function renderLanding() {
  return renderWithProviders(<LandingPage />, { path: "/" });
}

// The lower sections are their own chunks, loaded after the first paint: on a busy machine that
// can take longer than the default second.
describe("LandingPage", () => {
  it("keeps the hero and its start button to sign-up", () => {
    renderLanding();
    expect(screen.getByRole("heading", { level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId("hero-start")).toHaveAttribute("href", "/auth?mode=register");
  });

  it("shows the seven feature cards under #features, none of them marked coming soon", () => {
    renderLanding();
    const grid = screen.getByTestId("feature-grid");
    expect(grid.closest("section")).toHaveAttribute("id", "features");
    expect(within(grid).getAllByRole("listitem")).toHaveLength(7);
    expect(FEATURES.map((f) => f.key)).toEqual([
      "ai",
      "crm",
      "email",
      "editor",
      "domain",
      "multilingual",
      "analytics",
    ]);
    for (const { key } of FEATURES) {
      expect(
        within(screen.getByTestId(`feature-card-${key}`)).getByRole("heading", { level: 3 }),
      ).not.toBeEmptyDOMElement();
    }
    // Domains are live: search, registration and connecting an own domain.
    expect(screen.queryByTestId("feature-coming-soon-domain")).not.toBeInTheDocument();
    expect(screen.getByTestId("feature-card-domain")).toHaveTextContent(/register it, or connect one/);
  });

  it("runs the three-step AI demo: labelled fields, Japan by default, generate opens sign-up keeping the description", async () => {
    const user = userEvent.setup();
    const { location } = renderLanding();
    const demo = await screen.findByTestId("ai-demo", {}, { timeout: 5000 });
    expect(within(within(demo).getByTestId("demo-steps")).getAllByRole("listitem")).toHaveLength(3);
    const description = within(demo).getByRole("textbox", { name: /describe your business or service/i });
    const market = within(demo).getByRole("combobox", { name: /target market/i });
    expect(market).toHaveTextContent("Japan");
    // Nothing written: said beside the field, which takes the focus; sign-up waits.
    await user.click(within(demo).getByTestId("demo-generate"));
    expect(within(demo).getByTestId("demo-description-error")).toHaveTextContent(
      "Write a few words about your business or service.",
    );
    expect(description).toHaveFocus();
    expect(description).toHaveAttribute("aria-invalid", "true");
    expect(description).toHaveAccessibleDescription("Write a few words about your business or service.");
    expect(location.history ?? []).not.toContain("/auth?mode=register&from=demo");
    await user.type(description, "A small ramen shop in Sapporo");
    expect(within(demo).queryByTestId("demo-description-error")).toBeNull();
    expect(description).toHaveValue("A small ramen shop in Sapporo");
    await user.click(within(demo).getByTestId("demo-generate"));
    await waitFor(() => expect(location.history?.at(-1)).toBe("/auth?mode=register&from=demo"));
    expect(readDemoDraft()).toEqual({ description: "A small ramen shop in Sapporo", market: "japan" });
    forgetDemoDraft();
    // Nothing is generated or sent: the only call is the public plans list.
    const calls = fakeApi.allCalls().map(({ url }) => url.pathname);
    expect(calls.every((path) => path === "/api/subscription/plans")).toBe(true);
  });

  it("shows the dashboard preview on the websites tab, switches tabs, and its buttons go to /api/login", async () => {
    const user = userEvent.setup();
    renderLanding();
    const preview = await screen.findByTestId("dashboard-preview", {}, { timeout: 5000 });
    const tabs = within(preview).getAllByRole("tab");
    expect(tabs).toHaveLength(PREVIEW_TABS.length);
    expect(screen.getByTestId("preview-tab-websites")).toHaveAttribute("aria-selected", "true");
    expect(screen.getByTestId("preview-panel-websites")).toHaveTextContent("さくらラーメン");

    await user.click(screen.getByTestId("preview-tab-crm"));
    expect(screen.getByTestId("preview-tab-crm")).toHaveAttribute("aria-selected", "true");
    expect(screen.getByTestId("preview-panel-websites")).not.toBeVisible();
    expect(within(screen.getByTestId("preview-panel-crm")).getAllByRole("listitem")).toHaveLength(4);

    await user.click(screen.getByTestId("preview-tab-domains"));
    const domains = screen.getByTestId("preview-panel-domains");
    expect(domains).toHaveTextContent("www.sakura-ramen.jp");
    expect(domains).toHaveTextContent("Connected");
    expect(domains).toHaveTextContent("/s/sakura-ramen");
    expect(domains).not.toHaveTextContent("Coming soon");

    await user.click(screen.getByTestId("preview-tab-analytics"));
    await user.click(screen.getByTestId("preview-cta-analytics"));
    expect(hardNavigate).toHaveBeenCalledWith("/api/login");
  });

  it("shows the four plans from the API, and the call to action goes to /api/login", async () => {
    const user = userEvent.setup();
    renderLanding();
    const pricing = await screen.findByTestId("landing-pricing", {}, { timeout: 5000 });
    const grid = await within(pricing).findByTestId("plan-grid");
    expect(within(grid).getAllByRole("article")).toHaveLength(4);
    expect(within(grid).getByTestId("plan-recommended-enterprise")).toBeInTheDocument();
    await user.click(within(pricing).getByTestId("pricing-cta"));
    expect(hardNavigate).toHaveBeenLastCalledWith("/api/login");
    vi.mocked(hardNavigate).mockReset();
    await user.click(within(grid).getByTestId("plan-select-business"));
    expect(hardNavigate).toHaveBeenCalledWith("/api/login");
  });
});
