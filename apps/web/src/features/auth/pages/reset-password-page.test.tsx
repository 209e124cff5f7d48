import { ZOk, ZUser } from "@shobai/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/lib/i18n";
import { hardNavigate } from "@/lib/navigation";
import { resetToasts } from "@/lib/toast";
import { apiError, fakeApi } from "@/test/fake-api";
import { aUser, signOut } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import ForgotPasswordPage from "./forgot-password-page";
import ResetPasswordPage from "./reset-password-page";

vi.mock("@/lib/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/navigation")>()),
  hardNavigate: vi.fn(),
}));

beforeEach(async () => {
  signOut();
  await i18n.changeLanguage("ja");
});
afterEach(() => {
  resetToasts();
});

describe("ForgotPasswordPage", () => {
  it("says what is wrong next to the field, then the same answer for any address", async () => {
    const user = userEvent.setup();
    fakeApi.post("/api/auth/forgot-password", ZOk, () => ({ ok: true as const }));
    renderWithProviders(<ForgotPasswordPage />, { path: "/auth/forgot" });
    await user.type(await screen.findByTestId("forgot-email"), "nope");
    await user.click(screen.getByTestId("forgot-submit"));
    expect(screen.getByTestId("forgot-email-error")).toHaveTextContent("有効なメールアドレス");
    expect(screen.getByTestId("forgot-email")).toHaveAttribute("aria-invalid", "true");
    expect(fakeApi.calls("POST", "/api/auth/forgot-password")).toHaveLength(0);

    await user.clear(screen.getByTestId("forgot-email"));
    await user.type(screen.getByTestId("forgot-email"), "hana@example.jp");
    await user.click(screen.getByTestId("forgot-submit"));
    expect(await screen.findByTestId("forgot-sent")).toHaveTextContent("hana@example.jp");
    expect(fakeApi.calls("POST", "/api/auth/forgot-password")[0]?.body).toEqual({
      email: "hana@example.jp",
    });
  });
});

describe("ResetPasswordPage", () => {
  it("shows a refused password next to its field in the interface language, then signs in", async () => {
    const user = userEvent.setup();
    let tries = 0;
    fakeApi.post("/api/auth/reset-password", ZUser, () => {
      tries += 1;
      return tries === 1
        ? apiError(400, "password_too_common", "password is one of the most common")
        : aUser();
    });
    renderWithProviders(<ResetPasswordPage />, { path: "/auth/reset?token=abc" });
    await user.type(await screen.findByTestId("reset-password"), "password1");
    await user.click(screen.getByTestId("reset-submit"));
    expect(await screen.findByTestId("reset-password-error")).toHaveTextContent("推測されやすい");

    await user.clear(screen.getByTestId("reset-password"));
    await user.type(screen.getByTestId("reset-password"), "a fresh secret");
    await user.click(screen.getByTestId("reset-submit"));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith("/"));
    expect(fakeApi.calls("POST", "/api/auth/reset-password")[1]?.body).toEqual({
      token: "abc",
      password: "a fresh secret",
    });
  });

  it("offers a new link when the link is used or expired", async () => {
    const user = userEvent.setup();
    fakeApi.post("/api/auth/reset-password", ZUser, () => apiError(400, "invalid_token", "invalid"));
    renderWithProviders(<ResetPasswordPage />, { path: "/auth/reset?token=old" });
    await user.type(await screen.findByTestId("reset-password"), "a fresh secret");
    await user.click(screen.getByTestId("reset-submit"));
    expect(await screen.findByTestId("reset-invalid")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "再設定リンクをもう一度送る" })).toHaveAttribute(
      "href",
      "/auth/forgot",
    );
  });
});
