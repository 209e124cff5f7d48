import { APP_ROUTE_PATHS, LANGUAGES } from "@shobai/shared/constants";
import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/lib/i18n";
import { aUser, signIn, signOut } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { screenTitleKey, usePageMeta } from "./page-meta";

/** A concrete address of a route of the table. */
const addressOf = (route: string) => route.replace(":id", "0b7c3c9e-5d0a-4f7e-9d55-3a1b2c4d5e6f");

const titleIn = (language: string, key: string) => i18n.getFixedT(language, "seo")(key);

describe("screen titles over the route table", () => {
  it("gives every screen its own title in every language, the landing and the dashboard apart", async () => {
    await i18n.loadNamespaces("seo");
    for (const language of LANGUAGES) {
      const siteName = titleIn(language, "siteName");
      const titles = new Map<string, string>();
      // /dashboard only redirects to `/`, which is the dashboard once signed in.
      for (const route of APP_ROUTE_PATHS.filter((r) => r !== "/dashboard")) {
        titles.set(route, titleIn(language, screenTitleKey(addressOf(route), false)));
      }
      titles.set("/ (signed in)", titleIn(language, screenTitleKey("/", true)));
      expect(titleIn(language, screenTitleKey("/dashboard", true))).toBe(titles.get("/ (signed in)"));
      for (const [route, title] of titles) {
        expect(title, `${language} ${route}`).not.toMatch(/^(home|screens|notFound)\./);
        expect(title, `${language} ${route}`).toContain("Shobai");
        expect(title, `${language} ${route}`).not.toBe(siteName);
      }
      // One title per screen: tabs and history entries can be told apart.
      const routesOf = (title: string) => [...titles].filter(([, t]) => t === title).map(([r]) => r);
      const shared = [...new Set(titles.values())].map(routesOf).filter((routes) => routes.length > 1);
      expect(shared, language).toEqual([]);
      expect(titles.get("/")).not.toBe(titles.get("/ (signed in)"));
      expect(titleIn(language, screenTitleKey("/no/such/page", false))).toBe(
        titleIn(language, "notFound.title"),
      );
    }
    expect(titleIn("ja", screenTitleKey("/crm", true))).toBe("顧客管理 — Shobai 商売");
    expect(titleIn("en", screenTitleKey("/crm", true))).toBe("CRM — Shobai");
    expect(titleIn("ja", screenTitleKey("/", true))).toBe("ダッシュボード — Shobai 商売");
    expect(titleIn("ja", screenTitleKey("/websites/abc/", true))).toBe("サイトの設定 — Shobai 商売");
  });
});

function Meta() {
  const announcement = usePageMeta();
  return <div data-testid="announcer">{announcement}</div>;
}

describe("usePageMeta", () => {
  it("titles the screen, follows client-side navigation and the language, and announces the new title", async () => {
    await act(() => i18n.changeLanguage("ja"));
    signIn(aUser());
    const { location } = renderWithProviders(<Meta />, { path: "/" });
    await waitFor(() => expect(document.title).toBe("ダッシュボード — Shobai 商売"));
    // Nothing to announce on arrival: the screen reader reads the new page anyway.
    expect(screen.getByTestId("announcer")).toHaveTextContent("");

    act(() => location.navigate("/crm"));
    await waitFor(() => expect(document.title).toBe("顧客管理 — Shobai 商売"));
    expect(screen.getByTestId("announcer")).toHaveTextContent("顧客管理 — Shobai 商売");

    await act(() => i18n.changeLanguage("pl"));
    await waitFor(() => expect(document.title).toBe("CRM — Shobai"));
    act(() => location.navigate("/profile"));
    await waitFor(() => expect(screen.getByTestId("announcer")).toHaveTextContent("Profil — Shobai"));
    await act(() => i18n.changeLanguage("ja"));
  });

  it("titles `/` as the landing page for a visitor", async () => {
    signOut();
    renderWithProviders(<Meta />, { path: "/" });
    await waitFor(() => expect(document.title).toBe(titleIn("ja", "home.title")));
  });
});
