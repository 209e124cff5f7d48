import {
  type TDashboardStats,
  type TDueTask,
  type TWebsite,
  ZContactTask,
  ZDashboardStats,
  ZDueTask,
  ZFirstRun,
  ZOk,
  ZWebsite,
} from "@shobai/shared";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { i18n } from "@/lib/i18n";
import { hardNavigate } from "@/lib/navigation";
import { resetToasts } from "@/lib/toast";
import { apiError, fakeApi, never } from "@/test/fake-api";
import { aUser, signIn } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import DashboardPage from "./dashboard-page";

vi.mock("@/lib/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/navigation")>()),
  hardNavigate: vi.fn(),
}));

const USER = aUser({ trialEndsAt: "2025-01-29T00:00:00.000Z" });

function stats(overrides: Partial<TDashboardStats> = {}): TDashboardStats {
  return {
    totalWebsites: 5,
    activeWebsites: 3,
    totalContacts: 1234,
    monthlyLeads: 12,
    monthlyContactsBySource: { website_form: 12, manual: 2, import: 30 },
    monthlyLeadsByStatus: { new: 8, active: 2, qualified: 1, converted: 1, closed: 0 },
    monthlyVisits: 250,
    conversionRate: 3.2,
    totalVisitors: 900,
    totalPageviews: 2100,
    totalEmails: 0,
    ...overrides,
  };
}

function website(n: number): TWebsite {
  return {
    id: `site-${n}`,
    name: `サイト${n}`,
    slug: `site-${n}`,
    domain: null,
    url: `http://site-${n}.localhost:5000/`,
    template: "restaurant",
    businessType: "restaurant",
    languages: ["ja", "en"],
    isPublished: n % 2 === 1,
    source: "generated",
    sourceUrl: null,
    createdAt: "2025-01-15T01:00:00.000Z",
    updatedAt: "2025-01-15T01:00:00.000Z",
  };
}

let dismissed = false;
let steps = {
  createSite: false,
  publishSite: false,
  enquiryAlert: false,
  verifySender: false,
  inviteTeammate: false,
};
const firstRun = () => ({ steps, dismissed, firstWebsiteId: steps.createSite ? "site-1" : null });

function serve({
  statsAnswer = () => stats(),
  sites = [] as TWebsite[],
  dueTasks = [] as TDueTask[],
}: {
  statsAnswer?: () => TDashboardStats | Response | Promise<never>;
  sites?: TWebsite[];
  dueTasks?: TDueTask[];
} = {}) {
  signIn(USER);
  let due = dueTasks;
  fakeApi.get("/api/tasks/due", z.array(ZDueTask), () => due);
  fakeApi.patch("/api/tasks/:id", ZContactTask, ({ params }) => {
    const task = due.find((t) => t.id === params.id);
    due = due.filter((t) => t.id !== params.id);
    if (!task) throw new Error("no such task");
    const { contact: _contact, overdue: _overdue, ...rest } = task;
    return { ...rest, done: true, doneAt: new Date().toISOString() };
  });
  fakeApi.get("/api/dashboard/stats", ZDashboardStats, statsAnswer);
  fakeApi.get("/api/dashboard/first-run", ZFirstRun, firstRun);
  fakeApi.post("/api/dashboard/first-run/dismiss", ZOk, () => {
    dismissed = true;
    return { ok: true as const };
  });
  fakeApi.get("/api/websites", ZWebsite.array(), () => sites);
}

beforeEach(async () => {
  dismissed = false;
  steps = {
    createSite: false,
    publishSite: false,
    enquiryAlert: false,
    verifySender: false,
    inviteTeammate: false,
  };
  vi.mocked(hardNavigate).mockReset();
  await i18n.changeLanguage("ja");
});
afterEach(() => {
  vi.useRealTimers();
  resetToasts();
});

