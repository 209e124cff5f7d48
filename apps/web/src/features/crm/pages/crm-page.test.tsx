import {
  type TContact,
  type TContactCounts,
  type TImportReport,
  ZContact,
  ZContactCounts,
  ZContactField,
  ZContactTag,
  ZDuplicateMatch,
  ZImportReport,
} from "@shobai/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEMO_CONTACTS } from "@/demo/crm";
import { i18n } from "@/lib/i18n";
import { resetToasts } from "@/lib/toast";
import { apiError, fakeApi } from "@/test/fake-api";
import { aContact, aUser, signIn, signOut } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import CrmPage from "./crm-page";

vi.mock("@/lib/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/navigation")>()),
  hardNavigate: vi.fn(),
}));

const contact = aContact;

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

/** A small fake of the contacts API over `contacts`; tests add or replace endpoints after it. */
function serve({ signedIn = true, contacts = CONTACTS }: { signedIn?: boolean; contacts?: TContact[] } = {}) {
  if (!signedIn) {
    signOut();
    return;
  }
  signIn();
  fakeApi.get("/api/contact-tags", ZContactTag.array(), () => []);
  fakeApi.get("/api/contact-fields", ZContactField.array(), () => []);
  fakeApi.post("/api/contacts/duplicate-check", ZDuplicateMatch.array(), () => []);
  fakeApi.get("/api/contacts/counts", ZContactCounts, () => countsOf(contacts));
  fakeApi.get("/api/contacts", ZContact.array(), ({ url }) => {
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    const status = url.searchParams.get("status") ?? "all";
    const found = contacts.filter(
      (c) =>
        (status === "all" || c.status === status) &&
        [c.firstName, c.lastName, c.email, c.company].some((v) => v.toLowerCase().includes(q)),
    );
    // The page reads the total from the header.
    return new Response(JSON.stringify(ZContact.array().parse(found)), {
      headers: { "Content-Type": "application/json", "X-Total-Count": String(found.length) },
    });
  });
}

const calls = fakeApi.calls;

function rows() {
  return screen.getAllByTestId("crm-row").map((row) => row.getAttribute("data-contact-email"));
}

beforeEach(async () => {
  await i18n.changeLanguage("ja");
});
afterEach(() => {
  vi.useRealTimers();
  resetToasts();
});

