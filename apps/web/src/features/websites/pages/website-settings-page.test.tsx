import type { TWebsite } from "@shobai/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/lib/i18n";
import { resetToasts } from "@/lib/toast";
import { jsonResponse, renderWithProviders } from "@/test/render";
import WebsiteSettingsPage from "./website-settings-page";

const SITE: TWebsite = {
  id: "w1",
  name: "さくらラーメン",
  slug: "sakura-ramen",
  domain: null,
  url: "/s/sakura-ramen/",
  template: "restaurant",
  businessType: "restaurant",
  languages: ["ja", "en"],
  isPublished: true,
  source: "generated",
  sourceUrl: null,
  createdAt: "2025-01-15T01:00:00.000Z",
  updatedAt: "2025-01-15T01:00:00.000Z",
};

const fetchMock = vi.fn<typeof fetch>();

function calls(method: string, path: string) {
  return fetchMock.mock.calls.filter(([input, init]) => {
    const url = new URL(String(input), "http://localhost");
    return (init?.method ?? "GET") === method && url.pathname === path;
  });
}

beforeAll(() => {
  // Radix Switch measures its thumb; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

beforeEach(async () => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  await i18n.changeLanguage("ja");
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

describe("WebsiteSettingsPage", () => {
  it("saves only what changed, keeping the language order", async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (input, init = {}) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname === "/api/websites/w1" && init.method === "PATCH") {
        const patch = JSON.parse(String(init.body)) as Partial<TWebsite>;
        return jsonResponse({ ...SITE, ...patch, updatedAt: "2025-01-16T01:00:00.000Z" });
      }
      if (url.pathname === "/api/websites/w1") return jsonResponse(SITE);
      return jsonResponse([]);
    });
    renderWithProviders(<WebsiteSettingsPage id="w1" />, { path: "/websites/w1" });

    const name = await screen.findByTestId("website-settings-name");
    expect(name).toHaveValue("さくらラーメン");
    expect(screen.getByTestId("website-settings-save")).toBeDisabled();
    expect(screen.getByTestId("website-settings-open")).toHaveAttribute("href", "/s/sakura-ramen/");

    await user.clear(name);
    await user.paste("さくらラーメン 中目黒店");
    await user.click(screen.getByTestId("website-settings-language-ms"));
    await user.click(screen.getByTestId("website-settings-publish"));
    await user.click(screen.getByTestId("website-settings-save"));

    expect(await screen.findByText("保存しました")).toBeInTheDocument();
    const [, init] = calls("PATCH", "/api/websites/w1")[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      name: "さくらラーメン 中目黒店",
      languages: ["ja", "en", "ms"],
      isPublished: false,
    });
    await waitFor(() =>
      expect(screen.getByTestId("website-settings-name")).toHaveValue("さくらラーメン 中目黒店"),
    );
  });

  it("refuses to save with no language", async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async () => jsonResponse(SITE));
    renderWithProviders(<WebsiteSettingsPage id="w1" />, { path: "/websites/w1" });
    await screen.findByTestId("website-settings-name");
    await user.click(screen.getByTestId("website-settings-language-ja"));
    await user.click(screen.getByTestId("website-settings-language-en"));
    await user.click(screen.getByTestId("website-settings-save"));
    expect(await screen.findByText("言語を1つ以上選んでください。")).toBeInTheDocument();
    expect(calls("PATCH", "/api/websites/w1")).toHaveLength(0);
  });

  it("deletes after confirming and goes back to the list", async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (input, init = {}) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname === "/api/websites/w1" && init.method === "DELETE")
        return new Response(null, { status: 204 });
      if (url.pathname === "/api/websites/w1") return jsonResponse(SITE);
      return jsonResponse([]);
    });
    const { location } = renderWithProviders(<WebsiteSettingsPage id="w1" />, { path: "/websites/w1" });
    await user.click(await screen.findByTestId("website-settings-delete"));
    await user.click(await screen.findByTestId("website-settings-delete-confirm"));
    expect(await screen.findByText("削除しました")).toBeInTheDocument();
    await waitFor(() => expect(location.history?.at(-1)).toBe("/websites"));
    expect(calls("DELETE", "/api/websites/w1")).toHaveLength(1);
  });

  it("says so when the site does not exist", async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({ message: "Website not found", code: "not_found" }, 404),
    );
    renderWithProviders(<WebsiteSettingsPage id="nope" />, { path: "/websites/nope" });
    expect(await screen.findByTestId("website-settings-not-found")).toHaveTextContent(
      "サイトが見つかりません",
    );
  });
});
