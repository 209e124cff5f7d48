import { type TOperatorInfo, ZOperatorInfo } from "@shobai/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/lib/i18n";
import { fakeApi } from "@/test/fake-api";
import { renderWithProviders } from "@/test/render";
import { formatLegalDate } from "./legal-date";
import CommercialLawPage from "./pages/commercial-law-page";
import CookiesPage from "./pages/cookies-page";
import PrivacyPage from "./pages/privacy-page";
import SecurityPage from "./pages/security-page";
import TermsPage from "./pages/terms-page";

function serveOperator(operator: TOperatorInfo) {
  fakeApi.get("/api/public/operator", ZOperatorInfo, () => operator);
}

beforeEach(async () => {
  await i18n.changeLanguage("ja");
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("legal pages", () => {
  it.each([
    ["/terms", TermsPage, "利用規約", 9],
    ["/privacy", PrivacyPage, "プライバシーポリシー", 10],
    ["/security", SecurityPage, "セキュリティ", 6],
  ] as const)("%s shows its heading, last updated, contents and its sections", (path, Page, title, count) => {
    renderWithProviders(<Page />, { path });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(title);
    expect(screen.getByTestId("legal-last-updated")).toHaveTextContent("2025年1月1日");
    const sections = screen.getAllByTestId("legal-section");
    expect(sections).toHaveLength(count);
    // The table of contents links to every section's anchor.
    const toc = screen.getByRole("navigation", { name: "目次" });
    const links = within(toc).getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual(sections.map((s) => `#${s.id}`));
  });

  it("names the six security topics and the 24-hour first response", () => {
    renderWithProviders(<SecurityPage />, { path: "/security" });
    const titles = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual([
      "1.暗号化",
      "2.アクセス制御",
      "3.インフラストラクチャー",
      "4.監視",
      "5.法令と認証",
      "6.脆弱性とインシデントの報告",
    ]);
    expect(screen.getByText(/24時間以内に最初の回答/)).toBeInTheDocument();
  });

  it("states the retention facts and the processors in the privacy policy", async () => {
    await i18n.changeLanguage("en");
    renderWithProviders(<PrivacyPage />, { path: "/privacy" });
    const text = screen.getByTestId("legal-privacy").textContent ?? "";
    expect(text).toContain("Logs and analytics records: 12 months");
    expect(text).toContain("Billing records: 7 years");
    expect(text).toContain("30 days after deletion");
    expect(text).toContain("Stripe");
    expect(text).toContain("children under 13");
    expect(screen.getByTestId("legal-last-updated")).toHaveTextContent("1 January 2025");
  });

  it("lists the five cookies, saying truthfully that _ga and _gid are not set today", async () => {
    await i18n.changeLanguage("en");
    renderWithProviders(<CookiesPage />, { path: "/cookies" });
    const table = screen.getByTestId("cookie-table");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(5);
    expect(rows.map((r) => within(r).getByRole("rowheader").textContent)).toEqual([
      "auth_session",
      "user_language",
      "_ga",
      "_gid",
      "cookie_consent",
    ]);
    expect(screen.getByTestId("cookie-row-auth_session")).toHaveTextContent("7 days");
    expect(screen.getByTestId("cookie-row-auth_session")).toHaveTextContent("Essential");
    expect(screen.getByTestId("cookie-row-user_language")).toHaveTextContent("1 year");
    expect(screen.getByTestId("cookie-row-_ga")).toHaveTextContent("2 years");
    expect(screen.getByTestId("cookie-row-_ga")).toHaveTextContent("Not set by Shobai today");
    expect(screen.getByTestId("cookie-row-_gid")).toHaveTextContent("24 hours");
    expect(screen.getByTestId("cookie-row-cookie_consent")).toHaveTextContent("local storage");
    expect(screen.getByTestId("legal-cookies")).toHaveTextContent("cookie_consent_date");
  });

  it("Back goes back in history when there is some", async () => {
    window.history.pushState({}, "", "/terms");
    const back = vi.spyOn(window.history, "back").mockImplementation(() => {});
    renderWithProviders(<TermsPage />, { path: "/terms" });
    await userEvent.click(screen.getByTestId("legal-back"));
    expect(back).toHaveBeenCalledTimes(1);
  });

  it("Back goes to the home page when the page was opened directly", async () => {
    vi.spyOn(window.history, "length", "get").mockReturnValue(1);
    const back = vi.spyOn(window.history, "back").mockImplementation(() => {});
    const { location } = renderWithProviders(<TermsPage />, { path: "/terms" });
    await userEvent.click(screen.getByTestId("legal-back"));
    expect(back).not.toHaveBeenCalled();
    expect(location.history?.at(-1)).toBe("/");
  });

  it("Back goes home when the earlier entries belong to another site (Navigation API)", async () => {
    vi.spyOn(window.history, "length", "get").mockReturnValue(3);
    vi.stubGlobal("navigation", { canGoBack: false });
    const back = vi.spyOn(window.history, "back").mockImplementation(() => {});
    const { location } = renderWithProviders(<TermsPage />, { path: "/terms" });
    await userEvent.click(screen.getByTestId("legal-back"));
    expect(back).not.toHaveBeenCalled();
    expect(location.history?.at(-1)).toBe("/");
  });

  it.each([
    ["en", "1 January 2025"],
    ["pl", "1 stycznia 2025"],
    ["id", "1 Januari 2025"],
  ])("formats the last-updated date in %s", (language, expected) => {
    expect(formatLegalDate("2025-01-01", language)).toBe(expected);
  });
});

describe("commercial-law page (特定商取引法に基づく表記)", () => {
  it("shows the configured operator, the plans with tax-inclusive prices and the Japanese headings", async () => {
    serveOperator({
      name: "株式会社商売",
      representative: "佐藤 花子",
      address: "東京都渋谷区渋谷1-2-3",
      phone: "03-1234-5678",
      email: "support@shobai.example",
      invoiceNumber: "T7000012050002",
    });
    renderWithProviders(<CommercialLawPage />, { path: "/commercial-law" });
    await waitFor(() =>
      expect(screen.getByTestId("commercial-invoiceNumber")).toHaveTextContent("T7000012050002"),
    );
    expect(screen.getByText("適格請求書発行事業者登録番号")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("特定商取引法に基づく表記");
    await waitFor(() => expect(screen.getByTestId("commercial-seller")).toHaveTextContent("株式会社商売"));
    expect(screen.getByTestId("commercial-representative")).toHaveTextContent("佐藤 花子");
    expect(screen.getByTestId("commercial-address")).toHaveTextContent("東京都渋谷区渋谷1-2-3");
    expect(screen.getByTestId("commercial-phone")).toHaveTextContent("03-1234-5678");
    expect(screen.getByRole("link", { name: "support@shobai.example" })).toHaveAttribute(
      "href",
      "mailto:support@shobai.example",
    );
    expect(screen.queryByTestId("operator-not-configured")).not.toBeInTheDocument();
    for (const label of [
      "販売事業者",
      "運営統括責任者",
      "所在地",
      "電話番号",
      "メールアドレス",
      "販売価格",
      "商品代金以外の必要料金",
      "支払方法",
      "支払時期",
      "役務の提供時期",
      "返品・キャンセル",
      "動作環境",
    ]) {
      expect(screen.getAllByText(label, { selector: "dt" })).toHaveLength(1);
    }
    const plans = screen.getByTestId("commercial-plans");
    expect(plans).toHaveTextContent("Starter月額 ¥4,980（税込）");
    expect(plans).toHaveTextContent("White Label月額 ¥39,800（税込）");
    expect(screen.getByTestId("commercial-returns")).toHaveTextContent("30日以内");
    expect(screen.getByTestId("commercial-paymentMethod")).toHaveTextContent("Stripe");
  });

  it("says which variable sets a missing detail, and that address and phone are disclosed on request", async () => {
    serveOperator({ name: "株式会社商売", representative: null, address: null, phone: null, email: null });
    renderWithProviders(<CommercialLawPage />, { path: "/commercial-law" });
    await waitFor(() => expect(screen.getByTestId("commercial-seller")).toHaveTextContent("株式会社商売"));
    expect(screen.getByTestId("commercial-representative")).toHaveTextContent(
      "未設定（運営者が OPERATOR_REPRESENTATIVE で設定します）",
    );
    expect(screen.getByTestId("commercial-address")).toHaveTextContent(
      "請求があった場合には、遅滞なく開示いたします。",
    );
    expect(screen.getByTestId("commercial-address")).toHaveTextContent("OPERATOR_ADDRESS");
    expect(screen.getByTestId("commercial-phone")).toHaveTextContent("遅滞なく開示");
    expect(screen.getByTestId("commercial-email")).toHaveTextContent("OPERATOR_EMAIL");
    expect(screen.getByTestId("commercial-email")).not.toHaveTextContent("遅滞なく開示");
    expect(screen.getByTestId("commercial-invoiceNumber")).toHaveTextContent("OPERATOR_INVOICE_NUMBER");
    expect(screen.getAllByTestId("operator-not-configured")).toHaveLength(5);
  });

  it("in English keeps the Japanese legal term next to the translation", async () => {
    await i18n.changeLanguage("en");
    serveOperator({ name: null, representative: null, address: null, phone: null, email: null });
    renderWithProviders(<CommercialLawPage />, { path: "/commercial-law" });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("(特定商取引法に基づく表記)");
    await waitFor(() =>
      expect(screen.getByTestId("commercial-seller")).toHaveTextContent(
        "Not configured (the operator sets this with OPERATOR_NAME)",
      ),
    );
    expect(screen.getByText("Seller (販売事業者)")).toBeInTheDocument();
  });
});
