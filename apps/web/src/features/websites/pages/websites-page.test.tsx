import {
  type TGeneratedWebsite,
  type TSiteFacts,
  type TSubscriptionStatusResponse,
  type TWebsite,
  ZGeneratedWebsite,
  ZSiteRead,
  ZSubscriptionStatusResponse,
  ZUnderstoodDescription,
  ZWebsite,
} from "@shobai/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEMO_WEBSITES } from "@/demo/websites";
import { i18n } from "@/lib/i18n";
import { DEMO_DRAFT_KEY, SIGNUP_BUSINESS_TYPE_KEY } from "@/lib/signup-draft";
import { resetToasts } from "@/lib/toast";
import { apiError, fakeApi } from "@/test/fake-api";
import { signIn, signOut } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import WebsitesPage from "./websites-page";

vi.mock("@/lib/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/navigation")>()),
  hardNavigate: vi.fn(),
}));

function website(overrides: Partial<TWebsite> & Pick<TWebsite, "id" | "name">): TWebsite {
  return {
    slug: overrides.id,
    domain: null,
    url: `http://${overrides.id}.localhost:5000/`,
    template: "restaurant",
    businessType: "restaurant",
    languages: ["ja"],
    isPublished: true,
    source: "generated",
    sourceUrl: null,
    createdAt: "2025-01-15T01:00:00.000Z",
    updatedAt: "2025-01-15T01:00:00.000Z",
    ...overrides,
  };
}

function status(websiteCount: number, websiteLimit = 3): TSubscriptionStatusResponse {
  return {
    plan: "business",
    subscriptionStatus: "active",
    websiteCount,
    websiteLimit,
    trialEndsAt: null,
    subscriptionEndsAt: null,
    access: "ok",
    cancelAtPeriodEnd: false,
    renewsAt: null,
    scheduledPlan: null,
    emailsSentThisMonth: 0,
    emailMonthlyLimit: 10_000,
    emailsSentToday: 0,
    emailDailyLimit: 3_000,
    billing: { configured: false, portal: false },
  };
}

/** A small fake of the websites API over `sites`; tests add or replace endpoints after it. */
function serve({
  signedIn = true,
  sites = [] as TWebsite[],
  limit = 3,
}: {
  signedIn?: boolean;
  sites?: TWebsite[];
  limit?: number;
} = {}) {
  if (!signedIn) {
    signOut();
    return;
  }
  signIn();
  fakeApi.get("/api/websites", ZWebsite.array(), () => sites);
  fakeApi.get("/api/subscription/status", ZSubscriptionStatusResponse, () => status(sites.length, limit));
  fakeApi.post("/api/websites/understand", ZUnderstoodDescription, () => ({
    facts: READING,
    industry: "restaurant",
    candidates: ["restaurant"],
  }));
}

/** What the server reads in the ramen description (the fake answer of /api/websites/understand). */
const READING: TSiteFacts = {
  sourceLanguage: "ja",
  name: null,
  trade: "ラーメン店",
  place: "中目黒",
  access: null,
  address: null,
  phone: "03-1234-5678",
  email: null,
  foundedYear: null,
  items: [
    { name: "鶏白湯ラーメン", price: { amount: 950, currency: "JPY", taxIncluded: true, from: false } },
  ],
  hours: {
    periods: [{ days: [], opens: "11:00", closes: "22:00" }],
    closedDays: [3],
    closedOnHolidays: false,
    openEveryDay: false,
    notes: [],
  },
  localized: {},
  notes: [],
  profile: null,
  whatsapp: null,
  lineId: null,
  sameAs: [],
};

/** POST /api/websites/generate answers `answer`. */
function generate(answer: () => TWebsite | Response | Promise<TWebsite>) {
  fakeApi.post(
    "/api/websites/generate",
    ZGeneratedWebsite,
    async () => {
      const result = await answer();
      if (result instanceof Response) return result;
      return { ...result, writer: "composer", aiLimitReached: false } satisfies TGeneratedWebsite;
    },
    { status: 201 },
  );
}

const calls = fakeApi.calls;

beforeEach(async () => {
  await i18n.changeLanguage("ja");
});
afterEach(() => {
  resetToasts();
});

