import {
  type TAnalyticsReport,
  type TDashboardStats,
  type TWebsite,
  ZAnalyticsReport,
  ZDashboardStats,
  ZWebsite,
} from "@shobai/shared";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/lib/i18n";
import { resetToasts } from "@/lib/toast";
import { apiError, fakeApi } from "@/test/fake-api";
import { signIn, signOut } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import AnalyticsPage, { REALTIME_REFRESH_MS } from "./analytics-page";

vi.mock("@/lib/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/navigation")>()),
  hardNavigate: vi.fn(),
}));

function website(id: string, name: string): TWebsite {
  return {
    id,
    name,
    slug: id,
    domain: null,
    url: `http://${id}.localhost:5000/`,
    template: "restaurant",
    businessType: "restaurant",
    languages: ["ja"],
    isPublished: true,
    source: "generated",
    sourceUrl: null,
    createdAt: "2025-01-15T01:00:00.000Z",
    updatedAt: "2025-01-15T01:00:00.000Z",
  };
}

const DAYS = ["2025-01-13", "2025-01-14", "2025-01-15"];
const series = (values: number[]) => DAYS.map((date, i) => ({ date, value: values[i] ?? 0 }));

function report(websiteId: string, overrides: Partial<TAnalyticsReport> = {}): TAnalyticsReport {
  return {
    websiteId,
    range: "30d",
    from: DAYS[0] ?? "",
    to: DAYS[2] ?? "",
    visitors: series([400, 500, 334]),
    pageviews: series([1000, 1200, 1456]),
    visits: series([450, 520, 330]),
    conversions: series([10, 20, 12]),
    totals: { visitors: 1234, pageviews: 3656, visits: 1300, conversions: 42 },
    conversionRate: 3.2,
    avgSessionTime: 65,
    bounceRate: 41.5,
    topPages: [{ path: "/ja/menu", pageviews: 900, visitors: 600 }],
    topReferrers: [{ referrer: "google.com", visits: 300 }],
    devices: [
      { device: "mobile", visitors: 800 },
      { device: "desktop", visitors: 400 },
      { device: "tablet", visitors: 34 },
    ],
    languages: [{ language: "ja", visitors: 1000 }],
    realtime: { visitors: 4, pages: [{ path: "/ja/", visitors: 4 }] },
    ...overrides,
  };
}

const ZERO_REPORT = (id: string) =>
  report(id, {
    visitors: series([0, 0, 0]),
    pageviews: series([0, 0, 0]),
    visits: series([0, 0, 0]),
    conversions: series([0, 0, 0]),
    totals: { visitors: 0, pageviews: 0, visits: 0, conversions: 0 },
    conversionRate: 0,
    avgSessionTime: 0,
    bounceRate: 0,
    topPages: [],
    topReferrers: [],
    devices: [],
    languages: [],
    realtime: { visitors: 0, pages: [] },
  });

const STATS: TDashboardStats = {
  totalWebsites: 2,
  activeWebsites: 2,
  totalContacts: 30,
  monthlyLeads: 12,
  monthlyLeadsByStatus: { new: 7, active: 3, qualified: 1, converted: 1, closed: 0 },
  monthlyVisits: 300,
  conversionRate: 3.2,
  totalVisitors: 1000,
  totalPageviews: 3000,
  totalEmails: 0,
};

function serve({
  signedIn = true,
  sites = [website("s1", "さくらラーメン"), website("s2", "みどり歯科")],
  analytics = (id: string) => report(id),
}: {
  signedIn?: boolean;
  sites?: TWebsite[];
  analytics?: (id: string, url: URL) => TAnalyticsReport | Response;
} = {}) {
  if (!signedIn) {
    signOut();
    return;
  }
  signIn();
  fakeApi.get("/api/websites", ZWebsite.array(), () => sites);
  fakeApi.get("/api/dashboard/stats", ZDashboardStats, () => STATS);
  fakeApi.get("/api/analytics/:id", ZAnalyticsReport, ({ params, url }) => analytics(params.id ?? "", url));
}

function analyticsCalls() {
  return fakeApi
    .allCalls()
    .filter(({ url }) => url.pathname.startsWith("/api/analytics/"))
    .map(({ url }) => `${url.pathname}${url.search}`);
}

beforeEach(async () => {
  await i18n.changeLanguage("ja");
});
afterEach(() => {
  vi.useRealTimers();
  resetToasts();
});

