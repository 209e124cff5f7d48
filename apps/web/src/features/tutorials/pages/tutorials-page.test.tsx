import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { i18n } from "@/lib/i18n";
import { renderWithProviders } from "@/test/render";
import TutorialsPage from "./tutorials-page";

beforeEach(async () => {
  await i18n.changeLanguage("en");
});

describe("/tutorials", () => {
  it("shows four guides with anchors, a table of contents and sized, described screenshots", async () => {
    renderWithProviders(<TutorialsPage />, { path: "/tutorials" });
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent("four guides");
    const guides = screen.getAllByTestId("tutorial-guide");
    expect(guides.map((g) => g.id)).toEqual([
      "first-website",
      "import-contacts",
      "first-campaign",
      "connect-domain",
    ]);
    const toc = screen.getByTestId("tutorials-toc");
    expect(
      within(toc)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual(["#first-website", "#import-contacts", "#first-campaign", "#connect-domain"]);
    const images = screen.getAllByTestId("tutorial-image");
    expect(images.length).toBe(12);
    for (const img of images) {
      expect(img.getAttribute("alt")?.length).toBeGreaterThan(10);
      expect(img).toHaveAttribute("width", "1280");
      expect(img).toHaveAttribute("height", "800");
      expect(img).toHaveAttribute("loading", "lazy");
      expect(img.getAttribute("src")).toMatch(/^\/tutorials\/.+\.jpg$/);
    }
    // The domain guide is a real walk-through now: search, register, connect, DNS record, check.
    const domain = guides[3] as HTMLElement;
    expect(domain).not.toHaveTextContent(/coming soon/i);
    expect(within(domain).getAllByRole("listitem").length).toBeGreaterThanOrEqual(6);
    expect(domain).toHaveTextContent("Register this domain");
    expect(domain).toHaveTextContent("Check DNS");
    expect(
      within(domain)
        .getAllByTestId("tutorial-image")
        .map((img) => img.getAttribute("src")),
    ).toEqual([
      "/tutorials/domain-1-address.jpg",
      "/tutorials/domain-2-search.jpg",
      "/tutorials/domain-3-connection.jpg",
    ]);
  });

  it("speaks Japanese", async () => {
    await i18n.changeLanguage("ja");
    renderWithProviders(<TutorialsPage />, { path: "/tutorials" });
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent("4つのガイド");
  });
});
