import { ZContact } from "@shobai/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { i18n } from "@/lib/i18n";
import { resetToasts } from "@/lib/toast";
import { apiError, fakeApi } from "@/test/fake-api";
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
    const how = screen.getByTestId("crm-consent-how");
    expect(how).toHaveFocus();
    // Saying nothing about how is refused beside the field, before anything is sent.
    await user.click(screen.getByTestId("crm-consent-save"));
    expect(screen.getByTestId("crm-consent-how-error")).toHaveTextContent(i18n.t("crm:consent.howRequired"));
    expect(how).toHaveFocus();
    expect(how).toHaveAttribute("aria-invalid", "true");
    expect(fakeApi.calls("POST", "/api/contacts/c1/consent")).toHaveLength(0);
    await user.type(how, "店頭の申込書で記入");
    expect(screen.queryByTestId("crm-consent-how-error")).toBeNull();
    await user.click(screen.getByTestId("crm-consent-save"));
    // What was recorded takes the focus (the form is gone).
    const done = await screen.findByTestId("crm-consent-done");
    expect(done).toHaveTextContent("同意を記録しました");
    await waitFor(() => expect(done).toHaveFocus());
    expect(fakeApi.calls("POST", "/api/contacts/c1/consent")[0]?.body).toEqual({
      state: "opted_in",
      text: "店頭の申込書で記入",
    });

    await user.click(screen.getByTestId("crm-consent-optout"));
    expect(await screen.findByText("配信停止にしました")).toHaveFocus();
    expect(fakeApi.calls("POST", "/api/contacts/c1/consent")[1]?.body).toEqual({
      state: "opted_out",
      text: "",
    });
  });

  it("says a refused wording beside the field, which keeps it and the focus; a failed opt-out beside its button", async () => {
    const user = userEvent.setup();
    const contact = aContact({
      id: "c3",
      firstName: "次郎",
      email: "jiro@example.jp",
      marketingConsent: "unknown",
    });
    fakeApi.post("/api/contacts/:id/consent", ZContact, ({ body }) =>
      (body as { state: string }).state === "opted_in"
        ? apiError(400, "validation_error", "text must be at most 1000 characters", [
            { path: "text", code: "too_big", message: "text must be at most 1000 characters" },
          ])
        : apiError(404, "not_found", "Contact not found"),
    );
    renderWithProviders(<ConsentSection contact={contact} onDemo={null} />);
    await user.click(screen.getByTestId("crm-consent-record"));
    const how = screen.getByTestId("crm-consent-how");
    await user.type(how, "店頭で同意");
    await user.click(screen.getByTestId("crm-consent-save"));
    const error = await screen.findByTestId("crm-consent-how-error");
    expect(error).toHaveTextContent(i18n.t("common:fieldIssues.too_big"));
    expect(how).toHaveAccessibleDescription(i18n.t("common:fieldIssues.too_big"));
    expect(how).toHaveFocus();
    expect(how).toHaveValue("店頭で同意");

    await user.click(screen.getByRole("button", { name: i18n.t("crm:form.cancel") }));
    expect(screen.getByTestId("crm-consent-record")).toHaveFocus();
    await user.click(screen.getByTestId("crm-consent-optout"));
    expect(await screen.findByTestId("crm-consent-optout-error")).toHaveTextContent(
      i18n.t("crm:errors.notFound"),
    );
    expect(screen.getByTestId("crm-consent-optout")).toHaveAccessibleDescription(/見つかりませんでした/);
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