describe("WebsitesPage signed in", () => {
  it("refuses an empty description: '入力エラー' / 'ビジネス内容を入力してください。' and sends nothing", async () => {
    const user = userEvent.setup();
    serve();
    renderWithProviders(<WebsitesPage />, { path: "/websites" });
    await screen.findByTestId("websites-empty");

    await user.type(screen.getByTestId("websites-description"), "   \n  ");
    await user.click(screen.getByTestId("websites-generate-submit"));

    // Said beside the field, which takes focus.
    expect(await screen.findByTestId("websites-description-error")).toHaveTextContent(
      "ビジネス内容を入力してください。",
    );
    const field = screen.getByTestId("websites-description");
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field.getAttribute("aria-describedby")).toContain("websites-description-error");
    await waitFor(() => expect(field).toHaveFocus());
    expect(calls("POST", "/api/websites/generate")).toHaveLength(0);
  });

  // A whole journey through two selects and the language chips: slower than one default timeout under load.
  it("generates a site, toasts, refetches the list and resets the form to Japanese only", {
    // It types a description, corrects the facts, generates and waits for the list: slow on a busy machine.
    timeout: 45_000,
  }, async () => {
    const user = userEvent.setup();
    const sites: TWebsite[] = [];
    let release: () => void = () => {};
    const created = website({ id: "w1", name: "さくらラーメン", languages: ["en", "ja"] });
    serve({ sites });
    // The generation answers only when the test says so, to see the pending state.
    generate(async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      sites.push(created);
      return created;
    });
    renderWithProviders(<WebsitesPage />, { path: "/websites" });
    await screen.findByTestId("websites-empty");
    expect(screen.getByTestId("websites-usage")).toHaveTextContent("0 / 3 サイト使用中");

    await user.click(screen.getByTestId("websites-description"));
    await user.paste("  中目黒の小さなラーメン店です。鶏白湯スープが自慢です。 ");
    // What the server read is shown for the owner to confirm; the owner corrects the phone number.
    const panel = await screen.findByTestId("facts-panel");
    await waitFor(() => expect(within(panel).getByTestId("facts-phone")).toHaveValue("03-1234-5678"));
    expect(within(panel).getByTestId("facts-name")).toHaveValue("");
    expect(
      within(panel).getByText("説明文にはありませんでした（任意）", { selector: "#facts-name-missing" }),
    ).toBeInTheDocument();
    const typeInto = async (testId: string, text: string) => {
      await user.click(within(panel).getByTestId(testId));
      await user.paste(text);
    };
    await user.clear(within(panel).getByTestId("facts-phone"));
    await typeInto("facts-phone", "03-9999-0000");
    await typeInto("facts-name", "さくらラーメン");
    await user.click(within(panel).getByTestId("facts-add-item"));
    await typeInto("facts-item-name-1", "餃子");
    await typeInto("facts-item-price-1", "400");
    await user.click(screen.getByTestId("websites-business-type"));
    await user.click(await screen.findByTestId("websites-business-type-restaurant"));
    await user.click(screen.getByTestId("websites-target-market"));
    await user.click(await screen.findByTestId("websites-target-market-asia"));
    // Ticking English first, then unticking and re-ticking Japanese: English becomes the default.
    await user.click(screen.getByTestId("websites-language-en"));
    await user.click(screen.getByTestId("websites-language-ja"));
    await user.click(screen.getByTestId("websites-language-ja"));
    await user.click(screen.getByTestId("websites-generate-submit"));

    const button = screen.getByTestId("websites-generate-submit");
    await waitFor(() => expect(button).toHaveAttribute("aria-disabled", "true"));
    expect(button).toHaveTextContent("生成中…");
    expect(screen.getByTestId("websites-pending")).toBeInTheDocument();

    expect(calls("POST", "/api/websites/generate")[0]?.body).toEqual({
      businessDescription: "中目黒の小さなラーメン店です。鶏白湯スープが自慢です。",
      targetMarket: "asia",
      businessType: "restaurant",
      languages: ["en", "ja"],
      // Everything the owner saw is confirmed; what the owner typed wins over what was read.
      facts: {
        name: "さくらラーメン",
        place: "中目黒",
        phone: "03-9999-0000",
        email: null,
        address: null,
        foundedYear: null,
        items: [READING.items[0], { name: "餃子", price: { currency: "JPY", amount: 400 } }],
        hours: READING.hours,
      },
    });
    const listCallsBefore = calls("GET", "/api/websites").length;
    release();

    const toast = await screen.findByTestId("toast");
    expect(toast).toHaveTextContent("ウェブサイト生成完了");
    expect(toast).toHaveTextContent("AIがウェブサイトを正常に生成しました。");
    const card = await screen.findByTestId("website-card");
    expect(card).toHaveAttribute("data-website-id", "w1");
    // Focus goes to the result, which names the site and links to its editor.
    const result = screen.getByTestId("websites-generated");
    await waitFor(() => expect(result).toHaveFocus());
    expect(result).toHaveTextContent("さくらラーメン");
    expect(screen.getByTestId("websites-generated-edit")).toHaveAttribute("href", "/websites/w1/edit");
    expect(calls("GET", "/api/websites").length).toBeGreaterThan(listCallsBefore);
    expect(within(card).getByRole("heading", { name: "さくらラーメン" })).toBeInTheDocument();
    expect(within(card).getByText("公開中")).toBeInTheDocument();
    expect(within(card).getByTestId("website-preview")).toHaveAttribute("href", "/api/websites/w1/preview");
    expect(within(card).getByTestId("website-preview")).toHaveAttribute("target", "_blank");
    expect(within(card).getByTestId("website-edit")).toHaveAttribute("href", "/websites/w1/edit");

    // The form starts over: empty description, automatic type, Japan, Japanese only.
    expect(screen.getByTestId("websites-description")).toHaveValue("");
    expect(screen.getByTestId("websites-language-ja")).toBeChecked();
    for (const code of ["en", "pl", "ro", "ms", "id"]) {
      expect(screen.getByTestId(`websites-language-${code}`)).not.toBeChecked();
    }
    expect(screen.getByTestId("websites-business-type")).toHaveTextContent("自動判定");
    expect(screen.getByTestId("websites-target-market")).toHaveTextContent("日本");
    expect(button).toBeEnabled();
    await waitFor(() => expect(screen.getByTestId("websites-usage")).toHaveTextContent("1 / 3"));
  });

  it("shows a failed generation and, at the plan limit, the way to a bigger plan", async () => {
    const user = userEvent.setup();
    serve({
      sites: [website({ id: "w1", name: "さくらラーメン" })],
      limit: 1,
    });
    generate(() => apiError(403, "website_limit", "Your plan allows 1 website."));
    renderWithProviders(<WebsitesPage />, { path: "/websites" });

    const warning = await screen.findByTestId("websites-limit-warning");
    expect(warning).toHaveTextContent("サイト数の上限に達しました");
    expect(within(warning).getByRole("link")).toHaveAttribute("href", "/subscription");
    expect(screen.getByTestId("websites-usage")).toHaveTextContent("1 / 1 サイト使用中");

    await user.click(screen.getByTestId("websites-description"));
    await user.paste("税理士事務所です。");
    await user.click(screen.getByTestId("websites-generate-submit"));
    const toast = await screen.findByTestId("toast");
    expect(toast).toHaveTextContent("生成エラー");
    expect(toast).toHaveTextContent("ウェブサイト生成に失敗しました。もう一度お試しください。");
    // The server writes English; the reason is said in the interface language.
    expect(toast).toHaveTextContent("現在のプランで作成できるサイト数の上限に達しています。");
    expect(within(toast).getByTestId("websites-toast-upgrade")).toHaveAttribute("href", "/subscription");
    // Said beside the button too, with the way to a bigger plan; it takes the focus.
    const failure = screen.getByTestId("websites-generate-failure");
    expect(failure).toHaveTextContent("現在のプランで作成できるサイト数の上限に達しています。");
    expect(within(failure).getByTestId("websites-generate-failure-upgrade")).toHaveAttribute(
      "href",
      "/subscription",
    );
    await waitFor(() => expect(failure).toHaveFocus());
    // What was typed stays, to try again after upgrading.
    expect(screen.getByTestId("websites-description")).toHaveValue("税理士事務所です。");
  });

  it("after the trial, a refused generation (plan_required) says why and links to the plans", async () => {
    const user = userEvent.setup();
    serve();
    generate(() => apiError(403, "plan_required", "Your free trial has ended."));
    renderWithProviders(<WebsitesPage />, { path: "/websites" });

    await user.click(await screen.findByTestId("websites-description"));
    await user.paste("花屋です。");
    await user.click(screen.getByTestId("websites-generate-submit"));
    const toast = await screen.findByTestId("toast");
    expect(toast).toHaveTextContent("無料トライアルまたはご契約の期間が終了したため");
    expect(within(toast).getByTestId("websites-toast-upgrade")).toHaveAttribute("href", "/subscription");
  });

  it("after the trial, says the data is kept and links to the plans instead of the limit warning", async () => {
    serve({
      sites: [website({ id: "w1", name: "花屋" })],
      limit: 1,
    });
    fakeApi.get("/api/subscription/status", ZSubscriptionStatusResponse, () => ({
      ...status(1, 1),
      plan: "trial",
      subscriptionStatus: "trialing",
      access: "trial_ended",
    }));
    renderWithProviders(<WebsitesPage />, { path: "/websites" });
    const notice = await screen.findByTestId("websites-access-ended");
    expect(notice).toHaveTextContent("無料トライアルは終了しました");
    expect(within(notice).getByTestId("websites-choose-plan")).toHaveAttribute("href", "/subscription");
    expect(screen.queryByTestId("websites-limit-warning")).not.toBeInTheDocument();
  });

  it("preselects the business type chosen in the signup dialog", async () => {
    sessionStorage.setItem(SIGNUP_BUSINESS_TYPE_KEY, "restaurant");
    serve();
    renderWithProviders(<WebsitesPage />, { path: "/websites" });
    expect(await screen.findByTestId("websites-business-type")).toHaveTextContent(
      i18n.t("websites:categories.restaurant"),
    );
    sessionStorage.clear();
  });

  it("starts with the description and market typed into the landing page's demo", async () => {
    sessionStorage.setItem(
      DEMO_DRAFT_KEY,
      JSON.stringify({ description: "京都の和菓子屋です。", market: "asia" }),
    );
    serve();
    renderWithProviders(<WebsitesPage />, { path: "/websites" });
    expect(await screen.findByTestId("websites-description")).toHaveValue("京都の和菓子屋です。");
    expect(screen.getByTestId("websites-target-market")).toHaveTextContent(i18n.t("websites:markets.asia"));
    sessionStorage.clear();
  });

  it("has no limit warning below the limit, and shows unpublished sites as '編集中'", async () => {
    serve({
      sites: [
        website({
          id: "w2",
          name: "山田法律事務所",
          isPublished: false,
          template: "legal",
          businessType: "legal",
        }),
      ],
    });
    renderWithProviders(<WebsitesPage />, { path: "/websites" });
    const card = await screen.findByTestId("website-card");
    expect(card).toHaveTextContent("編集中");
    expect(card).toHaveTextContent("法律事務所");
    await screen.findByTestId("websites-usage");
    expect(screen.queryByTestId("websites-limit-warning")).not.toBeInTheDocument();
  });

  it("suggests the site languages and market from the interface language", async () => {
    await i18n.changeLanguage("id");
    serve();
    renderWithProviders(<WebsitesPage />, { path: "/websites" });
    await screen.findByTestId("websites-empty");
    expect(await screen.findByTestId("websites-language-id")).toBeChecked();
    expect(screen.getByTestId("websites-language-en")).toBeChecked();
    expect(screen.getByTestId("websites-language-ja")).not.toBeChecked();
    expect(screen.getByTestId("websites-target-market")).toHaveTextContent(i18n.t("websites:markets.asia"));
  });

  it("imports: an empty URL is refused, a failure shows the server's reason", async () => {
    const user = userEvent.setup();
    serve();
    fakeApi.post("/api/websites/import/read", ZSiteRead, () =>
      apiError(400, "import_failed", "The page took too long to answer."),
    );
    renderWithProviders(<WebsitesPage />, { path: "/websites" });
    await screen.findByTestId("websites-empty");
    await user.click(screen.getByTestId("websites-tab-import"));

    await user.click(await screen.findByTestId("websites-import-read"));
    // Said beside the field, which takes the focus (no toast far from it).
    expect(await screen.findByTestId("websites-import-url-error")).toHaveTextContent(
      "インポートするサイトのURLを入力してください。",
    );
    const url = screen.getByTestId("websites-import-url");
    expect(url).toHaveFocus();
    expect(url).toHaveAttribute("aria-invalid", "true");
    expect(url).toHaveAccessibleDescription(/インポートするサイトのURLを入力してください。/);
    expect(calls("POST", "/api/websites/import/read")).toHaveLength(0);

    await user.click(screen.getByTestId("websites-import-url"));
    await user.paste("https://slow.example.jp");
    await user.click(screen.getByTestId("websites-import-read"));
    await waitFor(() => expect(screen.getByTestId("toast")).toHaveTextContent("インポートエラー"));
    const toast = screen.getByTestId("toast");
    expect(toast).toHaveTextContent("サイトインポートに失敗しました。URLを確認してください。");
    expect(toast).toHaveTextContent("The page took too long to answer.");
    // And beside the button, where the focus goes.
    const failure = screen.getByTestId("websites-import-failure");
    expect(failure).toHaveTextContent("The page took too long to answer.");
    await waitFor(() => expect(failure).toHaveFocus());
    expect(calls("POST", "/api/websites/import/read")[0]?.body).toEqual({ url: "https://slow.example.jp" });
    expect(calls("POST", "/api/websites/import")).toHaveLength(0);
  });

  it("imports: shows what the site states, then makes the site from what the owner confirmed", async () => {
    const user = userEvent.setup();
    serve();
    const found: TSiteFacts = {
      ...READING,
      name: "山田税理士事務所",
      items: [
        { name: "相続税申告", price: { amount: 300000, currency: "JPY", taxIncluded: false, from: true } },
      ],
      notes: ["初回相談無料"],
      profile: { representative: "山田 太郎", qualifications: ["税理士"] },
    };
    fakeApi.post("/api/websites/import/read", ZSiteRead, () => ({
      facts: found,
      industry: "finance",
      candidates: ["finance"],
      sourceUrl: "https://tax.example.jp/",
      pages: [
        { url: "https://tax.example.jp/", title: "トップ" },
        { url: "https://tax.example.jp/ryokin.html", title: "料金表" },
      ],
    }));
    fakeApi.post("/api/websites/import", ZWebsite, () => website({ id: "w9", name: "山田会計事務所" }));
    renderWithProviders(<WebsitesPage />, { path: "/websites" });
    await screen.findByTestId("websites-empty");
    await user.click(screen.getByTestId("websites-tab-import"));
    await user.click(screen.getByTestId("websites-import-url"));
    await user.paste("https://tax.example.jp");
    await user.click(screen.getByTestId("websites-import-read"));

    expect(await screen.findByTestId("websites-import-pages")).toHaveTextContent("読み込んだページ：2");
    expect(screen.getByTestId("facts-name")).toHaveValue("山田税理士事務所");
    expect(screen.getByTestId("facts-item-name-0")).toHaveValue("相続税申告");
    expect(screen.getByTestId("facts-item-before-tax-0")).toHaveTextContent("税抜");
    expect(screen.getByTestId("facts-notes")).toHaveValue("初回相談無料");
    expect(screen.getByTestId("facts-representative")).toHaveValue("山田 太郎");
    await user.clear(screen.getByTestId("facts-name"));
    await user.type(screen.getByTestId("facts-name"), "山田会計事務所");
    await user.click(screen.getByTestId("websites-import-submit"));

    await waitFor(() => expect(calls("POST", "/api/websites/import")).toHaveLength(1));
    expect(calls("POST", "/api/websites/import")[0]?.body).toMatchObject({
      url: "https://tax.example.jp/",
      languages: ["ja"],
      facts: {
        name: "山田会計事務所",
        items: found.items,
        notes: ["初回相談無料"],
        profile: { representative: "山田 太郎", qualifications: ["税理士"] },
      },
    });
    expect(await screen.findByTestId("toast")).toHaveTextContent("山田会計事務所");
  });
});