describe("AnalyticsPage signed out", () => {
  it("shows sample figures with the demo banner and makes no data calls", async () => {
    const user = userEvent.setup();
    serve({ signedIn: false });
    renderWithProviders(<AnalyticsPage />, { path: "/analytics" });

    expect(await screen.findByTestId("analytics-demo-banner")).toBeInTheDocument();
    expect(screen.getByTestId("analytics-stat-conversion-rate")).toHaveTextContent("3.2%");
    expect(screen.getByTestId("analytics-stat-visitors").textContent).toMatch(/^\d{1,3}(,\d{3})*$/);
    expect(screen.getByTestId("analytics-website-select")).toHaveTextContent("さくらラーメン");
    expect(screen.getByTestId("analytics-range-select")).toHaveTextContent("過去30日間");

    await user.click(screen.getByTestId("analytics-tab-conversions"));
    // Spec §9: the sample month's 35 leads split 80/20.
    expect(await screen.findByTestId("analytics-leads-inquiries")).toHaveTextContent("28");
    expect(screen.getByTestId("analytics-leads-deals")).toHaveTextContent("7");
    await user.click(screen.getByTestId("analytics-tab-realtime"));
    expect(await screen.findByTestId("analytics-realtime-visitors")).toHaveTextContent("3");

    const paths = fakeApi.allCalls().map(({ url }) => url.pathname);
    expect(new Set(paths)).toEqual(new Set(["/api/auth/user"]));
  });
});

