import type { TContact, TContactCounts } from "@shobai/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/lib/i18n";
import { resetToasts } from "@/lib/toast";
import { fetchCalls, jsonResponse, renderWithProviders } from "@/test/render";
import { DEMO_CONTACTS } from "../demo-data";
import CrmPage from "./crm-page";

vi.mock("@/lib/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/navigation")>()),
  hardNavigate: vi.fn(),
}));

const USER = {
  id: "u1",
  email: "owner@example.jp",
  firstName: "花子",
  lastName: "佐藤",
  language: "ja",
  hasPassword: true,
};

function contact(overrides: Partial<TContact> & Pick<TContact, "id" | "firstName" | "email">): TContact {
  return {
    lastName: "",
    company: "",
    phone: "",
    status: "new",
    source: "manual",
    createdAt: "2025-01-15T01:00:00.000Z",
    updatedAt: "2025-01-15T01:00:00.000Z",
    ...overrides,
  };
}

const CONTACTS: TContact[] = [
  contact({
    id: "c1",
    firstName: "太郎",
    lastName: "山田",
    email: "taro@yamada.example.jp",
    company: "山田工務店",
  }),
  contact({
    id: "c2",
    firstName: "Emily",
    lastName: "Chen",
    email: "emily@harbour.example.sg",
    company: "Harbour Cafe",
    status: "qualified",
  }),
  contact({
    id: "c3",
    firstName: "美咲",
    lastName: "高橋",
    email: "misaki@sakura.example.jp",
    company: "さくらカフェ",
  }),
];

function countsOf(contacts: TContact[]): TContactCounts {
  const byStatus = { new: 0, active: 0, qualified: 0, converted: 0, closed: 0 };
  for (const c of contacts) byStatus[c.status] += 1;
  return { total: contacts.length, byStatus };
}

const fetchMock = vi.fn<typeof fetch>();
type Handler = (url: URL, init: RequestInit) => Response | undefined;

/** A small fake of the contacts API over `contacts`; `handler` answers first when it wants to. */
function serve({
  signedIn = true,
  contacts = CONTACTS,
  handler,
}: {
  signedIn?: boolean;
  contacts?: TContact[];
  handler?: Handler;
} = {}) {
  fetchMock.mockImplementation(async (input, init = {}) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/api/auth/user") {
      return signedIn ? jsonResponse(USER) : jsonResponse({ message: "Unauthorized" }, 401);
    }
    const answer = handler?.(url, init);
    if (answer) return answer;
    if (url.pathname === "/api/contacts/counts") return jsonResponse(countsOf(contacts));
    if (url.pathname === "/api/contacts" && (init.method ?? "GET") === "GET") {
      const q = (url.searchParams.get("q") ?? "").toLowerCase();
      const status = url.searchParams.get("status") ?? "all";
      const found = contacts.filter(
        (c) =>
          (status === "all" || c.status === status) &&
          [c.firstName, c.lastName, c.email, c.company].some((v) => v.toLowerCase().includes(q)),
      );
      return new Response(JSON.stringify(found), {
        status: 200,
        headers: { "Content-Type": "application/json", "X-Total-Count": String(found.length) },
      });
    }
    return jsonResponse({ message: "Not found" }, 404);
  });
}

const calls = fetchCalls(fetchMock);

function rows() {
  return screen.getAllByTestId("crm-row").map((row) => row.getAttribute("data-contact-email"));
}

beforeEach(async () => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  await i18n.changeLanguage("ja");
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetToasts();
});

