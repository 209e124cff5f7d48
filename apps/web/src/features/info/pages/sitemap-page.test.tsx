import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { i18n } from "@/lib/i18n";
import { renderWithProviders } from "@/test/render";
import { SITEMAP_GROUPS } from "../sitemap-data";
import SitemapPage from "./sitemap-page";

beforeEach(async () => {
  await i18n.changeLanguage("en");
});

describe("SitemapPage", () => {
  it("lists every route with its access badge", () => {
    renderWithProviders(<SitemapPage />, { path: "/sitemap" });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Sitemap");
    const badge = (id: string) => within(screen.getByTestId(`sitemap-entry-${id}`)).getByTestId(/^access-/);
    expect(badge("pricing")).toHaveTextContent("Public");
    expect(badge("crm")).toHaveTextContent("Login required");
    expect(badge("team")).toHaveTextContent("Enterprise");
    expect(badge("stripe")).toHaveTextContent("External");
    expect(within(screen.getByTestId("sitemap-entry-stripe")).getByRole("link")).toHaveAttribute(
      "target",
      "_blank",
    );
    expect(within(screen.getByTestId("sitemap-entry-contact")).getByRole("link")).toHaveAttribute(
      "href",
      "/contact",
    );
  });

  it("covers the spec's routes", () => {
    const hrefs = SITEMAP_GROUPS.flatMap((g) => g.entries.map((e) => e.href));
    for (const route of [
      "/",
      "/auth",
      "/websites",
      "/crm",
      "/email",
      "/email-management",
      "/domain-management",
      "/analytics",
      "/subscription",
      "/pricing",
      "/contact",
      "/about",
      "/features",
      "/faq",
      "/sitemap",
      "/terms",
      "/privacy",
      "/security",
      "/cookies",
      "/dashboard",
      "/profile",
      "/api-settings",
      "/team",
      "/help",
      "/api-docs",
      "/tutorials",
      "/case-studies",
      "/commercial-law",
      "/__health",
    ]) {
      expect(hrefs).toContain(route);
    }
  });

  it("explains the four badges in Japanese too", async () => {
    await i18n.changeLanguage("ja");
    renderWithProviders(<SitemapPage />, { path: "/sitemap" });
    for (const label of ["公開", "ログインが必要", "エンタープライズ", "外部サイト"]) {
      expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    }
  });
});
