import { BUSINESS_CATEGORIES, LANGUAGES, type TExampleSite, ZExampleSiteList } from "@shobai/shared";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { i18n } from "@/lib/i18n";
import { apiError, fakeApi } from "@/test/fake-api";
import { renderWithProviders } from "@/test/render";
import CaseStudiesPage from "./case-studies-page";

const EXAMPLES: TExampleSite[] = BUSINESS_CATEGORIES.map((industry, i) => ({
  industry,
  name: `架空の事業者${i}`,
  tagline: `キャッチコピー${i}`,
  taglines: { ja: `キャッチコピー${i}`, en: `Tagline ${i}` },
  description: `「架空の事業者${i}」は架空の町のお店です。二つめの文です。`,
  languages: [...LANGUAGES],
  path: `/examples/${industry}/`,
}));

beforeEach(async () => {
  fakeApi.get("/api/examples", ZExampleSiteList, () => EXAMPLES);
  await i18n.changeLanguage("en");
});

describe("/case-studies", () => {
  it("presents the ten examples honestly, each opening in a new tab", async () => {
    renderWithProviders(<CaseStudiesPage />, { path: "/case-studies" });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Example sites");
    expect(screen.getByTestId("case-studies-page")).toHaveTextContent("The businesses are fictional");

    const list = await screen.findByTestId("example-list");
    expect(within(list).getAllByRole("listitem")).toHaveLength(10);

    const card = screen.getByTestId("example-card-real-estate");
    expect(card).toHaveTextContent("Real estate");
    expect(card).toHaveTextContent("架空の事業者6");
    expect(card).toHaveTextContent("Tagline 6");
    expect(card).toHaveTextContent("「架空の事業者6」は架空の町のお店です。二つめの文です。");

    const ja = screen.getByTestId("example-link-real-estate-ja");
    expect(ja).toHaveTextContent("View example (日本語)");
    expect(ja).toHaveAttribute("href", "/examples/real-estate/ja/");
    expect(ja).toHaveAttribute("target", "_blank");
    const en = screen.getByTestId("example-link-real-estate-en");
    expect(en).toHaveTextContent("English");
    expect(en).toHaveAttribute("href", "/examples/real-estate/en/");
    expect(en).toHaveAttribute("target", "_blank");
    expect(within(card).getByRole("link", { name: /Polski/ })).toHaveAttribute(
      "href",
      "/examples/real-estate/pl/",
    );

    for (const industry of BUSINESS_CATEGORIES) {
      expect(screen.getByTestId(`example-link-${industry}-ja`)).toHaveAttribute(
        "href",
        `/examples/${industry}/ja/`,
      );
    }
    expect(screen.getByTestId("examples-cta")).toHaveAttribute("href", "/auth?mode=register");
  });

  it("shows the headline in the reader's language and Japanese copy in Japanese", async () => {
    await i18n.changeLanguage("ja");
    renderWithProviders(<CaseStudiesPage />, { path: "/case-studies" });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("サンプルサイト");
    const card = await screen.findByTestId("example-card-restaurant");
    expect(card).toHaveTextContent("キャッチコピー5");
    expect(card).toHaveTextContent("飲食");
    expect(screen.getByTestId("example-link-restaurant-ja")).toHaveTextContent("サンプルを見る（日本語）");
  });

  it("offers a retry when the list cannot be loaded", async () => {
    fakeApi.get("/api/examples", ZExampleSiteList, () => apiError(500, "internal_error", "down"));
    renderWithProviders(<CaseStudiesPage />, { path: "/case-studies" });
    expect(await screen.findByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
