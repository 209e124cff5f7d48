import { ZContact } from "@shobai/shared";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { i18n } from "@/lib/i18n";
import { resetToasts } from "@/lib/toast";
import { fakeApi } from "@/test/fake-api";
import { aContact, signIn } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { ConsentSection } from "./consent-section";

beforeEach(async () => {
  await i18n.changeLanguage("ja");
  signIn();
});
afterEach(() => resetToasts());

describe("ConsentSection", () => {
  it("records a consent only with how it was given, and an opt-out", async () => {
    const user = userEvent.setup();
    const contact = aContact({
      id: "c1",
      firstName: "花子",
      email: "hanako@example.jp",
      marketingConsent: "unknown",
    });
    fakeApi.post("/api/contacts/:id/consent", ZContact, ({ body }) => ({
      ...contact,
      marketingConsent: (body as { state: "opted_in" | "opted_out" }).state,
    }));
    renderWithProviders(<ConsentSection contact={contact} onDemo={null} />);
    expect(screen.getByTestId("crm-consent-state")).toHaveTextContent("同意なし");
    expect(screen.getByText("同意が記録されるまで、キャンペーンメールは届きません。")).toBeInTheDocument();

    await user.click(screen.getByTestId("crm-consent-record"));
    expect(screen.getByTestId("crm-consent-save")).toBeDisabled();
    await user.type(screen.getByTestId("crm-consent-how"), "店頭の申込書で記入");
    await user.click(screen.getByTestId("crm-consent-save"));
    expect(await screen.findByText("同意を記録しました")).toBeInTheDocument();
    expect(fakeApi.calls("POST", "/api/contacts/c1/consent")[0]?.body).toEqual({
      state: "opted_in",
      text: "店頭の申込書で記入",
    });

    await user.click(screen.getByTestId("crm-consent-optout"));
    expect(await screen.findByText("配信停止にしました")).toBeInTheDocument();
    expect(fakeApi.calls("POST", "/api/contacts/c1/consent")[1]?.body).toEqual({
      state: "opted_out",
      text: "",
    });
  });

  it("shows where a consent came from and the wording agreed to", () => {
    const contact = aContact({
      id: "c2",
      firstName: "太郎",
      email: "taro@example.jp",
      marketingConsent: "opted_in",
      consentSource: "import",
      consentUpdatedAt: "2026-11-03T01:00:00.000Z",
      consentText: "会員登録フォームで同意",
    });
    renderWithProviders(<ConsentSection contact={contact} onDemo={null} />);
    expect(screen.getByTestId("crm-consent")).toHaveTextContent("インポート（申告した根拠）");
    expect(screen.getByTestId("crm-consent-text")).toHaveTextContent("会員登録フォームで同意");
    expect(screen.queryByTestId("crm-consent-record")).not.toBeInTheDocument();
  });
});