describe("CrmPage signed in", () => {
  it("lets a viewer read the contacts but not add or import (issue 24)", async () => {
    serve();
    signIn(aUser(), "viewer");
    renderWithProviders(<CrmPage />);
    await waitFor(() => expect(rows()).toHaveLength(CONTACTS.length));
    await waitFor(() => expect(screen.getByTestId("crm-add-open")).toBeDisabled());
    expect(screen.getByTestId("crm-import")).toBeDisabled();
  });

  it("lists contacts with names in their script's order, counts per status and a status select", async () => {
    serve();
    renderWithProviders(<CrmPage />, { path: "/crm" });
    expect(await screen.findByText("山田 太郎")).toBeInTheDocument();
    // A Latin name keeps its own order in the Japanese interface.
    expect(screen.getByText("Emily Chen")).toBeInTheDocument();
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

    await user.type(screen.getByTestId("crm-search"), "HARBOUR");
    // Instant: the loaded contacts are filtered case-insensitively on name, email and company.
    expect(rows()).toEqual(["emily@harbour.example.sg"]);
    await waitFor(() =>
      expect(calls("GET", "/api/contacts").some(({ url }) => url.searchParams.get("q") === "HARBOUR")).toBe(
        true,
      ),
    );
    // One request for the settled term, not one per key.
    const searched = calls("GET", "/api/contacts").filter(({ url }) => url.searchParams.has("q"));
    expect(searched).toHaveLength(1);

    // Combined with the status filter.
    await user.click(screen.getByTestId("crm-status-filter-qualified"));
    await waitFor(() => expect(rows()).toEqual(["emily@harbour.example.sg"]));
    expect(
      calls("GET", "/api/contacts").some(
        ({ url }) =>
          url.searchParams.get("q") === "HARBOUR" && url.searchParams.get("status") === "qualified",
      ),
    ).toBe(true);

    await user.click(screen.getByTestId("crm-status-filter-new"));
    expect(await screen.findByTestId("crm-no-matches")).toHaveTextContent(
      "条件に一致するコンタクトはありません",
    );

    await user.clear(screen.getByTestId("crm-search"));
    await user.type(screen.getByTestId("crm-search"), "山田");
    await waitFor(() => expect(rows()).toEqual(["taro@yamada.example.jp"]));
  });

  it("filters by several tags: contacts carrying all of them, asked of the server too", async () => {
    const user = userEvent.setup();
    const vip = { id: "t1", name: "VIP", color: "amber" as const };
    const regular = { id: "t2", name: "常連", color: "green" as const };
    const tagged = [
      { ...CONTACTS[0]!, tags: [vip, regular] },
      { ...CONTACTS[1]!, tags: [regular] },
      CONTACTS[2]!,
    ];
    serve({ contacts: tagged });
    fakeApi.get("/api/contact-tags", ZContactTag.array(), () => [vip, regular]);
    renderWithProviders(<CrmPage />, { path: "/crm" });
    await screen.findByText("山田 太郎");
    const options = await screen.findAllByTestId("crm-tag-filter-option");
    await user.click(options[1]!);
    expect(rows()).toEqual(["taro@yamada.example.jp", "emily@harbour.example.sg"]);
    await user.click(options[0]!);
    expect(rows()).toEqual(["taro@yamada.example.jp"]);
    await waitFor(() =>
      expect(calls("GET", "/api/contacts").some(({ url }) => url.searchParams.get("tags") === "t2,t1")).toBe(
        true,
      ),
    );
  });

  it("changes a status with PATCH and toasts '更新完了'", async () => {
    const user = userEvent.setup();
    serve();
    fakeApi.patch("/api/contacts/:id", ZContact, () => ({ ...CONTACTS[0]!, status: "active" }));
    renderWithProviders(<CrmPage />, { path: "/crm" });
    await screen.findByText("山田 太郎");

    await user.click(screen.getAllByTestId("crm-row-status")[0]!);
    await user.click(await screen.findByTestId("crm-status-option-active"));

    expect(await screen.findByText("更新完了")).toBeInTheDocument();
    expect(calls("PATCH", "/api/contacts/c1")[0]?.body).toEqual({ status: "active" });
    // Lists and counts are fetched again after the change.
    await waitFor(() => expect(calls("GET", "/api/contacts/counts").length).toBeGreaterThan(1));
  });

  it("toasts 'エラー' / '更新に失敗しました。' when the PATCH fails", async () => {
    const user = userEvent.setup();
    serve();
    fakeApi.patch("/api/contacts/:id", ZContact, () => apiError(404, "not_found", "Contact not found"));
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

  it("refuses to add without a family name or company, or without email: '名前とメールアドレスは必須です。' and no call", async () => {
    const user = userEvent.setup();
    serve();
    renderWithProviders(<CrmPage />, { path: "/crm" });
    await screen.findByText("山田 太郎");

    await user.click(screen.getByTestId("crm-add-open"));
    await user.type(screen.getByTestId("crm-add-first-name"), "   ");
    await user.type(screen.getByTestId("crm-add-last-name-kana"), "ササキ");
    await user.click(screen.getByTestId("crm-add-submit"));

    const toast = await screen.findByTestId("toast");
    expect(toast).toHaveTextContent("入力エラー");
    expect(toast).toHaveTextContent("名前とメールアドレスは必須です。");

    // An email alone is not enough either: the family name or the company names the record.
    await user.type(screen.getByTestId("crm-add-email"), "new@example.jp");
    await user.click(screen.getByTestId("crm-add-submit"));
    const last = screen.getByTestId("crm-add-last-name");
    expect(last).toHaveAttribute("aria-invalid", "true");
    expect(document.getElementById(last.getAttribute("aria-describedby") ?? "")).toHaveTextContent(
      "姓または会社名を入力してください",
    );
    // The first refused field takes the focus.
    await waitFor(() => expect(last).toHaveFocus());
    expect(calls("POST", "/api/contacts")).toHaveLength(0);
    // The dialog keeps what was typed.
    expect(screen.getByTestId("crm-add-last-name-kana")).toHaveValue("ササキ");
  });

  it("adds a contact and shows the server's refusal while keeping the input", async () => {
    const user = userEvent.setup();
    let attempts = 0;
    serve();
    fakeApi.post(
      "/api/contacts",
      ZContact,
      () => {
        attempts += 1;
        if (attempts === 1) {
          return apiError(409, "conflict", "You already have a contact with this email address");
        }
        return contact({ id: "c9", firstName: "一郎", lastName: "鈴木", email: "ichiro@example.jp" });
      },
      { status: 201 },
    );
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
    expect(calls("POST", "/api/contacts").at(-1)?.body).toEqual({
      firstName: "一郎",
      lastName: "鈴木",
      firstNameKana: "",
      lastNameKana: "",
      email: "ichiro@example.jp",
      company: "",
      companyKana: "",
      phone: "090-1234-5678",
      status: "new",
    });
    await waitFor(() => expect(screen.queryByTestId("crm-add-dialog")).not.toBeInTheDocument());
  });

  it("shows the server's field errors next to their fields in the interface language, and focuses the first", async () => {
    const user = userEvent.setup();
    serve();
    fakeApi.post("/api/contacts", ZContact, () =>
      apiError(400, "validation_error", "email: Invalid email address; phone: phone must be a phone number", [
        { path: "email", code: "invalid_format", message: "Invalid email address" },
        { path: "phone", code: "custom", message: "phone must be a phone number" },
      ]),
    );
    renderWithProviders(<CrmPage />, { path: "/crm" });
    await screen.findByText("山田 太郎");

    await user.click(screen.getByTestId("crm-add-open"));
    await user.type(screen.getByTestId("crm-add-first-name"), "一郎");
    await user.type(screen.getByTestId("crm-add-email"), "ichiro@example.jp");
    await user.click(screen.getByTestId("crm-add-submit"));

    const email = screen.getByTestId("crm-add-email");
    await waitFor(() => expect(email).toHaveAttribute("aria-invalid", "true"));
    const described = document.getElementById(email.getAttribute("aria-describedby") ?? "");
    expect(described).toHaveTextContent(i18n.t("crm:errors.invalidEmail"));
    expect(screen.getByTestId("crm-add-phone")).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByText("Invalid email address")).not.toBeInTheDocument();
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveValue("ichiro@example.jp");
    expect(screen.getByTestId("crm-add-first-name")).toHaveValue("一郎");
  });

  it("warns of a look-alike before adding, and adds only on 'add anyway'", async () => {
    const user = userEvent.setup();
    serve();
    const [existing] = CONTACTS;
    if (!existing) throw new Error("no contacts");
    fakeApi.post("/api/contacts/duplicate-check", ZDuplicateMatch.array(), () => [
      { contact: existing, reasons: ["phone"] },
    ]);
    fakeApi.post(
      "/api/contacts",
      ZContact,
      ({ body }) => ({ ...existing, ...(body as object), id: "new-1" }),
      {
        status: 201,
      },
    );
    renderWithProviders(<CrmPage />, { path: "/crm" });
    await screen.findByText("山田 太郎");
    await user.click(screen.getByTestId("crm-add-open"));
    await user.type(screen.getByTestId("crm-add-last-name"), "山田");
    await user.type(screen.getByTestId("crm-add-email"), "other@example.jp");
    await user.click(screen.getByTestId("crm-add-submit"));
    const warning = await screen.findByTestId("crm-add-duplicates");
    expect(warning).toHaveTextContent(i18n.t("crm:duplicates.reasons.phone"));
    await waitFor(() => expect(warning).toHaveFocus());
    expect(calls("POST", "/api/contacts")).toHaveLength(0);
    expect(screen.getByTestId("crm-add-submit")).toHaveTextContent(i18n.t("crm:duplicates.addAnyway"));
    await user.click(screen.getByTestId("crm-add-submit"));
    await waitFor(() => expect(calls("POST", "/api/contacts")).toHaveLength(1));
  });

  it("reports an import's skipped rows by their codes, in the interface language", async () => {
    const user = userEvent.setup();
    serve();
    fakeApi.post(
      "/api/contacts/import",
      ZImportReport,
      (): TImportReport => ({
        imported: 1,
        totalRows: 5,
        skipped: [
          {
            row: 3,
            email: "sato@example.jp",
            code: "invalid",
            issue: { path: "firstName", code: "too_small", message: "firstName is required" },
            reason: "firstName is required",
          },
          {
            row: 4,
            email: "not-an-email",
            code: "invalid",
            issue: { path: "email", code: "invalid_format", message: "email must be a valid email address" },
            reason: "email must be a valid email address",
          },
          {
            row: 5,
            email: "taro@example.jp",
            code: "duplicate_row",
            sameAsRow: 2,
            reason: "same email as row 2",
          },
          { row: 6, email: "exists@example.jp", code: "already_exists", reason: "already in your contacts" },
        ],
        possibleDuplicates: [{ row: 2, contactId: "n1", existingId: "c1", reasons: ["phone", "name"] }],
      }),
    );
    renderWithProviders(<CrmPage />, { path: "/crm" });
    await screen.findByText("山田 太郎");

    const csv = new File(["姓,名,メールアドレス\n山田,太郎,taro@example.jp\n"], "contacts.csv", {
      type: "text/csv",
    });
    await user.upload(screen.getByTestId("crm-import-input"), csv);
    // The file's consent basis is asked first (特定電子メール法); "consented" needs a word on how.
    await user.click(await screen.findByTestId("crm-import-basis-consented"));
    expect(screen.getByTestId("crm-import-confirm")).toBeDisabled();
    await user.type(screen.getByTestId("crm-import-note"), "会員登録フォームで同意");
    await user.click(screen.getByTestId("crm-import-confirm"));

    const skips = await screen.findAllByTestId("crm-import-skip");
    const sent = calls("POST", "/api/contacts/import")[0]?.url;
    expect(sent?.searchParams.get("basis")).toBe("consented");
    expect(sent?.searchParams.get("note")).toBe("会員登録フォームで同意");
    expect(skips.map((li) => li.textContent)).toEqual([
      expect.stringContaining(i18n.t("crm:errors.firstNameRequired")),
      expect.stringContaining(i18n.t("crm:errors.invalidEmail")),
      expect.stringContaining(i18n.t("crm:import.reasons.duplicateRow", { row: 2 })),
      expect.stringContaining(i18n.t("crm:import.reasons.alreadyExists")),
    ]);
    // A row that looks like a contact already there was imported, and is named with why.
    expect(screen.getByTestId("crm-import-lookalike")).toHaveTextContent(
      `${i18n.t("crm:duplicates.reasons.phone")}、${i18n.t("crm:duplicates.reasons.name")}`,
    );
    // The English reasons meant for API users never reach the screen.
    expect(
      screen.queryByText(/is required|same email as row|already in your contacts/),
    ).not.toBeInTheDocument();
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
    const { queryClient } = renderWithProviders(<CrmPage />, { path: "/crm" });

    expect(await screen.findByTestId("crm-demo-banner")).toHaveTextContent("サンプルデータ");
    expect(screen.getByTestId("crm-demo-signup")).toHaveAttribute("href", "/auth?mode=register");
    expect(screen.getAllByTestId("crm-row")).toHaveLength(DEMO_CONTACTS.length);
    expect(screen.getByTestId("crm-count-all")).toHaveTextContent(String(DEMO_CONTACTS.length));

    // Search and filter work on the sample data, still without a call.
    await user.type(screen.getByTestId("crm-search"), "カフェ");
    expect(rows()).toEqual(["misaki.takahashi@example.jp"]);
    await user.clear(screen.getByTestId("crm-search"));
    await user.click(screen.getByTestId("crm-view-board"));
    expect(screen.getAllByTestId("crm-card")).toHaveLength(DEMO_CONTACTS.length);

    // Nothing is left to fetch, and only the user was asked for (any other call fails the test too).
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(fakeApi.allCalls().map(({ url }) => url.pathname)).toEqual(["/api/auth/user"]);
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
