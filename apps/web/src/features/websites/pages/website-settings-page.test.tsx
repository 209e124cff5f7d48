import { type TWebsite, ZSlugAvailability, ZWebsite } from "@shobai/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { i18n } from "@/lib/i18n";
import { resetToasts } from "@/lib/toast";
import { apiError, fakeApi } from "@/test/fake-api";
import { signIn } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import WebsiteSettingsPage from "./website-settings-page";

const SITE: TWebsite = {
  id: "w1",
  name: "さくらラーメン",
  slug: "sakura-ramen",
  domain: null,
  url: "http://sakura-ramen.localhost:5000/",
  template: "restaurant",
  businessType: "restaurant",
  languages: ["ja", "en"],
  isPublished: true,
  source: "generated",
  sourceUrl: null,
  createdAt: "2025-01-15T01:00:00.000Z",
  updatedAt: "2025-01-15T01:00:00.000Z",
};

/** The settings page's API over one site; tests add the change they make. */
function serve(site: TWebsite | null = SITE) {
  signIn();
  fakeApi.get("/api/websites/:id", ZWebsite, () =>
    site ? site : apiError(404, "not_found", "Website not found"),
  );
  fakeApi.get("/api/websites", ZWebsite.array(), () => []);
}

const calls = fakeApi.calls;

