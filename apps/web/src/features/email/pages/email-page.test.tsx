import {
  type TCampaign,
  type TDeliveryStats,
  type TEmailSettings,
  type TSubscriptionStatusResponse,
  type TWebsite,
  ZCampaign,
  ZCampaignAudience,
  ZCampaignPreview,
  ZContact,
  ZContactField,
  ZContactTag,
  ZDeliveryStats,
  ZEmailSettings,
  ZSegment,
  ZSubscriptionStatusResponse,
  ZVerificationStatus,
  ZWebsite,
} from "@shobai/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { DEMO_CAMPAIGNS } from "@/demo/email";
import { DEMO_WEBSITES } from "@/demo/websites";
import { i18n } from "@/lib/i18n";
import { resetToasts } from "@/lib/toast";
import { apiError, fakeApi } from "@/test/fake-api";
import { aSubscriptionStatus, signIn, signOut } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import EmailPage from "./email-page";

let subscription: TSubscriptionStatusResponse = aSubscriptionStatus();

vi.mock("@/lib/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/navigation")>()),
  hardNavigate: vi.fn(),
}));

function campaign(overrides: Partial<TCampaign> & Pick<TCampaign, "id" | "name">): TCampaign {
  return {
    type: "welcome",
    subject: "ようこそ",
    content: "{{lastName}}様、ありがとうございます。",
    audience: [],
    followupDays: null,
    fromEmail: "",
    trackOpens: false,
    isActive: false,
    state: "draft",
    stopReason: null,
    stats: {
      recipients: 0,
      emailsSent: 0,
      failed: 0,
      skipped: 0,
      bounced: 0,
      complained: 0,
      deferred: 0,
      pending: 0,
      unknown: 0,
      opened: 0,
      clicked: 0,
      openRate: 0,
      clickRate: 0,
    },
    createdAt: "2025-01-15T01:00:00.000Z",
    updatedAt: "2025-01-15T01:00:00.000Z",
    ...overrides,
  };
}

const CAMPAIGNS: TCampaign[] = [
  campaign({
    id: "k1",
    name: "春のニュースレター",
    type: "newsletter",
    isActive: true,
    state: "active",
    trackOpens: true,
    stats: {
      recipients: 200,
      emailsSent: 200,
      failed: 0,
      skipped: 0,
      bounced: 0,
      complained: 0,
      deferred: 0,
      pending: 0,
      unknown: 0,
      opened: 100,
      clicked: 20,
      openRate: 50,
      clickRate: 10,
    },
  }),
  campaign({ id: "k2", name: "ウェルカムメール" }),
];

function serve({
  signedIn = true,
  campaigns = CAMPAIGNS,
  settings = { senderName: "さくら", senderEmail: "info@sakura.example.jp", replyTo: "" },
}: {
  signedIn?: boolean;
  campaigns?: TCampaign[] | (() => TCampaign[]);
  settings?: TEmailSettings;
} = {}) {
  if (!signedIn) {
    signOut();
    return;
  }
  signIn();
  fakeApi.get("/api/email-campaigns", ZCampaign.array(), () =>
    typeof campaigns === "function" ? campaigns() : campaigns,
  );
  fakeApi.get("/api/email/settings", ZEmailSettings, () => settings);
  fakeApi.get("/api/subscription/status", ZSubscriptionStatusResponse, () => subscription);
  fakeApi.get("/api/email/verification-status/:email", ZVerificationStatus, ({ params }) => ({
    email: decodeURIComponent(params.email ?? ""),
    status: "pending",
    verified: false,
  }));
}

const calls = fakeApi.calls;

function rowNames() {
  return screen.getAllByTestId("campaign-row").map((row) => row.getAttribute("data-campaign-name"));
}

beforeEach(async () => {
  await i18n.changeLanguage("ja");
});
afterEach(() => {
  resetToasts();
});

describe("sending allowance", () => {
  it("shows today's and this month's emails against the plan's limits, and says when today's is used up", async () => {
    subscription = aSubscriptionStatus({
      emailsSentToday: 3_000,
      emailDailyLimit: 3_000,
      emailsSentThisMonth: 4_200,
    });
    serve();
    renderWithProviders(<EmailPage />);
    const line = await screen.findByTestId("email-allowance");
    expect(line).toHaveTextContent("今日の送信 3,000 / 3,000 通・今月 4,200 / 10,000 通");
    expect(line).toHaveTextContent("翌日（日本時間）以降に送信されます");
    subscription = aSubscriptionStatus();
  });
});