describe("AnalyticsPage signed in", () => {
  it("reads the first website over 30 days by default and shows its figures", async () => {
    serve();
    renderWithProviders(<AnalyticsPage />, { path: "/analytics" });

    expect(await screen.findByTestId("analytics-stat-visitors")).toHaveTextContent(/^1,234$/);
    expect(screen.getByTestId("analytics-stat-pageviews")).toHaveTextContent(/^3,656$/);
    expect(screen.getByTestId("analytics-stat-visits")).toHaveTextContent(/^1,300$/);
    expect(screen.getByTestId("analytics-stat-conversion-rate")).toHaveTextContent(/^3\.2%$/);
    expect(screen.getByTestId("analytics-stat-avg-session-time")).toHaveTextContent("1分5秒");
    expect(screen.getByTestId("analytics-stat-bounce-rate")).toHaveTextContent("41.5%");
    expect(screen.getByTestId("analytics-trend-chart")).toBeInTheDocument();
    expect(screen.queryByTestId("analytics-demo-banner")).not.toBeInTheDocument();
    expect(analyticsCalls()).toEqual(["/api/analytics/s1?range=30d"]);
  });

  it("writes the visit time as m:ss in English", async () => {
    await i18n.changeLanguage("en");
    serve();
    renderWithProviders(<AnalyticsPage />, { path: "/analytics" });
    expect(await screen.findByTestId("analytics-stat-avg-session-time")).toHaveTextContent("1:05");
  });

  it("reads again for another range and another website", async () => {
    const user = userEvent.setup();
    serve();
    renderWithProviders(<AnalyticsPage />, { path: "/analytics" });
    await screen.findByTestId("analytics-stat-visitors");

    await user.click(screen.getByTestId("analytics-range-select"));
    await user.click(await screen.findByRole("option", { name: "過去7日間" }));
    await waitFor(() => expect(analyticsCalls()).toContain("/api/analytics/s1?range=7d"));

    await user.click(screen.getByTestId("analytics-website-select"));
    await user.click(await screen.findByRole("option", { name: "みどり歯科" }));
    await waitFor(() => expect(analyticsCalls()).toContain("/api/analytics/s2?range=7d"));
    expect(screen.getByTestId("analytics-website-select")).toHaveTextContent("みどり歯科");
  });

  it("with no websites says so and links to /websites, without reading analytics", async () => {
    serve({ sites: [] });
    renderWithProviders(<AnalyticsPage />, { path: "/analytics" });
    const empty = await screen.findByTestId("analytics-empty");
    expect(within(empty).getByRole("link")).toHaveAttribute("href", "/websites");
    expect(screen.queryByTestId("analytics-website-select")).not.toBeInTheDocument();
    expect(analyticsCalls()).toEqual([]);
  });

  it("keeps a new site's zero days on the chart and says when visits appear", async () => {
    serve({ analytics: (id) => ZERO_REPORT(id) });
    renderWithProviders(<AnalyticsPage />, { path: "/analytics" });
    expect(await screen.findByTestId("analytics-zero-hint")).toBeInTheDocument();
    expect(screen.getByTestId("analytics-stat-visitors")).toHaveTextContent("0");
    expect(screen.getByTestId("analytics-trend-chart")).toBeInTheDocument();
  });

  it("shows skeletons while loading, then a failure with a retry that reads again", async () => {
    const user = userEvent.setup();
    let fail = true;
    serve({
      analytics: (id) => (fail ? apiError(500, "internal_error", "boom") : report(id)),
    });
    renderWithProviders(<AnalyticsPage />, { path: "/analytics" });
    expect(await screen.findByTestId("analytics-skeleton")).toBeInTheDocument();
    const error = await screen.findByTestId("analytics-error");
    expect(error).toHaveTextContent("解析データを読み込めませんでした。");

    fail = false;
    await user.click(within(error).getByTestId("analytics-retry"));
    expect(await screen.findByTestId("analytics-stat-visitors")).toHaveTextContent("1,234");
  });

  it("shows the traffic tables and lists", async () => {
    const user = userEvent.setup();
    serve();
    renderWithProviders(<AnalyticsPage />, { path: "/analytics" });
    await screen.findByTestId("analytics-stat-visitors");
    await user.click(screen.getByTestId("analytics-tab-traffic"));
    expect(await screen.findByTestId("analytics-top-pages")).toHaveTextContent("/ja/menu");
    expect(screen.getByTestId("analytics-referrers")).toHaveTextContent("google.com");
    expect(screen.getByTestId("analytics-devices")).toHaveTextContent("スマートフォン");
    expect(screen.getByTestId("analytics-languages")).toHaveTextContent("日本語");
  });

  it("shows an owner's leads by status as counted on the conversions tab, never split by a ratio", async () => {
    const user = userEvent.setup();
    serve();
    renderWithProviders(<AnalyticsPage />, { path: "/analytics" });
    await screen.findByTestId("analytics-stat-visitors");
    await user.click(screen.getByTestId("analytics-tab-conversions"));
    expect(await screen.findByTestId("analytics-leads-total")).toHaveTextContent("12");
    expect(screen.getByTestId("analytics-leads-new")).toHaveTextContent("7");
    expect(screen.getByTestId("analytics-leads-active")).toHaveTextContent("3");
    expect(screen.getByTestId("analytics-leads-qualified")).toHaveTextContent("1");
    expect(screen.getByTestId("analytics-leads-converted")).toHaveTextContent("1");
    expect(screen.getByTestId("analytics-leads-closed")).toHaveTextContent("0");
    // The 80/20 rule is for the sample data only.
    expect(screen.queryByTestId("analytics-leads-inquiries")).not.toBeInTheDocument();
    expect(screen.queryByTestId("analytics-leads-deals")).not.toBeInTheDocument();
    expect(screen.getByTestId("analytics-stat-conversions")).toHaveTextContent("42");
    expect(screen.getByTestId("analytics-conversions-chart")).toBeInTheDocument();
  });

  it("reads realtime figures again every 15 seconds while that tab is open", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let live = 4;
    serve({ analytics: (id) => report(id, { realtime: { visitors: live, pages: [] } }) });
    renderWithProviders(<AnalyticsPage />, { path: "/analytics" });
    await screen.findByTestId("analytics-stat-visitors");
    expect(analyticsCalls()).toHaveLength(1);

    // Nothing is polled on the overview.
    await act(() => vi.advanceTimersByTimeAsync(REALTIME_REFRESH_MS * 2));
    expect(analyticsCalls()).toHaveLength(1);

    await user.click(screen.getByTestId("analytics-tab-realtime"));
    // Opening the tab reads at once.
    await waitFor(() => expect(analyticsCalls()).toHaveLength(2));
    expect(await screen.findByTestId("analytics-realtime-visitors")).toHaveTextContent("4");

    live = 7;
    await act(() => vi.advanceTimersByTimeAsync(REALTIME_REFRESH_MS));
    await waitFor(() => expect(analyticsCalls()).toHaveLength(3));
    await waitFor(() => expect(screen.getByTestId("analytics-realtime-visitors")).toHaveTextContent("7"));

    await user.click(screen.getByTestId("analytics-tab-overview"));
    await act(() => vi.advanceTimersByTimeAsync(REALTIME_REFRESH_MS * 2));
    expect(analyticsCalls()).toHaveLength(3);
  });
});