describe("CrmPage signed in", () => {
  it("lists contacts with names in Japanese order, counts per status and a status select", async () => {
    serve();
    renderWithProviders(<CrmPage />, { path: "/crm" });
    expect(await screen.findByText("山田 太郎")).toBeInTheDocument();
    expect(screen.getByText("Chen Emily")).toBeInTheDocument();
    expect(rows()).toEqual(CONTACTS.map((c) => c.email));
    expect(screen.getByText("山田工務店")).toBeInTheDocument();
    expect(screen.getAllByText("2025年1月15日").length).toBeGreaterThan(0);
    expect(screen.getByTestId("crm-count-all")).toHaveTextContent("3");
    expect(screen.getByTestId("crm-count-qualified")).toHaveTextContent("1");
    expect(screen.getAllByTestId("crm-row-status")[1]).toHaveTextContent("見込み");
    expect(screen.queryByTestId("crm-demo-banner")).not.toBeInTheDocument();
  });

  it("searches on the server (debounced) and narrows the loaded page at once", async () => {
    const user = userEvent.setup();
    serve();
    renderWithProviders(<CrmPage />, { path: "/crm" });
    await screen.findByText("山田 太郎");

    await user.type(screen.getByTestId("crm-search"), "CAFE");
    // Instant: the loaded contacts are filtered case-insensitively on name, email and company.
    expect(rows()).toEqual(["emily@harbour.example.sg"]);
    await waitFor(() =>
      expect(
        calls("GET", "/api/contacts").some(
          ([input]) => new URL(String(input), "http://localhost").searchParams.get("q") === "CAFE",
        ),
      ).toBe(true),
    );
    // One request for the settled term, not one per key.
    const searched = calls("GET", "/api/contacts").filter(([input]) =>
      new URL(String(input), "http://localhost").searchParams.has("q"),
    );
    expect(searched).toHaveLength(1);

    // Combined with the status filter.
    await user.click(screen.getByTestId("crm-status-filter-qualified"));
    await waitFor(() => expect(rows()).toEqual(["emily@harbour.example.sg"]));
    expect(
      calls("GET", "/api/contacts").some(([input]) => {
        const params = new URL(String(input), "http://localhost").searchParams;
        return params.get("q") === "CAFE" && params.get("status") === "qualified";
      }),
    ).toBe(true);

    await user.click(screen.getByTestId("crm-status-filter-new"));
    expect(await screen.findByTestId("crm-no-matches")).toHaveTextContent(
      "条件に一致するコンタクトはありません",
    );

    await user.clear(screen.getByTestId("crm-search"));
    await user.type(screen.getByTestId("crm-search"), "山田");
    await waitFor(() => expect(rows()).toEqual(["taro@yamada.example.jp"]));
  });

  it("changes a status with PATCH and toasts '更新完了'", async () => {
    const user = userEvent.setup();
    serve({
      handler: (url, init) =>
        init.method === "PATCH" && url.pathname === "/api/contacts/c1"
          ? jsonResponse({ ...CONTACTS[0], status: "active" })
          : undefined,
    });
    renderWithProviders(<CrmPage />, { path: "/crm" });
    await screen.findByText("山田 太郎");

    await user.click(screen.getAllByTestId("crm-row-status")[0]!);
    await user.click(await screen.findByTestId("crm-status-option-active"));

    expect(await screen.findByText("更新完了")).toBeInTheDocument();
    const [, init] = calls("PATCH", "/api/contacts/c1")[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ status: "active" });
    // Lists and counts are fetched again after the change.
    await waitFor(() => expect(calls("GET", "/api/contacts/counts").length).toBeGreaterThan(1));
  });

  it("toasts 'エラー' / '更新に失敗しました。' when the PATCH fails", async () => {
    const user = userEvent.setup();
    serve({
      handler: (_url, init) =>
        init.method === "PATCH" ? jsonResponse({ message: "Contact not found" }, 404) : undefined,
    });
    renderWithProviders(<CrmPage />, { path: "/crm" });
    await screen.findByText("山田 太郎");

    await user.click(screen.getAllByTestId("crm-row-status")[0]!);
    await user.click(await screen.findByTestId("crm-status-option-closed"));

    const toast = await screen.findByTestId("toast");
    expect(toast).toHaveTextContent("エラー");
    expect(toast).toHaveTextContent("更新に失敗しました。");
    // The row goes back to what the server has.
    await waitFor(() => expect(screen.getAllByTestId("crm-row-status")[0]).toHaveTextContent("新規"));
  });

  it("refuses to add without a first name or email: '名前とメールアドレスは必須です。' and no call", async () => {
    const user = userEvent.setup();
    serve();
    renderWithProviders(<CrmPage />, { path: "/crm" });
    await screen.findByText("山田 太郎");

    await user.click(screen.getByTestId("crm-add-open"));
    await user.type(screen.getByTestId("crm-add-first-name"), "   ");
    await user.type(screen.getByTestId("crm-add-company"), "テスト商店");
    await user.click(screen.getByTestId("crm-add-submit"));

    const toast = await screen.findByTestId("toast");
    expect(toast).toHaveTextContent("入力エラー");
    expect(toast).toHaveTextContent("名前とメールアドレスは必須です。");

    // An email alone is not enough either.
    await user.type(screen.getByTestId("crm-add-email"), "new@example.jp");
    await user.click(screen.getByTestId("crm-add-submit"));
    expect(screen.getByTestId("crm-add-first-name")).toHaveAttribute("aria-invalid", "true");
    expect(calls("POST", "/api/contacts")).toHaveLength(0);
    // The dialog keeps what was typed.
    expect(screen.getByTestId("crm-add-company")).toHaveValue("テスト商店");
  });

  it("adds a contact and shows the server's refusal while keeping the input", async () => {
    const user = userEvent.setup();
    let attempts = 0;
    serve({
      handler: (url, init) => {
        if (init.method !== "POST" || url.pathname !== "/api/contacts") return undefined;
        attempts += 1;
        if (attempts === 1) {
          return jsonResponse(
            { message: "You already have a contact with this email address", code: "conflict" },
            409,
          );
        }
        return jsonResponse(
          contact({ id: "c9", firstName: "一郎", lastName: "鈴木", email: "ichiro@example.jp" }),
          201,
        );
      },
    });
    renderWithProviders(<CrmPage />, { path: "/crm" });
    await screen.findByText("山田 太郎");

    await user.click(screen.getByTestId("crm-add-open"));
    await user.type(screen.getByTestId("crm-add-first-name"), "一郎");
    await user.type(screen.getByTestId("crm-add-last-name"), "鈴木");
    await user.type(screen.getByTestId("crm-add-email"), "ichiro@example.jp");
    await user.type(screen.getByTestId("crm-add-phone"), "090-1234-5678");
    await user.click(screen.getByTestId("crm-add-submit"));

    const toast = await screen.findByTestId("toast");
    expect(toast).toHaveTextContent("エラー");
    expect(toast).toHaveTextContent("コンタクトの追加に失敗しました。");
    expect(screen.getByTestId("crm-add-email")).toHaveValue("ichiro@example.jp");
    expect(screen.getByTestId("crm-add-email")).toHaveAttribute("aria-invalid", "true");

    await user.click(screen.getByTestId("crm-add-submit"));
    expect(await screen.findByText("コンタクト追加完了")).toBeInTheDocument();
    const [, init] = calls("POST", "/api/contacts").at(-1) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      firstName: "一郎",
      lastName: "鈴木",
      email: "ichiro@example.jp",
      company: "",
      phone: "090-1234-5678",
      status: "new",
    });
    await waitFor(() => expect(screen.queryByTestId("crm-add-dialog")).not.toBeInTheDocument());
  });

  it("shows what to do next when there are no contacts yet", async () => {
    serve({ contacts: [] });
    renderWithProviders(<CrmPage />, { path: "/crm" });
    const empty = await screen.findByTestId("crm-empty");
    expect(empty).toHaveTextContent("まだコンタクトがありません");
    expect(within(empty).getByTestId("crm-empty-add")).toBeInTheDocument();
    expect(within(empty).getByTestId("crm-empty-import")).toBeInTheDocument();
  });
});