describe("EmailPage signed in", () => {
  it("lists campaigns with type, state and figures, and sums them up", async () => {
    serve();
    renderWithProviders(<EmailPage />, { path: "/email" });
    await waitFor(() => expect(rowNames()).toEqual(["春のニュースレター", "ウェルカムメール"]));
    const [first, second] = screen.getAllByTestId("campaign-row");
    expect(within(first!).getByTestId("campaign-state")).toHaveTextContent("配信中");
    expect(within(first!).getByText("ニュースレター")).toBeInTheDocument();
    expect(within(first!).getByTestId("campaign-sent")).toHaveTextContent("200");
    expect(within(first!).getByTestId("campaign-toggle")).toHaveTextContent("停止");
    expect(within(second!).getByTestId("campaign-state")).toHaveTextContent("下書き");
    expect(within(second!).getByTestId("campaign-toggle")).toHaveTextContent("開始");
    // The welcome does not count opens: no rate, and the reason for screen readers.
    expect(within(first!).getByTestId("campaign-open-rate")).toHaveTextContent("50.0%");
    expect(within(second!).getByTestId("campaign-open-rate")).toHaveTextContent("—");
    expect(within(second!).getByTestId("campaign-open-rate")).toHaveTextContent(
      "このキャンペーンは開封を計測していません",
    );
    expect(screen.getAllByText(/2025年1月15日/).length).toBeGreaterThan(0);
    expect(screen.getByTestId("email-stat-campaigns")).toHaveTextContent("2");
    expect(screen.getByTestId("email-stat-sent")).toHaveTextContent("200");
    expect(screen.getByTestId("email-stat-open-rate")).toHaveTextContent("50.0%");
    expect(screen.getByTestId("email-stat-click-rate")).toHaveTextContent("10.0%");
    expect(screen.queryByTestId("email-demo-banner")).not.toBeInTheDocument();
  });

  it("says why the engine stopped a campaign and how many emails have an unknown outcome", async () => {
    serve({
      campaigns: [
        campaign({
          id: "k3",
          name: "秋の便り",
          state: "stopped",
          stopReason: "sender_unverified",
          stats: { ...CAMPAIGNS[0]!.stats, unknown: 3 },
        }),
      ],
    });
    renderWithProviders(<EmailPage />, { path: "/email" });
    expect(await screen.findByTestId("campaign-stop-reason")).toHaveTextContent(
      "送信元アドレスが確認済みでない",
    );
    expect(screen.getByTestId("campaign-unknown")).toHaveTextContent("3件は送信結果が不明");
  });

  it("shows 'まだキャンペーンがありません' when there are none", async () => {
    serve({ campaigns: [] });
    renderWithProviders(<EmailPage />, { path: "/email" });
    expect(await screen.findByTestId("campaign-empty")).toHaveTextContent("まだキャンペーンがありません");
  });

  it("refuses to create without name, subject and content: said beside the fields, the first focused, no call", async () => {
    const user = userEvent.setup();
    serve();
    renderWithProviders(<EmailPage />, { path: "/email" });
    await screen.findAllByTestId("campaign-row");

    await user.click(screen.getByTestId("campaign-create-open"));
    await user.type(screen.getByTestId("campaign-name"), "夏のお知らせ");
    await user.type(screen.getByTestId("campaign-subject"), "   ");
    await user.click(screen.getByTestId("campaign-submit"));

    // Said beside each missing field, the first of which takes the focus.
    expect(await screen.findByTestId("campaign-subject-error")).toHaveTextContent("件名を入力してください。");
    expect(screen.getByTestId("campaign-content-error")).toHaveTextContent("本文を入力してください。");
    expect(screen.queryByTestId("campaign-name-error")).toBeNull();
    expect(screen.getByTestId("campaign-subject")).toHaveFocus();
    expect(screen.getByTestId("campaign-subject")).toHaveAccessibleDescription("件名を入力してください。");
    expect(screen.getByTestId("campaign-subject")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByTestId("campaign-content")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByTestId("campaign-name")).toHaveValue("夏のお知らせ");
    expect(calls("POST", "/api/email-campaigns")).toHaveLength(0);
  });

  it("lists the allowed variables, inserts one, and has an 8-row content box", async () => {
    const user = userEvent.setup();
    serve();
    renderWithProviders(<EmailPage />, { path: "/email" });
    await screen.findAllByTestId("campaign-row");
    await user.click(screen.getByTestId("campaign-create-open"));

    const hint = screen.getByTestId("campaign-variables-hint");
    for (const v of ["{{firstName}}", "{{lastName}}", "{{company}}"]) expect(hint).toHaveTextContent(v);
    expect(screen.getByTestId("campaign-content")).toHaveAttribute("rows", "8");
    await user.click(within(hint).getByRole("button", { name: /\{\{company\}\}/ }));
    expect(screen.getByTestId("campaign-content")).toHaveValue("{{company}}");
    // welcome is the default type, and followup days only show for followup campaigns.
    expect(screen.getByTestId("campaign-type")).toHaveTextContent("ウェルカム");
    expect(screen.queryByTestId("campaign-followup-days")).not.toBeInTheDocument();
  });

  it("shows the server's refusal and keeps the input, then creates and reads the list again", async () => {
    const user = userEvent.setup();
    let attempts = 0;
    let list = CAMPAIGNS;
    serve({ campaigns: () => list });
    fakeApi.post(
      "/api/email-campaigns",
      ZCampaign,
      () => {
        attempts += 1;
        if (attempts === 1) {
          return apiError(
            400,
            "validation_error",
            "content uses unknown variables: {{name}}; allowed are {{firstName}}, {{lastName}}, {{company}}",
          );
        }
        const created = campaign({ id: "k3", name: "フォローアップ", type: "followup", followupDays: 7 });
        list = [created, ...CAMPAIGNS];
        return created;
      },
      { status: 201 },
    );
    renderWithProviders(<EmailPage />, { path: "/email" });
    await screen.findAllByTestId("campaign-row");
    const listReads = calls("GET", "/api/email-campaigns").length;

    await user.click(screen.getByTestId("campaign-create-open"));
    await user.type(screen.getByTestId("campaign-name"), "フォローアップ");
    await user.click(screen.getByTestId("campaign-type"));
    await user.click(await screen.findByTestId("campaign-type-followup"));
    await user.clear(screen.getByTestId("campaign-followup-days"));
    await user.type(screen.getByTestId("campaign-followup-days"), "7");
    await user.type(screen.getByTestId("campaign-subject"), "その後いかがですか");
    await user.click(screen.getByTestId("campaign-content"));
    await user.paste("{{name}}様");
    await user.click(screen.getByTestId("campaign-audience-qualified"));
    await user.click(screen.getByTestId("campaign-audience-new"));
    await user.click(screen.getByTestId("campaign-submit"));

    const toast = await screen.findByTestId("toast");
    expect(toast).toHaveTextContent("エラー");
    expect(toast).toHaveTextContent("キャンペーンの作成に失敗しました。");
    expect(toast).toHaveTextContent("unknown variables: {{name}}");
    // Said in the dialog too, above its buttons; it takes the focus.
    const failure = screen.getByTestId("campaign-failure");
    expect(failure).toHaveTextContent("キャンペーンの作成に失敗しました。");
    await waitFor(() => expect(failure).toHaveFocus());
    expect(screen.getByTestId("campaign-content")).toHaveValue("{{name}}様");
    expect(screen.getByTestId("campaign-name")).toHaveValue("フォローアップ");

    await user.clear(screen.getByTestId("campaign-content"));
    await user.click(screen.getByTestId("campaign-content"));
    await user.paste("{{lastName}}様");
    await user.click(screen.getByTestId("campaign-submit"));

    expect(await screen.findByText("キャンペーン作成完了")).toBeInTheDocument();
    expect(screen.getByText("新しいメールキャンペーンが作成されました。")).toBeInTheDocument();
    expect(calls("POST", "/api/email-campaigns").at(-1)?.body).toEqual({
      name: "フォローアップ",
      type: "followup",
      subject: "その後いかがですか",
      content: "{{lastName}}様",
      audience: ["new", "qualified"],
      followupDays: 7,
      fromEmail: "",
      trackOpens: false,
      // The footer follows each recipient's language unless one is chosen.
      language: null,
      blocks: null,
      segmentId: null,
      segment: null,
    });
    await waitFor(() => expect(screen.queryByTestId("campaign-dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(rowNames()[0]).toBe("フォローアップ"));
    expect(calls("GET", "/api/email-campaigns").length).toBeGreaterThan(listReads);
  });

  it("composes a newsletter from a template and narrows it to a tag, with the count live", async () => {
    const user = userEvent.setup();
    serve();
    fakeApi.get("/api/email/segments", ZSegment.array(), () => []);
    fakeApi.get("/api/contact-tags", z.array(ZContactTag), () => [{ id: "t1", name: "VIP", color: "gray" }]);
    fakeApi.get("/api/contact-fields", z.array(ZContactField), () => []);
    fakeApi.get("/api/websites", ZWebsite.array(), () => [
      { ...(DEMO_WEBSITES[0] as TWebsite), id: "w1", name: "さくら食堂" },
    ]);
    fakeApi.post("/api/email/segments/count", ZCampaignAudience, ({ body }) => {
      const tagged = ((body as { tagIds?: string[] }).tagIds ?? []).length > 0;
      return {
        matching: tagged ? 4 : 10,
        included: tagged ? 3 : 7,
        excluded: { noConsent: tagged ? 1 : 3, pending: 0, optedOut: 0, suppressed: 0 },
      };
    });
    fakeApi.post("/api/email-campaigns", ZCampaign, () => campaign({ id: "k9", name: "冬のセール" }), {
      status: 201,
    });
    renderWithProviders(<EmailPage />, { path: "/email" });
    await screen.findAllByTestId("campaign-row");
    await user.click(screen.getByTestId("campaign-create-open"));
    await user.type(screen.getByTestId("campaign-name"), "冬のセール");
    await user.click(screen.getByTestId("campaign-type"));
    await user.click(await screen.findByTestId("campaign-type-newsletter"));
    await user.type(screen.getByTestId("campaign-subject"), "冬のセールのご案内");

    await user.click(screen.getByTestId("content-mode-blocks"));
    await user.click(await screen.findByTestId("composer-template-offer"));
    expect(screen.getAllByTestId("composer-block")).toHaveLength(3);
    expect(screen.getByTestId("composer-heading")).toHaveValue("{{lastName}}様だけの特別なご案内");
    // The button's address is still "https://": the form says so and sends nothing.
    await user.click(screen.getByTestId("campaign-submit"));
    expect(await screen.findByText(/https:\/\/ で始まるアドレス/)).toBeInTheDocument();
    expect(calls("POST", "/api/email-campaigns")).toHaveLength(0);
    await user.type(screen.getByTestId("composer-button-href"), "sakura.example.jp/sale");

    const picker = await screen.findByTestId("segment-picker");
    await user.selectOptions(within(picker).getByTestId("segment-mode"), "custom");
    expect(await within(picker).findByText(/7人に届きます/)).toBeInTheDocument();
    await user.click(await within(picker).findByTestId("segment-tag-VIP"));
    expect(await within(picker).findByText(/3人に届きます（条件に合う4人のうち/)).toBeInTheDocument();
    // The owner's sites are conditions too: people who wrote in through that site's form.
    await user.click(await within(picker).findByTestId("segment-site-w1"));
    await waitFor(() =>
      expect(calls("POST", "/api/email/segments/count").at(-1)?.body).toMatchObject({ websiteIds: ["w1"] }),
    );
    await user.click(within(picker).getByTestId("segment-site-w1"));

    await user.click(screen.getByTestId("campaign-submit"));
    await waitFor(() => expect(calls("POST", "/api/email-campaigns")).toHaveLength(1));
    expect(calls("POST", "/api/email-campaigns")[0]?.body).toMatchObject({
      type: "newsletter",
      content:
        "{{lastName}}様だけの特別なご案内\n\n期間限定で全品10%オフ。\nこのメールを店頭でお見せください。\n\n対象の商品を見る: https://sakura.example.jp/sale",
      blocks: [
        { type: "heading", text: "{{lastName}}様だけの特別なご案内" },
        { type: "text", text: "期間限定で全品10%オフ。\nこのメールを店頭でお見せください。" },
        { type: "button", label: "対象の商品を見る", href: "https://sakura.example.jp/sale" },
      ],
      segmentId: null,
      segment: { tagIds: ["t1"], statuses: [], sources: [] },
    });
  });

  it("starts and stops a campaign with PATCH isActive", async () => {
    const user = userEvent.setup();
    serve();
    fakeApi.patch("/api/email-campaigns/:id", ZCampaign, ({ params, body }) => {
      const { isActive } = body as { isActive: boolean };
      const found = CAMPAIGNS.find((c) => c.id === params.id) ?? campaign({ id: "?", name: "?" });
      return { ...found, isActive, state: isActive ? "active" : "stopped" };
    });
    renderWithProviders(<EmailPage />, { path: "/email" });
    await screen.findAllByTestId("campaign-row");

    const [active, draft] = screen.getAllByTestId("campaign-toggle");
    await user.click(active!);
    expect(await screen.findByText("配信を停止しました")).toBeInTheDocument();
    expect(calls("PATCH", "/api/email-campaigns/k1")[0]?.body).toEqual({
      isActive: false,
    });

    // Starting goes through the send dialog: who gets it (and who is left out), a preview, then the button.
    fakeApi.get("/api/email-campaigns/:id/audience", ZCampaignAudience, () => ({
      matching: 5,
      included: 3,
      excluded: { noConsent: 1, pending: 0, optedOut: 1, suppressed: 0 },
    }));
    fakeApi.post("/api/email-campaigns/:id/preview", ZCampaignPreview, () => ({
      subject: "ようこそ",
      html: "<p>ようこそ</p>",
      text: "ようこそ",
      contactId: null,
    }));
    fakeApi.get("/api/contacts", z.array(ZContact), () => []);
    await user.click(draft!);
    const dialog = await screen.findByTestId("campaign-send-dialog");
    expect(await within(dialog).findByTestId("campaign-audience-included")).toHaveTextContent(
      "3人に届きます",
    );
    expect(within(dialog).getByTestId("campaign-excluded-noConsent")).toHaveTextContent(
      "1人は配信の同意がない",
    );
    expect(within(dialog).getByTestId("campaign-excluded-optedOut")).toBeInTheDocument();
    expect(within(dialog).queryByTestId("campaign-excluded-pending")).not.toBeInTheDocument();
    expect(await within(dialog).findByTestId("campaign-preview-frame")).toHaveAttribute(
      "srcdoc",
      "<p>ようこそ</p>",
    );
    expect(calls("PATCH", "/api/email-campaigns/k2")).toHaveLength(0);
    await user.click(within(dialog).getByTestId("campaign-send-confirm"));
    expect(await screen.findByText("配信を開始しました")).toBeInTheDocument();
    expect(calls("PATCH", "/api/email-campaigns/k2")[0]?.body).toEqual({
      isActive: true,
    });
  });

  it("schedules a campaign for a date and time in Tokyo time", async () => {
    const user = userEvent.setup();
    serve();
    fakeApi.get("/api/email-campaigns/:id/audience", ZCampaignAudience, () => ({
      matching: 2,
      included: 2,
      excluded: { noConsent: 0, pending: 0, optedOut: 0, suppressed: 0 },
    }));
    fakeApi.post("/api/email-campaigns/:id/preview", ZCampaignPreview, () => ({
      subject: "s",
      html: "<p>x</p>",
      text: "x",
      contactId: null,
    }));
    fakeApi.get("/api/contacts", z.array(ZContact), () => []);
    fakeApi.patch("/api/email-campaigns/:id", ZCampaign, ({ params, body }) => {
      const found = CAMPAIGNS.find((c) => c.id === params.id) ?? campaign({ id: "?", name: "?" });
      const { scheduledAt } = body as { scheduledAt: string | null };
      return { ...found, state: scheduledAt ? ("scheduled" as const) : ("draft" as const), scheduledAt };
    });
    renderWithProviders(<EmailPage />, { path: "/email" });
    await screen.findAllByTestId("campaign-row");
    const [, draft] = screen.getAllByTestId("campaign-toggle");
    await user.click(draft!);
    const dialog = await screen.findByTestId("campaign-send-dialog");
    await user.click(within(dialog).getByTestId("campaign-send-later"));
    const date = within(dialog).getByTestId("campaign-schedule-date");
    await user.clear(date);
    await user.type(date, "2031-04-01");
    const time = within(dialog).getByTestId("campaign-schedule-time");
    await user.clear(time);
    await user.type(time, "09:30");
    await within(dialog).findByTestId("campaign-audience-included");
    await user.click(within(dialog).getByTestId("campaign-send-confirm"));
    expect(await screen.findByText("配信を予約しました")).toBeInTheDocument();
    // 09:30 in Tokyo is 00:30 UTC.
    expect(calls("PATCH", "/api/email-campaigns/k2")[0]?.body).toEqual({
      scheduledAt: "2031-04-01T00:30:00.000Z",
    });
  });

  it("edits a campaign in the same dialog, prefilled, with PATCH", async () => {
    const user = userEvent.setup();
    serve();
    fakeApi.patch("/api/email-campaigns/:id", ZCampaign, () => ({
      ...CAMPAIGNS[1]!,
      name: "新しいお客様へ",
    }));
    renderWithProviders(<EmailPage />, { path: "/email" });
    await screen.findAllByTestId("campaign-row");

    await user.click(screen.getAllByTestId("campaign-edit")[1]!);
    expect(screen.getByTestId("campaign-name")).toHaveValue("ウェルカムメール");
    expect(screen.getByTestId("campaign-subject")).toHaveValue("ようこそ");
    await user.clear(screen.getByTestId("campaign-name"));
    await user.type(screen.getByTestId("campaign-name"), "新しいお客様へ");
    await user.click(screen.getByTestId("campaign-submit"));

    expect(await screen.findByText("更新完了")).toBeInTheDocument();
    const body = calls("PATCH", "/api/email-campaigns/k2")[0]?.body;
    expect(body).toMatchObject({
      name: "新しいお客様へ",
      type: "welcome",
      subject: "ようこそ",
      followupDays: null,
    });
  });

  it("deletes a campaign only after confirming", async () => {
    const user = userEvent.setup();
    serve();
    fakeApi.delete("/api/email-campaigns/:id");
    renderWithProviders(<EmailPage />, { path: "/email" });
    await screen.findAllByTestId("campaign-row");

    await user.click(screen.getAllByTestId("campaign-delete")[0]!);
    expect(screen.getByTestId("campaign-delete-dialog")).toHaveTextContent("春のニュースレター");
    expect(calls("DELETE", "/api/email-campaigns/k1")).toHaveLength(0);
    await user.click(screen.getByTestId("campaign-delete-confirm"));
    expect(await screen.findByText("削除しました")).toBeInTheDocument();
    expect(calls("DELETE", "/api/email-campaigns/k1")).toHaveLength(1);
  });

  it("loads and saves the sender settings and shows whether the sender is verified", async () => {
    const user = userEvent.setup();
    serve();
    fakeApi.put("/api/email/settings", ZEmailSettings, ({ body }) => body as TEmailSettings);
    renderWithProviders(<EmailPage />, { path: "/email" });
    await user.click(screen.getByTestId("email-tab-settings"));

    expect(await screen.findByTestId("email-settings-senderName")).toHaveValue("さくら");
    expect(screen.getByTestId("email-settings-senderEmail")).toHaveValue("info@sakura.example.jp");
    expect(await screen.findByTestId("email-settings-verification-status")).toHaveTextContent("確認待ち");
    expect(screen.getByTestId("email-settings-verify-link")).toHaveAttribute("href", "/email-management");

    await user.type(screen.getByTestId("email-settings-replyTo"), "support@sakura.example.jp");
    await user.click(screen.getByTestId("email-settings-save"));
    expect(await screen.findByTestId("toast")).toHaveTextContent("設定を保存しました");
    // Said beside the button too, where the focus goes.
    const saved = await screen.findByTestId("email-settings-saved");
    await waitFor(() => expect(saved).toHaveFocus());
    expect(calls("PUT", "/api/email/settings")[0]?.body).toEqual({
      senderName: "さくら",
      senderEmail: "info@sakura.example.jp",
      replyTo: "support@sakura.example.jp",
      postalAddress: "",
      contactPoint: "",
    });
  });

  it("marks the sender settings the server refuses, beside each field, and focuses the first", async () => {
    const user = userEvent.setup();
    serve();
    fakeApi.put("/api/email/settings", ZEmailSettings, () =>
      apiError(400, "validation_error", "replyTo must be an email address", [
        { path: "replyTo", code: "invalid_format", message: "replyTo must be an email address" },
      ]),
    );
    renderWithProviders(<EmailPage />, { path: "/email" });
    await user.click(screen.getByTestId("email-tab-settings"));
    await user.type(await screen.findByTestId("email-settings-replyTo"), "not-an-address");
    await user.click(screen.getByTestId("email-settings-save"));
    const field = screen.getByTestId("email-settings-replyTo");
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    // Described by its error and by its hint.
    expect(field.getAttribute("aria-describedby")?.split(" ")).toHaveLength(2);
    await waitFor(() => expect(field).toHaveFocus());
    expect(screen.getByTestId("email-settings-senderName")).not.toHaveAttribute("aria-invalid");
  });

  it("draws the delivery analytics for the chosen range", async () => {
    const user = userEvent.setup();
    const stats: TDeliveryStats = {
      from: "2025-01-13",
      to: "2025-01-15",
      sent: [
        { date: "2025-01-13", value: 10 },
        { date: "2025-01-14", value: 20 },
        { date: "2025-01-15", value: 30 },
      ],
      opened: [{ date: "2025-01-14", value: 12 }],
      clicked: [{ date: "2025-01-15", value: 3 }],
      totals: { sent: 60, opened: 12, clicked: 3 },
    };
    serve();
    fakeApi.get("/api/email/delivery-stats", ZDeliveryStats, () => stats);
    renderWithProviders(<EmailPage />, { path: "/email" });
    await user.click(screen.getByTestId("email-tab-analytics"));

    expect(await screen.findByTestId("delivery-total-sent")).toHaveTextContent("60");
    expect(screen.getByTestId("delivery-total-opened")).toHaveTextContent("12");
    expect(screen.getByText("開封率 20.0%")).toBeInTheDocument();
    expect(await screen.findByTestId("delivery-chart", {}, { timeout: 5000 })).toBeInTheDocument();
    const ranges = () =>
      calls("GET", "/api/email/delivery-stats").map(({ url }) => url.searchParams.get("range"));
    expect(ranges()).toEqual(["30d"]);
    await user.click(screen.getByTestId("delivery-range"));
    await user.click(await screen.findByTestId("delivery-range-7d"));
    await waitFor(() => expect(ranges()).toEqual(["30d", "7d"]));
  });
});

describe("EmailPage signed out", () => {
  it("shows sample campaigns and the demo banner, and makes no data calls", async () => {
    const user = userEvent.setup();
    serve({ signedIn: false });
    const { queryClient } = renderWithProviders(<EmailPage />, { path: "/email" });

    expect(await screen.findByTestId("email-demo-banner")).toBeInTheDocument();
    expect(rowNames()).toEqual(DEMO_CAMPAIGNS.map((c) => c.name));
    expect(screen.getAllByTestId("campaign-sent")[0]).toHaveTextContent("1,250");

    await user.click(screen.getByTestId("email-tab-analytics"));
    expect(await screen.findByTestId("delivery-total-sent")).toBeInTheDocument();
    await user.click(screen.getByTestId("email-tab-settings"));
    expect(await screen.findByTestId("email-settings-senderEmail")).toBeInTheDocument();

    // Nothing is left to fetch, and only the user was asked for (any other call fails the test too).
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(fakeApi.allCalls().map(({ url }) => url.pathname)).toEqual(["/api/auth/user"]);
  });

  it("asks to log in when a visitor tries to create a campaign", async () => {
    const { hardNavigate } = await import("@/lib/navigation");
    const user = userEvent.setup();
    serve({ signedIn: false });
    renderWithProviders(<EmailPage />, { path: "/email" });
    await screen.findByTestId("email-demo-banner");

    await user.click(screen.getByTestId("campaign-create-open"));
    expect(await screen.findByText("ログインが必要です")).toBeInTheDocument();
    expect(screen.queryByTestId("campaign-dialog")).not.toBeInTheDocument();
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith("/api/login"));
  });
});
