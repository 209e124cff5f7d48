import type { TContactActivity } from "@shobai/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { i18n } from "@/lib/i18n";
import { describeActivity } from "./activity-text";

const at = "2025-01-15T00:00:00.000Z";
const activity = (type: TContactActivity["type"], data: TContactActivity["data"]): TContactActivity => ({
  id: "a",
  type,
  data,
  createdAt: at,
});

describe("describeActivity", () => {
  beforeAll(async () => {
    await i18n.loadNamespaces("crm");
  });

  it("writes each kind of entry as a Japanese sentence", () => {
    const t = i18n.getFixedT("ja", "crm");
    expect(
      describeActivity(activity("status_changed", { from: "new", to: "qualified" }), t, "ja").title,
    ).toBe("ステータスを 新規 → 見込み に変更");
    expect(describeActivity(activity("created", { source: "website_form" }), t, "ja").title).toBe(
      "ウェブサイトのフォームから登録",
    );
    expect(describeActivity(activity("updated", { fields: "email,phone" }), t, "ja").title).toBe(
      "メールアドレス、電話番号を更新",
    );
    expect(describeActivity(activity("note", { text: "来週電話する" }), t, "ja")).toEqual({
      title: "メモを追加",
      body: "来週電話する",
    });
    expect(describeActivity(activity("email_sent", { subject: "ご案内" }), t, "ja").title).toBe(
      "メール「ご案内」を送信",
    );
    expect(
      describeActivity(
        activity("form_submitted", { website: "cafe.example.jp", message: "予約したい" }),
        t,
        "ja",
      ),
    ).toEqual({ title: "cafe.example.jp のフォームから問い合わせ", body: "予約したい" });
  });

  it("speaks English in English", () => {
    const t = i18n.getFixedT("en", "crm");
    expect(
      describeActivity(activity("status_changed", { from: "active", to: "converted" }), t, "en").title,
    ).toBe("Status changed: In contact → Won");
    expect(describeActivity(activity("updated", { fields: "firstName,company" }), t, "en").title).toBe(
      "Updated First name and Company",
    );
  });
});