describe("CrmPage signed out", () => {
  it("shows the sample contacts and a sign-up banner, and makes no data calls", async () => {
    const user = userEvent.setup();
    serve({ signedIn: false });
    renderWithProviders(<CrmPage />, { path: "/crm" });

    expect(await screen.findByTestId("crm-demo-banner")).toHaveTextContent("サンプルデータ");
    expect(screen.getByTestId("crm-demo-signup")).toHaveAttribute("href", "/auth");
    expect(screen.getAllByTestId("crm-row")).toHaveLength(DEMO_CONTACTS.length);
    expect(screen.getByTestId("crm-count-all")).toHaveTextContent(String(DEMO_CONTACTS.length));

    // Search and filter work on the sample data, still without a call.
    await user.type(screen.getByTestId("crm-search"), "カフェ");
    expect(rows()).toEqual(["misaki.takahashi@example.jp"]);
    await user.clear(screen.getByTestId("crm-search"));
    await user.click(screen.getByTestId("crm-view-board"));
    expect(screen.getAllByTestId("crm-card")).toHaveLength(DEMO_CONTACTS.length);

    await new Promise((resolve) => setTimeout(resolve, 300));
    const dataCalls = fetchMock.mock.calls.filter(([input]) => String(input) !== "/api/auth/user");
    expect(dataCalls).toHaveLength(0);
  });

  it("asks to log in when a visitor tries to add a contact", async () => {
    const { hardNavigate } = await import("@/lib/navigation");
    const user = userEvent.setup();
    serve({ signedIn: false });
    renderWithProviders(<CrmPage />, { path: "/crm" });
    await screen.findByTestId("crm-demo-banner");

    await user.click(screen.getByTestId("crm-add-open"));
    expect(await screen.findByText("ログインが必要です")).toBeInTheDocument();
    expect(screen.queryByTestId("crm-add-dialog")).not.toBeInTheDocument();
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith("/api/login"));
  });
});