beforeAll(() => {
  // Radix Switch measures its thumb; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

beforeEach(async () => {
  await i18n.changeLanguage("ja");
});
afterEach(() => {
  resetToasts();
});

describe("WebsiteSettingsPage", () => {
  it("saves only what changed, keeping the language order", async () => {
    const user = userEvent.setup();
    serve();
    fakeApi.patch("/api/websites/:id", ZWebsite, ({ body }) => ({
      ...SITE,
      ...(body as Partial<TWebsite>),
      updatedAt: "2025-01-16T01:00:00.000Z",
    }));
    renderWithProviders(<WebsiteSettingsPage id="w1" />, { path: "/websites/w1" });

    const name = await screen.findByTestId("website-settings-name");
    expect(name).toHaveValue("さくらラーメン");
    expect(screen.getByTestId("website-settings-save")).toBeDisabled();
    expect(screen.getByTestId("website-settings-open")).toHaveAttribute(
      "href",
      "http://sakura-ramen.localhost:5000/",
    );

    await user.clear(name);
    await user.paste("さくらラーメン 中目黒店");
    await user.click(screen.getByTestId("website-settings-language-ms"));
    await user.click(screen.getByTestId("website-settings-publish"));
    await user.click(screen.getByTestId("website-settings-save"));

    expect(await screen.findByText("保存しました")).toBeInTheDocument();
    expect(calls("PATCH", "/api/websites/w1")[0]?.body).toEqual({
      name: "さくらラーメン 中目黒店",
      languages: ["ja", "en", "ms"],
      isPublished: false,
    });
    await waitFor(() =>
      expect(screen.getByTestId("website-settings-name")).toHaveValue("さくらラーメン 中目黒店"),
    );
  });

  it("changes the site address once it is free, and says why another is not", async () => {
    const user = userEvent.setup();
    serve();
    fakeApi.get("/api/websites/slug-available", ZSlugAvailability, ({ url }) => {
      const slug = url.searchParams.get("slug") ?? "";
      expect(url.searchParams.get("website")).toBe("w1");
      if (slug === "ramen") return { slug, available: false, reason: "taken" };
      if (slug === "admin") return { slug, available: false, reason: "reserved" };
      return { slug, available: true };
    });
    fakeApi.patch("/api/websites/:id", ZWebsite, ({ body }) => ({ ...SITE, ...(body as Partial<TWebsite>) }));
    renderWithProviders(<WebsiteSettingsPage id="w1" />, { path: "/websites/w1" });
    const slug = await screen.findByTestId("website-settings-slug");
    const status = screen.getByTestId("website-settings-slug-status");
    expect(status).toHaveTextContent("sakura-ramen.localhost:5000");

    await user.clear(slug);
    await user.type(slug, "ramen");
    await waitFor(() => expect(status).toHaveAttribute("data-state", "taken"));
    expect(slug).toHaveAttribute("aria-invalid", "true");
    await user.click(screen.getByTestId("website-settings-save"));
    expect(calls("PATCH", "/api/websites/w1")).toHaveLength(0);
    expect(slug).toHaveFocus();

    await user.clear(slug);
    await user.type(slug, "-x");
    await waitFor(() => expect(status).toHaveAttribute("data-state", "invalid"));

    await user.clear(slug);
    await user.type(slug, "nakameguro-ramen");
    await waitFor(() => expect(status).toHaveAttribute("data-state", "available"));
    expect(status).toHaveTextContent("nakameguro-ramen.localhost:5000");
    await user.click(screen.getByTestId("website-settings-save"));
    expect(await screen.findByText("保存しました")).toBeInTheDocument();
    expect(calls("PATCH", "/api/websites/w1")[0]?.body).toEqual({ slug: "nakameguro-ramen" });
  });

  it("sets the enquiry alert address: a bad one is said beside the field, a good one is saved and the result focused", async () => {
    const user = userEvent.setup();
    serve();
    fakeApi.patch("/api/websites/:id", ZWebsite, ({ body }) => ({
      ...SITE,
      ...(body as Partial<TWebsite>),
      updatedAt: "2025-01-16T01:00:00.000Z",
    }));
    renderWithProviders(<WebsiteSettingsPage id="w1" />, { path: "/websites/w1" });

    const field = await screen.findByTestId("enquiry-alert-email");
    // It starts with the address in use: the account's.
    await waitFor(() => expect(field).toHaveValue("owner@example.jp"));
    await user.clear(field);
    await user.type(field, "shop@");
    await user.click(screen.getByTestId("enquiry-alert-save"));
    expect(await screen.findByTestId("enquiry-alert-error")).toHaveTextContent(
      "メールアドレスを正しく入力してください",
    );
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field.getAttribute("aria-describedby")).toContain("enquiry-alert-email-error");
    expect(field).toHaveFocus();
    expect(calls("PATCH", "/api/websites/w1")).toHaveLength(0);

    await user.type(field, "example.jp");
    await user.click(screen.getByTestId("enquiry-alert-save"));
    const saved = await screen.findByTestId("enquiry-alert-saved");
    expect(saved).toHaveTextContent("shop@example.jp");
    await waitFor(() => expect(screen.getByTestId("enquiry-alert-saved")).toHaveFocus());
    expect(calls("PATCH", "/api/websites/w1")[0]?.body).toEqual({ enquiryAlertEmail: "shop@example.jp" });
  });

  it("says a refused save beside the button, which text takes the focus; the changes stay", async () => {
    const user = userEvent.setup();
    serve();
    fakeApi.patch("/api/websites/:id", ZWebsite, () => apiError(404, "not_found", "Website not found"));
    renderWithProviders(<WebsiteSettingsPage id="w1" />, { path: "/websites/w1" });
    const name = await screen.findByTestId("website-settings-name");
    await user.clear(name);
    await user.paste("さくらラーメン 中目黒店");
    await user.click(screen.getByTestId("website-settings-save"));
    const error = await screen.findByTestId("website-settings-save-error");
    expect(error).toHaveTextContent("更新に失敗しました。");
    await waitFor(() => expect(error).toHaveFocus());
    expect(name).toHaveValue("さくらラーメン 中目黒店");
  });

  it("refuses to save with no language", async () => {
    const user = userEvent.setup();
    serve();
    renderWithProviders(<WebsiteSettingsPage id="w1" />, { path: "/websites/w1" });
    await screen.findByTestId("website-settings-name");
    await user.click(screen.getByTestId("website-settings-language-ja"));
    await user.click(screen.getByTestId("website-settings-language-en"));
    await user.click(screen.getByTestId("website-settings-save"));
    // Said beside the chips (the group is described by it), and the first chip takes the focus.
    expect(await screen.findByTestId("website-settings-language-error")).toHaveTextContent(
      "言語を1つ以上選んでください。",
    );
    expect(screen.getByTestId("website-settings-language-group")).toHaveAccessibleDescription(
      "言語を1つ以上選んでください。",
    );
    expect(screen.getByTestId("website-settings-language-ja")).toHaveFocus();
    expect(calls("PATCH", "/api/websites/w1")).toHaveLength(0);
    // So is an empty name, whose field takes the focus.
    await user.click(screen.getByTestId("website-settings-language-ja"));
    await user.clear(screen.getByTestId("website-settings-name"));
    await user.click(screen.getByTestId("website-settings-save"));
    const name = screen.getByTestId("website-settings-name");
    expect(screen.getByTestId("website-settings-name-error")).toHaveTextContent(
      "サイト名を入力してください。",
    );
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveAccessibleDescription("サイト名を入力してください。");
    expect(name).toHaveFocus();
    expect(calls("PATCH", "/api/websites/w1")).toHaveLength(0);
  });

  it("deletes after confirming and goes back to the list", async () => {
    const user = userEvent.setup();
    serve();
    fakeApi.delete("/api/websites/:id");
    const { location } = renderWithProviders(<WebsiteSettingsPage id="w1" />, { path: "/websites/w1" });
    await user.click(await screen.findByTestId("website-settings-delete"));
    await user.click(await screen.findByTestId("website-settings-delete-confirm"));
    expect(await screen.findByText("削除しました")).toBeInTheDocument();
    await waitFor(() => expect(location.history?.at(-1)).toBe("/websites"));
    expect(calls("DELETE", "/api/websites/w1")).toHaveLength(1);
  });

  it("says so when the site does not exist", async () => {
    serve(null);
    renderWithProviders(<WebsiteSettingsPage id="nope" />, { path: "/websites/nope" });
    expect(await screen.findByTestId("website-settings-not-found")).toHaveTextContent(
      "サイトが見つかりません",
    );
  });
});