describe("WebsitesPage signed out", () => {
  it("shows the sample sites and a sign-up banner, and makes no data calls", async () => {
    serve({ signedIn: false });
    const { queryClient } = renderWithProviders(<WebsitesPage />, { path: "/websites" });

    expect(await screen.findByTestId("websites-demo-banner")).toBeInTheDocument();
    expect(screen.getByTestId("websites-demo-signup")).toHaveAttribute("href", "/auth?mode=register");
    const cards = screen.getAllByTestId("website-card");
    expect(cards).toHaveLength(DEMO_WEBSITES.length);
    for (const card of cards) expect(card).toHaveTextContent("Active");
    expect(within(cards[0]!).getByRole("heading", { name: "さくらラーメン" })).toBeInTheDocument();
    expect(screen.queryByTestId("websites-usage")).not.toBeInTheDocument();

    // Nothing is left to fetch, and only the user was asked for (any other call fails the test too).
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(fakeApi.allCalls().map(({ url }) => url.pathname)).toEqual(["/api/auth/user"]);
  });

  it("asks to log in when a visitor tries to generate", async () => {
    const { hardNavigate } = await import("@/lib/navigation");
    const user = userEvent.setup();
    serve({ signedIn: false });
    renderWithProviders(<WebsitesPage />, { path: "/websites" });
    await screen.findByTestId("websites-demo-banner");

    await user.type(screen.getByTestId("websites-description"), "花屋です。");
    await user.click(screen.getByTestId("websites-generate-submit"));
    expect(await screen.findByText("ログインが必要です")).toBeInTheDocument();
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith("/api/login"));
    expect(calls("POST", "/api/websites/generate")).toHaveLength(0);
  });
});