describe("DashboardPage", () => {
  it("shows the four figures from /api/dashboard/stats, formatted", async () => {
    serve();
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByTestId("dashboard-stat-totalContacts")).toHaveTextContent(/^1,234$/);
    expect(screen.getByTestId("dashboard-stat-totalWebsites")).toHaveTextContent(/^5$/);
    expect(screen.getByTestId("dashboard-stat-monthlyLeads")).toHaveTextContent(/^12$/);
    expect(screen.getByTestId("dashboard-stat-monthlyVisits")).toHaveTextContent(/^250$/);
    expect(screen.getByTestId("dashboard-greeting")).toHaveTextContent("花子");
    expect(screen.getByTestId("plan-card")).toBeInTheDocument();
  });

  it("shows this month's new contacts by source and the leads by status, as counted", async () => {
    serve();
    renderWithProviders(<DashboardPage />);
    const breakdown = await screen.findByTestId("dashboard-breakdown");
    expect(await within(breakdown).findByTestId("dashboard-source-website_form")).toHaveTextContent(/^12$/);
    expect(within(breakdown).getByTestId("dashboard-source-manual")).toHaveTextContent(/^2$/);
    expect(within(breakdown).getByTestId("dashboard-source-import")).toHaveTextContent(/^30$/);
    expect(within(breakdown).getByTestId("dashboard-status-new")).toHaveTextContent(/^8$/);
    expect(within(breakdown).getByTestId("dashboard-status-converted")).toHaveTextContent(/^1$/);
  });

  it("shows the first-run checklist from real state; the next step leads on; it can be hidden", async () => {
    const user = userEvent.setup();
    steps = {
      createSite: true,
      publishSite: true,
      enquiryAlert: false,
      verifySender: false,
      inviteTeammate: false,
    };
    serve();
    renderWithProviders(<DashboardPage />);
    const list = await screen.findByTestId("first-run");
    expect(within(list).getByTestId("first-run-progress")).toHaveTextContent("5 件中 2 件完了");
    expect(within(list).getByTestId("first-run-createSite")).toHaveAttribute("data-done", "true");
    expect(within(list).getByTestId("first-run-enquiryAlert")).toHaveAttribute("data-done", "false");
    expect(within(list).getByTestId("first-run-enquiryAlert-go")).toHaveAttribute("href", "/websites/site-1");
    expect(within(list).getByTestId("first-run-verifySender-go")).toHaveAttribute(
      "href",
      "/email-management",
    );
    expect(within(list).queryByTestId("first-run-createSite-go")).not.toBeInTheDocument();

    await user.click(within(list).getByTestId("first-run-dismiss"));
    await waitFor(() => expect(screen.queryByTestId("first-run")).not.toBeInTheDocument());
    expect(fakeApi.calls("POST", "/api/dashboard/first-run/dismiss")).toHaveLength(1);
  });

  it("hides the checklist once every step is done", async () => {
    steps = {
      createSite: true,
      publishSite: true,
      enquiryAlert: true,
      verifySender: true,
      inviteTeammate: true,
    };
    serve();
    renderWithProviders(<DashboardPage />);
    await screen.findByTestId("dashboard-stat-totalContacts");
    await waitFor(() => expect(fakeApi.calls("GET", "/api/dashboard/first-run")).toHaveLength(1));
    expect(screen.queryByTestId("first-run")).not.toBeInTheDocument();
  });

  it("fills the this-month bars against 50 leads, 1,000 visits and conversion ×10", async () => {
    serve({
      statsAnswer: () => stats({ monthlyLeads: 20, monthlyVisits: 250, conversionRate: 3.2 }),
    });
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByTestId("dashboard-progress-leads")).toHaveAttribute("aria-valuenow", "40");
    expect(screen.getByTestId("dashboard-progress-visits")).toHaveAttribute("aria-valuenow", "25");
    expect(screen.getByTestId("dashboard-progress-conversion")).toHaveAttribute("aria-valuenow", "32");
    expect(screen.getByTestId("dashboard-progress-leads-figure")).toHaveTextContent("20 / 50");
    expect(screen.getByTestId("dashboard-progress-visits-figure")).toHaveTextContent("250 / 1,000");
    expect(screen.getByTestId("dashboard-progress-conversion-figure")).toHaveTextContent("3.2% / 10.0%");
  });

  it("caps every bar at 100 % when the month beats its target", async () => {
    serve({
      statsAnswer: () => stats({ monthlyLeads: 80, monthlyVisits: 4200, conversionRate: 15.5 }),
    });
    renderWithProviders(<DashboardPage />);
    for (const id of ["leads", "visits", "conversion"]) {
      const bar = await screen.findByTestId(`dashboard-progress-${id}`);
      expect(bar).toHaveAttribute("aria-valuenow", "100");
      expect(bar.firstElementChild).toHaveStyle({ width: "100%" });
    }
    expect(screen.getByTestId("dashboard-progress-leads-figure")).toHaveTextContent("80 / 50");
  });

  it("shows skeletons while the figures load", async () => {
    serve({ statsAnswer: never });
    renderWithProviders(<DashboardPage />);
    expect(await screen.findAllByTestId("dashboard-stat-skeleton")).toHaveLength(4);
    expect(screen.queryByTestId("dashboard-stat-totalWebsites")).not.toBeInTheDocument();
  });

  it("lists the first three websites with status, languages, settings and preview links", async () => {
    serve({ sites: [1, 2, 3, 4, 5].map(website) });
    renderWithProviders(<DashboardPage />);
    const recent = await screen.findByTestId("dashboard-recent-websites");
    const rows = await within(recent).findAllByTestId("dashboard-website");
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent("サイト1");
    expect(within(rows[0] as HTMLElement).getByTestId("dashboard-website-status")).toHaveTextContent(
      "公開中",
    );
    expect(within(rows[1] as HTMLElement).getByTestId("dashboard-website-status")).toHaveTextContent(
      "編集中",
    );
    expect(within(rows[0] as HTMLElement).getByText("English")).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByTestId("dashboard-website-settings")).toHaveAttribute(
      "href",
      "/websites/site-1",
    );
    expect(within(rows[0] as HTMLElement).getByTestId("dashboard-website-preview")).toHaveAttribute(
      "href",
      "/api/websites/site-1/preview",
    );
    expect(within(recent).queryByText("サイト4")).not.toBeInTheDocument();
  });

  it("says how to start when there are no websites yet", async () => {
    serve({ sites: [] });
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByTestId("dashboard-recent-empty")).toBeInTheDocument();
  });

  it("offers quick actions to websites, CRM, email, email service and domains", async () => {
    serve();
    renderWithProviders(<DashboardPage />);
    await screen.findByTestId("dashboard");
    const hrefs = screen
      .getAllByRole("link")
      .map((a) => a.getAttribute("href"))
      .filter((href) => href !== null);
    for (const href of ["/websites", "/crm", "/email", "/email-management", "/domain-management"]) {
      expect(hrefs).toContain(href);
    }
  });

  it("on a 401 from the stats call shows 'Unauthorized' and goes to /api/login after 500 ms", async () => {
    await i18n.changeLanguage("en");
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    serve({ statsAnswer: () => apiError(401, "unauthorized", "Unauthorized") });
    renderWithProviders(<DashboardPage />);

    // Let the calls answer (setImmediate stays real; the query cache notifies on a 0 ms timer).
    for (let i = 0; i < 200 && !screen.queryByTestId("toast"); i++) {
      await act(async () => {
        await new Promise((resolve) => setImmediate(resolve));
        await vi.advanceTimersByTimeAsync(1);
      });
    }
    const toast = screen.getByTestId("toast");
    expect(toast).toHaveTextContent("Unauthorized");
    expect(toast).toHaveTextContent("You are logged out. Logging in again...");
    expect(screen.queryByTestId("dashboard-stats-error")).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(hardNavigate).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(hardNavigate).toHaveBeenCalledTimes(1);
    expect(hardNavigate).toHaveBeenCalledWith("/api/login");
  });

  it("shows other failures with a retry, without sending the owner away", async () => {
    let fail = true;
    serve({
      statsAnswer: () => (fail ? apiError(500, "internal_error", "boom") : stats()),
    });
    renderWithProviders(<DashboardPage />);
    const alert = await screen.findByTestId("dashboard-stats-error");
    fail = false;
    within(alert).getByRole("button").click();
    expect(await screen.findByTestId("dashboard-stat-totalContacts")).toHaveTextContent("1,234");
    expect(hardNavigate).not.toHaveBeenCalled();
  });

  it("lists today's and overdue follow-ups with their contact, and ticks one off", async () => {
    const task = (id: string, title: string, dueOn: string, overdue: boolean): TDueTask => ({
      id,
      contactId: "c1",
      title,
      dueOn,
      done: false,
      doneAt: null,
      createdAt: "2026-11-20T01:00:00.000Z",
      overdue,
      contact: { id: "c1", firstName: "花子", lastName: "佐々木", company: "", email: "h@example.jp" },
    });
    serve({
      dueTasks: [task("t1", "見積もりを送る", "2026-11-01", true), task("t2", "お電話", "2099-01-01", false)],
    });
    renderWithProviders(<DashboardPage />);
    const items = await screen.findAllByTestId("dashboard-due-task");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveAttribute("data-overdue", "true");
    expect(items[0]).toHaveTextContent("見積もりを送る");
    expect(items[0]).toHaveTextContent("佐々木 花子");
    expect(within(items[0] as HTMLElement).getByRole("link")).toHaveAttribute("href", "/crm?contact=c1");
    expect(items[1]).toHaveTextContent("今日まで");
    await userEvent.click(
      within(items[0] as HTMLElement).getAllByTestId("dashboard-due-task-done")[0] as HTMLElement,
    );
    await waitFor(() => expect(screen.getAllByTestId("dashboard-due-task")).toHaveLength(1));
    expect(fakeApi.calls("PATCH", "/api/tasks/t1")[0]?.body).toEqual({ done: true });
  });
});
