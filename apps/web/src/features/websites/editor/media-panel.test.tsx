import { type TMediaItem, type TMediaList, ZAltSuggestion, ZMediaList, ZStockSearch } from "@shobai/shared";
import { composeSite } from "@shobai/sitegen";
import { ZSitePhoto } from "@shobai/sitegen/editor";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi } from "@/test/fake-api";
import { renderWithProviders } from "@/test/render";
import { createEditorStore } from "./editor-store";
import { MediaPanel } from "./media-panel";
import { EditorContext } from "./store-context";

const site = composeSite({
  businessDescription: "渋谷のパン屋「こむぎ」。食パン 400円、クロワッサン 250円。7時〜18時。",
  businessType: "restaurant",
  targetMarket: "japan",
  languages: ["ja", "en"],
});

const item: TMediaItem = {
  id: "m1",
  websiteId: "w1",
  fileName: "IMG_0042.jpg",
  contentType: "image/jpeg",
  hash: "0123456789abcdef0123456789abcdef",
  width: 1200,
  height: 800,
  widths: [480, 960, 1200],
  bytes: 300_000,
  alt: { ja: "", en: "" },
  decorative: false,
  thumbnailUrl: "/media/w1/0123456789abcdef0123456789abcdef-480.webp",
  createdAt: "2026-11-01T00:00:00.000Z",
};

function library(overrides: Partial<TMediaList>): TMediaList {
  return {
    items: [item],
    usage: { usedBytes: 300_000, quotaBytes: 200 * 1048576 },
    stock: null,
    altSuggestions: false,
    ...overrides,
  };
}

function renderPanel() {
  const store = createEditorStore(site);
  renderWithProviders(
    <EditorContext.Provider value={{ store, lang: "ja", websiteId: "w1" }}>
      <MediaPanel />
    </EditorContext.Provider>,
  );
  return store;
}

const result = (i: number) => ({
  id: `p${i}`,
  width: 4000,
  height: 2667,
  color: "#c9a27e",
  description: `bread ${i}`,
  thumbUrl: `https://images.unsplash.com/photo-${i}?w=400`,
  author: `Author ${i}`,
  authorUrl: `https://unsplash.com/@author${i}?utm_source=shobai&utm_medium=referral`,
  providerUrl: "https://unsplash.com/?utm_source=shobai&utm_medium=referral",
});

describe("media panel: stock photos and AI alt texts", () => {
  it("shows no stock section and no AI button when the operator configured neither", async () => {
    fakeApi.get("/api/websites/:id/media", ZMediaList, () => library({}));
    renderPanel();
    await userEvent.click(await screen.findByTestId("media-item"));
    expect(await screen.findByTestId("media-details")).toBeInTheDocument();
    expect(screen.queryByTestId("stock-picker")).toBeNull();
    expect(screen.queryByTestId("media-suggest-alt")).toBeNull();
  });

  it("searches Unsplash, credits photographers, pages on, and places the chosen photo as the top image", async () => {
    fakeApi.get("/api/websites/:id/media", ZMediaList, () => library({ stock: "unsplash" }));
    fakeApi.get("/api/websites/:id/stock", ZStockSearch, ({ url }) => {
      const page = Number(url.searchParams.get("page"));
      return {
        page,
        total: 3,
        totalPages: 2,
        results: page === 1 ? [result(1), result(2)] : [result(3)],
      };
    });
    const used: unknown[] = [];
    fakeApi.post("/api/websites/:id/stock/:photoId", ZSitePhoto, ({ params, body }) => {
      used.push({ photo: params.photoId, body });
      return {
        id: `unsplash-${params.photoId}`,
        hash: "fedcba9876543210fedcba9876543210",
        width: 4000,
        height: 2667,
        widths: [480, 960, 1600],
        alt: { ja: "パン", en: "bread 2" },
        decorative: false,
        stock: {
          provider: "unsplash" as const,
          url: "https://images.unsplash.com/photo-2?ixid=x",
          author: "Author 2",
          authorUrl: "https://unsplash.com/@author2?utm_source=shobai&utm_medium=referral",
          providerUrl: "https://unsplash.com/?utm_source=shobai&utm_medium=referral",
        },
      };
    });
    const store = renderPanel();
    const picker = await screen.findByTestId("stock-picker");
    // The restaurant's keyword is proposed before any search (in the interface language).
    expect(within(picker).getByTestId("stock-proposal")).toHaveTextContent("food");
    await userEvent.type(within(picker).getByTestId("stock-query"), "パン");
    await userEvent.click(within(picker).getByTestId("stock-search"));
    await waitFor(() => expect(within(picker).getAllByTestId("stock-result")).toHaveLength(2));
    const credit = within(picker).getAllByTestId("stock-credit")[0] as HTMLElement;
    expect(within(credit).getByRole("link", { name: "Author 1" })).toHaveAttribute(
      "href",
      "https://unsplash.com/@author1?utm_source=shobai&utm_medium=referral",
    );
    expect(within(credit).getByRole("link", { name: "Unsplash" })).toBeInTheDocument();
    await userEvent.click(within(picker).getByTestId("stock-more"));
    await waitFor(() => expect(within(picker).getAllByTestId("stock-result")).toHaveLength(3));
    expect(within(picker).queryByTestId("stock-more")).toBeNull();

    await userEvent.click(within(picker).getAllByTestId("stock-use-hero")[1] as HTMLElement);
    await waitFor(() => expect(store.getState().site.photos?.hero?.id).toBe("unsplash-p2"));
    // The owner's keyword goes along as the alt text in the language being edited.
    expect(used).toEqual([{ photo: "p2", body: { alt: { ja: "パン" } } }]);
    expect(store.getState().site.photos?.hero?.stock?.author).toBe("Author 2");
  });

  it("fills the alt fields with the AI's suggestion; the owner saves them", async () => {
    fakeApi.get("/api/websites/:id/media", ZMediaList, () => library({ altSuggestions: true }));
    fakeApi.post("/api/websites/:id/media/:mediaId/alt-suggestion", ZAltSuggestion, () => ({
      alt: { ja: "焼きたてのパン", en: "Fresh bread" },
    }));
    renderPanel();
    await userEvent.click(await screen.findByTestId("media-item"));
    await userEvent.click(await screen.findByTestId("media-suggest-alt"));
    await waitFor(() => expect(screen.getByTestId("media-alt-ja")).toHaveValue("焼きたてのパン"));
    expect(screen.getByTestId("media-alt-en")).toHaveValue("Fresh bread");
    // Not saved yet: the save button waits for the owner.
    expect(screen.getByTestId("media-save")).toBeEnabled();
  });
});
