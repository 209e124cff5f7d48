import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { i18n } from "@/lib/i18n";
import { renderWithProviders } from "@/test/render";
import { CONSENT_DATE_STORAGE_KEY, CONSENT_STORAGE_KEY } from "../consent-storage";
import { resetConsentState } from "../consent-store";
import { CookieConsent } from "./cookie-consent";

function storedConsent(): unknown {
  const raw = localStorage.getItem(CONSENT_STORAGE_KEY);
  return raw ? JSON.parse(raw) : null;
}

async function renderConsent() {
  const user = userEvent.setup();
  const view = renderWithProviders(<CookieConsent />);
  return { user, ...view };
}

beforeEach(async () => {
  localStorage.clear();
  resetConsentState();
  await act(() => i18n.changeLanguage("ja"));
});

describe("cookie banner", () => {
  it("uses the storage keys cookie_consent and cookie_consent_date", () => {
    expect(CONSENT_STORAGE_KEY).toBe("cookie_consent");
    expect(CONSENT_DATE_STORAGE_KEY).toBe("cookie_consent_date");
  });

  it("shows when no consent is stored, with a link to the cookie policy", async () => {
    await renderConsent();
    const banner = await screen.findByRole("dialog", { name: "Cookieについて" });
    expect(within(banner).getByRole("link", { name: "Cookieポリシー" })).toHaveAttribute("href", "/cookies");
    expect(screen.queryByRole("button", { name: "Cookie設定" })).not.toBeInTheDocument();
  });

  it("Accept All turns all four categories on, stores the date and hides the banner", async () => {
    const { user } = await renderConsent();
    await user.click(await screen.findByRole("button", { name: "すべて許可" }));
    expect(storedConsent()).toEqual({ necessary: true, analytics: true, marketing: true, functional: true });
    const date = localStorage.getItem(CONSENT_DATE_STORAGE_KEY) ?? "";
    expect(new Date(date).toISOString()).toBe(date);
    expect(screen.queryByTestId("cookie-banner")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cookie設定" })).toBeInTheDocument();
  });

  it("Necessary Only turns only necessary on", async () => {
    const { user } = await renderConsent();
    await user.click(await screen.findByRole("button", { name: "必須のみ" }));
    expect(storedConsent()).toEqual({
      necessary: true,
      analytics: false,
      marketing: false,
      functional: false,
    });
    expect(localStorage.getItem(CONSENT_DATE_STORAGE_KEY)).toBeTruthy();
    expect(screen.queryByTestId("cookie-banner")).not.toBeInTheDocument();
  });

  it("the close button means Necessary Only", async () => {
    const { user } = await renderConsent();
    await user.click(await screen.findByRole("button", { name: "閉じる（必須のCookieのみ）" }));
    expect(storedConsent()).toEqual({
      necessary: true,
      analytics: false,
      marketing: false,
      functional: false,
    });
  });

  it("Escape acts as the close button, unless another dialog is open above the page", async () => {
    const { user } = await renderConsent();
    await screen.findByTestId("cookie-banner");
    const other = document.body.appendChild(document.createElement("div"));
    other.setAttribute("role", "dialog");
    other.dataset.state = "open";
    await user.keyboard("{Escape}");
    expect(storedConsent()).toBeNull();
    other.remove();
    await user.keyboard("{Escape}");
    expect(storedConsent()).toEqual({
      necessary: true,
      analytics: false,
      marketing: false,
      functional: false,
    });
    expect(screen.queryByTestId("cookie-banner")).not.toBeInTheDocument();
  });

  it("keeps room for itself at the bottom of the page while open", async () => {
    const { user } = await renderConsent();
    await screen.findByTestId("cookie-banner");
    expect(document.documentElement.style.getPropertyValue("--consent-banner-space")).toMatch(
      /^\d+(\.\d+)?px$/,
    );
    await user.click(screen.getByRole("button", { name: "すべて許可" }));
    expect(document.documentElement.style.getPropertyValue("--consent-banner-space")).toBe("");
  });

  it("Customize shows a fixed necessary switch and toggles; Save Preferences stores the choice", async () => {
    const { user } = await renderConsent();
    await user.click(await screen.findByRole("button", { name: "カスタマイズ" }));
    const banner = screen.getByRole("dialog", { name: "Cookieの設定" });
    const necessary = within(banner).getByRole("switch", { name: "必須" });
    expect(necessary).toBeChecked();
    expect(necessary).toBeDisabled();
    const analytics = within(banner).getByRole("switch", { name: "分析" });
    const functional = within(banner).getByRole("switch", { name: "機能" });
    const marketing = within(banner).getByRole("switch", { name: "マーケティング" });
    for (const toggle of [analytics, functional, marketing]) expect(toggle).not.toBeChecked();

    await user.click(analytics);
    await user.click(functional);
    expect(analytics).toBeChecked();
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBeNull();

    await user.click(within(banner).getByRole("button", { name: "設定を保存" }));
    expect(storedConsent()).toEqual({ necessary: true, analytics: true, marketing: false, functional: true });
    expect(screen.queryByTestId("cookie-banner")).not.toBeInTheDocument();
  });

  it("stays hidden when a consent is stored; the settings button reopens it with the choice filled in", async () => {
    localStorage.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify({ necessary: true, analytics: false, marketing: true, functional: false }),
    );
    const givenAt = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
    localStorage.setItem(CONSENT_DATE_STORAGE_KEY, givenAt);
    resetConsentState();
    const { user } = await renderConsent();
    expect(screen.queryByTestId("cookie-banner")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Cookie設定" }));
    const banner = await screen.findByRole("dialog", { name: "Cookieについて" });
    expect(banner).toHaveFocus();
    await user.click(within(banner).getByRole("button", { name: "カスタマイズ" }));
    expect(screen.getByRole("switch", { name: "マーケティング" })).toBeChecked();
    expect(screen.getByRole("switch", { name: "分析" })).not.toBeChecked();

    await user.click(screen.getByRole("switch", { name: "分析" }));
    await user.click(screen.getByRole("button", { name: "設定を保存" }));
    expect(storedConsent()).toEqual({ necessary: true, analytics: true, marketing: true, functional: false });
    expect(localStorage.getItem(CONSENT_DATE_STORAGE_KEY)).not.toBe(givenAt);
    expect(screen.getByRole("button", { name: "Cookie設定" })).toHaveFocus();
  });

  it("asks again when the stored value is not a consent record", async () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, "yes");
    resetConsentState();
    await renderConsent();
    expect(await screen.findByTestId("cookie-banner")).toBeInTheDocument();
  });

  it("asks again once the choice is more than a year old", async () => {
    localStorage.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify({ necessary: true, analytics: true, marketing: false, functional: true }),
    );
    localStorage.setItem(
      CONSENT_DATE_STORAGE_KEY,
      new Date(Date.now() - 366 * 24 * 60 * 60 * 1000).toISOString(),
    );
    resetConsentState();
    await renderConsent();
    expect(await screen.findByTestId("cookie-banner")).toBeInTheDocument();
  });

  it("speaks English too", async () => {
    await act(() => i18n.changeLanguage("en"));
    const { user } = await renderConsent();
    expect(await screen.findByRole("dialog", { name: "Cookies at Shobai" })).toHaveTextContent(
      "keep you signed in and remember your language",
    );
    await user.click(screen.getByRole("button", { name: "Customize" }));
    expect(screen.getByRole("button", { name: "Save Preferences" })).toBeInTheDocument();
  });
});
