import {
  type TCustomDomain,
  type TDomainOrder,
  type TDomainPurchaseTerms,
  type TDomainSearchResult,
  type TDomainServiceStatus,
  type TOwnedDomain,
  ZCustomDomain,
  ZCustomDomainList,
  ZDomainOrder,
  ZDomainPurchaseResult,
  ZDomainPurchaseTerms,
  ZDomainSearchResult,
  ZDomainServiceStatus,
  ZOwnedDomain,
  ZOwnedDomainList,
  ZRemovedCustomDomain,
  ZWebsite,
} from "@shobai/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/lib/i18n";
import { hardNavigate } from "@/lib/navigation";
import { resetToasts } from "@/lib/toast";
import { apiError, type FakeRequest, fakeApi, never } from "@/test/fake-api";
import { aUser, aWebsite, signIn, signOut } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import DomainManagementPage from "./domain-management-page";

vi.mock("@/lib/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/navigation")>()),
  hardNavigate: vi.fn(),
}));

const USER = aUser({ firstName: "Hanako", lastName: "Sato", language: "en" });

const CONFIGURED: TDomainServiceStatus = { configured: true, message: "Registrar: Gandi (sandbox)" };
const NOT_CONFIGURED: TDomainServiceStatus = {
  configured: false,
  message: "Set REGISTRAR_API_KEY to enable domain registration.",
};

const OWNED: TOwnedDomain = {
  id: "d1",
  domain: "sakura-ramen.jp",
  unicodeDomain: "sakura-ramen.jp",
  status: "active",
  registrationPeriod: 1,
  priceJpy: 3960,
  expiresAt: "2026-06-24T03:00:00.000Z",
  nameServers: ["ns1.example.net", "ns2.example.net"],
  createdAt: "2025-06-24T03:00:00.000Z",
  autoRenew: true,
};

const PENDING: TCustomDomain = {
  id: "c1",
  hostname: "www.sakura-ramen.jp",
  unicodeHostname: "www.sakura-ramen.jp",
  websiteId: "w1",
  websiteName: "Sakura Ramen",
  status: "pending",
  dnsRecords: [
    {
      type: "TXT",
      name: "_shobai.www.sakura-ramen.jp",
      value: "shobai-verify=0123456789abcdef0123456789abcdef",
    },
    { type: "CNAME", name: "www.sakura-ramen.jp", value: "sites.shobai.test" },
  ],
  proof: "txt",
  verifiedAt: null,
  lastCheckedAt: null,
  lastError: null,
  expiresAt: "2025-07-01T03:00:00.000Z",
  proofMissingSince: null,
  servingEndsAt: null,
  dnsManaged: false,
  createdAt: "2025-06-24T03:00:00.000Z",
};

const WEBSITES = [
  aWebsite({ id: "w1", name: "Sakura Ramen", slug: "sakura-ramen" }),
  aWebsite({ id: "w2", name: "Midori Dental", slug: "midori-dental" }),
];

const CARD: TDomainPurchaseTerms = { allowed: true, reason: null, payer: "card", taxRate: 10 };

function serve({
  signedIn = true,
  status = CONFIGURED,
  domains = [],
  connections = [],
  terms = CARD,
}: {
  signedIn?: boolean;
  terms?: TDomainPurchaseTerms;
  status?: TDomainServiceStatus | null | (() => Promise<never>);
  domains?: TOwnedDomain[] | (() => TOwnedDomain[]);
  connections?: TCustomDomain[] | (() => TCustomDomain[]);
} = {}) {
  if (!signedIn) {
    signOut();
    return;
  }
  signIn(USER);
  fakeApi.get("/api/domain/service-status", ZDomainServiceStatus, () => {
    if (typeof status === "function") return status();
    return status ? status : apiError(500, "internal_error", "boom");
  });
  fakeApi.get("/api/domain/domains", ZOwnedDomainList, () => ({
    domains: typeof domains === "function" ? domains() : domains,
  }));
  fakeApi.get("/api/domain/connections", ZCustomDomainList, () => ({
    connections: typeof connections === "function" ? connections() : connections,
  }));
  fakeApi.get("/api/websites", ZWebsite.array(), () => WEBSITES);
  fakeApi.get("/api/domain/purchase-terms", ZDomainPurchaseTerms, () => terms);
}

const calls = fakeApi.calls;

/** Answers a domain search with this result. */
function searchAnswers(result: TDomainSearchResult | Response) {
  fakeApi.get("/api/domain/search/:domain", ZDomainSearchResult, () => result);
}

/** Answers POST /api/domain/purchase with `answer`. */
function purchaseAnswers(answer: () => { order: TDomainOrder; url: string | null } | Response) {
  fakeApi.post("/api/domain/purchase", ZDomainPurchaseResult, answer);
}

const ORDER: TDomainOrder = {
  id: "0b7c3a52-3f7e-4d55-9d87-3c2f4a1b9e10",
  domain: "sakura-ramen.jp",
  unicodeDomain: "sakura-ramen.jp",
  registrationPeriod: 3,
  amountJpy: 15048,
  taxJpy: 1368,
  payer: "card",
  status: "pending_payment",
  autoRenew: true,
  message: null,
  createdAt: "2026-11-26T03:00:00.000Z",
};

function bodyOf(call: FakeRequest | undefined): unknown {
  return call?.body;
}

async function chooseOption(user: ReturnType<typeof userEvent.setup>, trigger: HTMLElement, name: string) {
  await user.click(trigger);
  await user.click(await screen.findByRole("option", { name }));
}

/** Types into a field at once (pasting): the register form has many fields and jsdom typing is slow. */
async function enter(user: ReturnType<typeof userEvent.setup>, testId: string, text: string) {
  await user.click(screen.getByTestId(testId));
  await user.paste(text);
}

/** Fills every required contact field (English layout: given name first). */
async function fillContact(user: ReturnType<typeof userEvent.setup>) {
  await enter(user, "domain-register-firstName", "Hanako");
  await enter(user, "domain-register-lastName", "Sato");
  await enter(user, "domain-register-email", "hanako@example.jp");
  await enter(user, "domain-register-phone", "03-1234-5678");
  await enter(user, "domain-register-postalCode", "150-0001");
  await chooseOption(user, screen.getByTestId("domain-register-state"), "Tokyo");
  await enter(user, "domain-register-city", "Shibuya-ku");
  await enter(user, "domain-register-address", "1-2-3 Jingumae");
}

async function searchFor(user: ReturnType<typeof userEvent.setup>, term: string) {
  await user.type(screen.getByTestId("domain-search-input"), term);
  await user.click(screen.getByTestId("domain-search-submit"));
}

beforeEach(async () => {
  await i18n.changeLanguage("en");
});
afterEach(() => {
  resetToasts();
});

describe("DomainManagementPage service status", () => {
  it("not configured: search and register are off, and the screen says why", async () => {
    const user = userEvent.setup();
    serve({ status: NOT_CONFIGURED });
    renderWithProviders(<DomainManagementPage />, { path: "/domain-management" });

    const card = await screen.findByTestId("domain-service-status");
    await waitFor(() =>
      expect(within(card).getByTestId("domain-service-state")).toHaveAttribute("data-configured", "false"),
    );
    expect(card).toHaveTextContent("Not configured");
    expect(card).toHaveTextContent("Set REGISTRAR_API_KEY to enable domain registration.");

    await user.type(screen.getByTestId("domain-search-input"), "sakura.jp");
    expect(screen.getByTestId("domain-search-submit")).toBeDisabled();
    expect(screen.getByTestId("domain-search-hint")).toHaveTextContent("Searching is off");

    await user.click(screen.getByTestId("domain-tab-register"));
    expect(screen.getByTestId("domain-register-disabled")).toHaveTextContent(
      "No domain registration service is set up on this server.",
    );
    expect(screen.getByTestId("domain-register-submit")).toBeDisabled();
    expect(calls("POST", "/api/domain/purchase")).toHaveLength(0);
  });

  it("while the status loads: search and register wait without saying the service is not set up", async () => {
    const user = userEvent.setup();
    serve({ status: never });
    renderWithProviders(<DomainManagementPage />, { path: "/domain-management" });
    await screen.findByTestId("owned-domains-empty");
    expect(calls("GET", "/api/domain/service-status")).toHaveLength(1);
    expect(screen.queryByTestId("domain-service-state")).not.toBeInTheDocument();

    expect(screen.getByTestId("domain-search-submit")).toBeDisabled();
    expect(screen.getByTestId("domain-search-hint")).toHaveTextContent("You can register .jp");
    expect(screen.getByTestId("domain-search-hint")).not.toHaveTextContent("Searching is off");

    await user.click(screen.getByTestId("domain-tab-register"));
    expect(screen.getByTestId("domain-register-submit")).toBeDisabled();
    expect(screen.queryByTestId("domain-register-disabled")).not.toBeInTheDocument();
    expect(screen.getByTestId("domain-management-page")).not.toHaveTextContent("not set up");
    expect(screen.getByTestId("domain-management-page")).not.toHaveTextContent("couldn't be checked");
  });

  it("shows the spec's alert when the status cannot be read, and keeps register off", async () => {
    const user = userEvent.setup();
    serve({ status: null });
    renderWithProviders(<DomainManagementPage />, { path: "/domain-management" });
    expect(await screen.findByTestId("domain-service-status-error")).toHaveTextContent(
      "Couldn't get the domain service status",
    );
    await user.click(screen.getByTestId("domain-tab-register"));
    expect(screen.getByTestId("domain-register-submit")).toBeDisabled();
  });

  it("says the status in Japanese: 'ドメインサービス状態を取得できませんでした'", async () => {
    await i18n.changeLanguage("ja");
    serve({ status: null });
    renderWithProviders(<DomainManagementPage />, { path: "/domain-management" });
    expect(await screen.findByTestId("domain-service-status-error")).toHaveTextContent(
      "ドメインサービス状態を取得できませんでした",
    );
  });
});

describe("DomainManagementPage search", () => {
  it("an available name: toast, price in yen, and the register form takes the domain", async () => {
    const user = userEvent.setup();
    serve();
    searchAnswers({
      domain: "sakura-ramen.jp",
      unicodeDomain: "sakura-ramen.jp",
      available: true,
      price: 3960,
      registrationPeriod: 1,
    });
    renderWithProviders(<DomainManagementPage />, { path: "/domain-management" });
    await screen.findByTestId("domain-service-state");
    expect(screen.getByTestId("domain-search-submit")).toBeDisabled();

    await searchFor(user, "  Sakura-Ramen.JP ");
    const toast = await screen.findByTestId("toast");
    expect(toast).toHaveTextContent("Domain available");
    expect(toast).toHaveTextContent("sakura-ramen.jp can be registered.");
    expect(calls("GET", "/api/domain/search/sakura-ramen.jp")).toHaveLength(1);
    expect(screen.getByTestId("domain-search-price")).toHaveTextContent("¥3,960 (tax incl.) / 1 year");
    // The answer takes the focus, so a screen reader reads it.
    await waitFor(() => expect(screen.getByTestId("domain-search-result")).toHaveFocus());

    await user.click(screen.getByTestId("domain-search-register"));
    expect(screen.getByTestId("domain-register-domain")).toHaveValue("sakura-ramen.jp");
    expect(screen.getByTestId("domain-register-price")).toHaveTextContent(
      "Price: ¥3,960 (tax incl.) (1 year)",
    );
  });

  it("a taken name: 'Domain unavailable' and the register form stays empty", async () => {
    const user = userEvent.setup();
    serve();
    searchAnswers({
      domain: "xn--u9j.jp",
      unicodeDomain: "さ.jp",
      available: false,
      price: null,
      registrationPeriod: 1,
    });
    renderWithProviders(<DomainManagementPage />, { path: "/domain-management" });
    await screen.findByTestId("domain-service-state");
    await searchFor(user, "さ.jp");

    const toast = await screen.findByTestId("toast");
    expect(toast).toHaveTextContent("Domain unavailable");
    expect(toast).toHaveTextContent("さ.jp is already registered");
    expect(screen.getByTestId("domain-search-result")).toHaveAttribute("data-available", "false");
    expect(screen.queryByTestId("domain-search-register")).not.toBeInTheDocument();
    expect(calls("GET", `/api/domain/search/${encodeURIComponent("さ.jp")}`)).toHaveLength(1);
    await user.click(screen.getByTestId("domain-tab-register"));
    expect(screen.getByTestId("domain-register-domain")).toHaveValue("");
  });

  it("in Japanese: 'ドメイン利用不可' / '{domain} は既に登録済みです'", async () => {
    await i18n.changeLanguage("ja");
    const user = userEvent.setup();
    serve();
    searchAnswers({
      domain: "example.jp",
      unicodeDomain: "example.jp",
      available: false,
      price: null,
      registrationPeriod: 1,
    });
    renderWithProviders(<DomainManagementPage />, { path: "/domain-management" });
    await screen.findByTestId("domain-service-state");
    await searchFor(user, "example.jp");
    const toast = await screen.findByTestId("toast");
    expect(toast).toHaveTextContent("ドメイン利用不可");
    expect(toast).toHaveTextContent("example.jp は既に登録済みです");
  });

  it("a refused search: 'Search error' with the server's message", async () => {
    const user = userEvent.setup();
    serve();
    searchAnswers(
      apiError(400, "validation_error", "domain must include a top-level domain, e.g. example.jp", [
        {
          path: "domain",
          code: "custom",
          message: "domain must include a top-level domain, e.g. example.jp",
        },
      ]),
    );
    renderWithProviders(<DomainManagementPage />, { path: "/domain-management" });
    await screen.findByTestId("domain-service-state");
    await searchFor(user, "sakura");

    const toast = await screen.findByTestId("toast");
    expect(toast).toHaveTextContent("Search error");
    expect(toast).toHaveTextContent("domain must include a top-level domain, e.g. example.jp");
    expect(screen.queryByTestId("domain-search-result")).not.toBeInTheDocument();
    // Beside the field too, which is marked and has the focus back.
    const field = screen.getByTestId("domain-search-input");
    expect(screen.getByTestId("domain-search-error")).toHaveTextContent("top-level domain");
    expect(field).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(field).toHaveFocus());
  });
});

// The register form is long; filling it in jsdom takes several seconds on a busy machine.
const LONG = { timeout: 45_000 };

describe("DomainManagementPage register", () => {
  const AVAILABLE: TDomainSearchResult = {
    domain: "sakura-ramen.jp",
    unicodeDomain: "sakura-ramen.jp",
    available: true,
    price: 15048,
    priceExcludingTax: 13680,
    registrationPeriod: 3,
  };

  it(
    "confirms the purchase (tax-inclusive price, payer, renewal), then goes to Stripe's payment page",
    LONG,
    async () => {
      const user = userEvent.setup();
      serve();
      searchAnswers(AVAILABLE);
      purchaseAnswers(() => ({ order: ORDER, url: "https://checkout.stripe.test/pay/cs_test_1" }));
      renderWithProviders(<DomainManagementPage />, { path: "/domain-management" });
      await screen.findByTestId("domain-service-state");
      expect(screen.getByTestId("domain-purchase-rule")).toHaveTextContent(
        "the free trial and Starter cannot buy domains",
      );
      await searchFor(user, "sakura-ramen.jp");
      await screen.findByTestId("domain-search-result");
      await user.click(screen.getByTestId("domain-search-register"));

      await fillContact(user);
      await chooseOption(user, screen.getByTestId("domain-register-registrationPeriod"), "3 years");
      await user.type(screen.getByTestId("domain-register-ns1"), "ns1.example.net");
      await user.type(screen.getByTestId("domain-register-ns2"), "ns2.example.net");
      await user.click(screen.getByTestId("domain-register-submit"));

      // The current price for 3 years is asked, then shown to confirm; nothing is bought yet.
      const dialog = await screen.findByTestId("purchase-confirm-dialog");
      expect(calls("GET", "/api/domain/search/sakura-ramen.jp").at(-1)?.url.search).toBe(
        "?registrationPeriod=3",
      );
      expect(within(dialog).getByTestId("purchase-price")).toHaveTextContent("¥15,048 (tax incl.)");
      expect(within(dialog).getByTestId("purchase-price-breakdown")).toHaveTextContent(
        "¥13,680 before tax · consumption tax (10%) ¥1,368",
      );
      expect(within(dialog).getByTestId("purchase-payer")).toHaveTextContent("Card (Stripe payment page)");
      expect(calls("POST", "/api/domain/purchase")).toHaveLength(0);
      await user.click(within(dialog).getByTestId("purchase-auto-renew"));
      await user.click(within(dialog).getByTestId("purchase-confirm"));

      await waitFor(() =>
        expect(hardNavigate).toHaveBeenCalledWith("https://checkout.stripe.test/pay/cs_test_1"),
      );
      expect(bodyOf(calls("POST", "/api/domain/purchase").at(-1))).toEqual({
        domain: "sakura-ramen.jp",
        registrationPeriod: 3,
        ownerContact: {
          firstName: "Hanako",
          lastName: "Sato",
          email: "hanako@example.jp",
          phone: "03-1234-5678",
          address: "1-2-3 Jingumae",
          city: "Shibuya-ku",
          state: "Tokyo",
          postalCode: "150-0001",
          country: "JP",
        },
        nameServers: ["ns1.example.net", "ns2.example.net"],
        autoRenew: false,
        confirmedPriceJpy: 15048,
      });
    },
  );

  it(
    "an invoice-billed account: registered at once, then the form and search are cleared",
    LONG,
    async () => {
      const user = userEvent.setup();
      serve({ terms: { allowed: true, reason: null, payer: "invoice", taxRate: 10 } });
      searchAnswers({ ...AVAILABLE, price: 5016, priceExcludingTax: 4560 });
      purchaseAnswers(() => ({
        order: {
          ...ORDER,
          registrationPeriod: 1,
          amountJpy: 5016,
          taxJpy: 456,
          payer: "invoice",
          status: "registered",
        },
        url: null,
      }));
      renderWithProviders(<DomainManagementPage />, { path: "/domain-management" });
      await screen.findByTestId("domain-service-state");
      await searchFor(user, "sakura-ramen.jp");
      await screen.findByTestId("domain-search-result");
      await user.click(screen.getByTestId("domain-search-register"));
      await fillContact(user);
      await user.click(screen.getByTestId("domain-register-submit"));
      const dialog = await screen.findByTestId("purchase-confirm-dialog");
      expect(within(dialog).getByTestId("purchase-payer")).toHaveTextContent("Invoice");
      await user.click(within(dialog).getByTestId("purchase-confirm"));

      const toast = await screen.findByTestId("toast");
      await waitFor(() => expect(toast).toHaveTextContent("Domain registered"));
      expect(screen.getByTestId("domain-register-domain")).toHaveValue("");
      expect(screen.getByTestId("domain-register-firstName")).toHaveValue("");
      await user.click(screen.getByTestId("domain-tab-search"));
      expect(screen.queryByTestId("domain-search-result")).not.toBeInTheDocument();
      await waitFor(() => expect(calls("GET", "/api/domain/domains").length).toBeGreaterThan(1));
    },
  );

  it("on the trial: says the plan rule, links to the plans and cannot buy", async () => {
    const user = userEvent.setup();
    serve({ terms: { allowed: false, reason: "trial", payer: null, taxRate: 10 } });
    renderWithProviders(<DomainManagementPage />, { path: "/domain-management" });
    await screen.findByTestId("domain-service-state");
    await user.click(screen.getByTestId("domain-tab-register"));
    const refused = await screen.findByTestId("domain-purchase-refused");
    expect(refused).toHaveTextContent("Domains cannot be bought during the free trial");
    expect(within(refused).getByRole("link", { name: "See plans" })).toHaveAttribute("href", "/pricing");
    expect(screen.getByTestId("domain-register-submit")).toBeDisabled();
  });

  it("a 400 shows 'Registration error' with the message and marks the field it names", LONG, async () => {
    const user = userEvent.setup();
    serve();
    searchAnswers(AVAILABLE);
    purchaseAnswers(() =>
      apiError(
        400,
        "validation_error",
        "ownerContact.postalCode: postalCode must be a Japanese postal code such as 150-0001",
        [
          {
            path: "ownerContact.postalCode",
            code: "invalid_format",
            message: "postalCode must be a Japanese postal code such as 150-0001",
          },
        ],
      ),
    );
    renderWithProviders(<DomainManagementPage />, { path: "/domain-management" });
    await screen.findByTestId("domain-service-state");
    await user.click(screen.getByTestId("domain-tab-register"));
    await user.type(screen.getByTestId("domain-register-domain"), "sakura-ramen.jp");
    await fillContact(user);
    await user.click(screen.getByTestId("domain-register-submit"));
    await user.click(await screen.findByTestId("purchase-confirm"));

    const toast = await screen.findByTestId("toast");
    await waitFor(() => expect(toast).toHaveTextContent("Registration error"));
    expect(toast).toHaveTextContent("postalCode must be a Japanese postal code such as 150-0001");
    expect(screen.getByTestId("domain-register-postalCode")).toHaveAttribute("aria-invalid", "true");
    // Under the field: the code in the interface language, and the focus goes there.
    expect(screen.getByTestId("domain-register-error")).toHaveTextContent("This is not in a valid format.");
    await waitFor(() => expect(screen.getByTestId("domain-register-postalCode")).toHaveFocus());
    expect(screen.getByTestId("domain-register-postalCode")).toHaveValue("150-0001");
    expect(screen.getByTestId("domain-register-city")).toHaveValue("Shibuya-ku");
  });

  it(
    "a refusal about no field is said beside the button and takes the focus; the toast stays",
    LONG,
    async () => {
      const user = userEvent.setup();
      serve();
      searchAnswers(AVAILABLE);
      purchaseAnswers(() => apiError(502, "registrar_failed", "The registrar did not answer. Try again."));
      renderWithProviders(<DomainManagementPage />, { path: "/domain-management" });
      await screen.findByTestId("domain-service-state");
      await user.click(screen.getByTestId("domain-tab-register"));
      await user.type(screen.getByTestId("domain-register-domain"), "sakura-ramen.jp");
      await fillContact(user);
      await user.click(screen.getByTestId("domain-register-submit"));
      await user.click(await screen.findByTestId("purchase-confirm"));

      const said = await screen.findByTestId("domain-register-form-error");
      await waitFor(() => expect(said).toHaveFocus());
      const toast = await screen.findByTestId("toast");
      expect(toast).toHaveTextContent("Registration error");
      expect(said.textContent).not.toBe("");
      expect(toast).toHaveTextContent(said.textContent ?? "");
      expect(screen.getByTestId("domain-register-postalCode")).not.toHaveAttribute("aria-invalid");
    },
  );

  it("missing fields: nothing is sent and the first empty field is marked", async () => {
    const user = userEvent.setup();
    serve();
    renderWithProviders(<DomainManagementPage />, { path: "/domain-management" });
    await screen.findByTestId("domain-service-state");
    await user.click(screen.getByTestId("domain-tab-register"));
    await user.type(screen.getByTestId("domain-register-domain"), "sakura-ramen.jp");
    await user.click(screen.getByTestId("domain-register-submit"));
    expect(await screen.findByTestId("toast")).toHaveTextContent("Please fill in all required fields.");
    expect(screen.getByTestId("domain-register-lastName")).toHaveAttribute("aria-invalid", "true");
    expect(calls("POST", "/api/domain/purchase")).toHaveLength(0);
  });
});

describe("DomainManagementPage after the payment page", () => {
  it("says the order was refunded when the registrar failed after payment", async () => {
    serve();
    fakeApi.get("/api/domain/orders/:id", ZDomainOrder, () => ({
      ...ORDER,
      status: "refunded" as const,
      message: "Not registered: refused. The payment of ¥15,048 was refunded.",
    }));
    window.history.replaceState(null, "", `/domain-management?order=${ORDER.id}`);
    renderWithProviders(<DomainManagementPage />, { path: `/domain-management?order=${ORDER.id}` });
    const banner = await screen.findByTestId("order-status");
    expect(banner).toHaveAttribute("data-status", "refunded");
    expect(banner).toHaveTextContent("sakura-ramen.jp could not be registered");
    expect(banner).toHaveTextContent("your payment of ¥15,048 was refunded in full");
    window.history.replaceState(null, "", "/");
  });

  it("switches a domain's auto-renew off", async () => {
    const user = userEvent.setup();
    let renew = true;
    serve({ domains: () => [{ ...OWNED, autoRenew: renew }] });
    fakeApi.put("/api/domain/domains/:domain/auto-renew", ZOwnedDomain, (request) => {
      renew = (request.body as { autoRenew: boolean }).autoRenew;
      return { ...OWNED, autoRenew: renew };
    });
    renderWithProviders(<DomainManagementPage />, { path: "/domain-management" });
    const toggle = await screen.findByTestId("owned-domain-auto-renew");
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(screen.getByTestId("owned-domain-auto-renew")).not.toBeChecked());
    expect(bodyOf(calls("PUT", "/api/domain/domains/sakura-ramen.jp/auto-renew").at(-1))).toEqual({
      autoRenew: false,
    });
  });
});

describe("DomainManagementPage my domains", () => {
  it("shows an empty state that says what to do next", async () => {
    serve();
    renderWithProviders(<DomainManagementPage />, { path: "/domain-management" });
    expect(await screen.findByTestId("owned-domains-empty")).toHaveTextContent("No domains yet");
    expect(await screen.findByTestId("connections-empty")).toHaveTextContent("No connected domains yet");
  });

  it("lists domains with status and expiry, and changes their name servers", async () => {
    const user = userEvent.setup();
    let saved: string[] = OWNED.nameServers;
    serve({ domains: () => [{ ...OWNED, nameServers: saved }] });
    fakeApi.put("/api/domain/domains/:domain/nameservers", ZOwnedDomain, ({ body }) => {
      const { nameServers } = body as { nameServers: string[] };
      if (nameServers.includes("bad..host")) {
        return apiError(400, "validation_error", "name server bad..host is not a valid host name", [
          {
            path: "nameServers.2",
            code: "custom",
            message: "name server bad..host is not a valid host name",
          },
        ]);
      }
      saved = nameServers;
      return { ...OWNED, nameServers };
    });
    renderWithProviders(<DomainManagementPage />, { path: "/domain-management" });
    const item = await screen.findByTestId("owned-domain");
    expect(item).toHaveTextContent("sakura-ramen.jp");
    expect(within(item).getByTestId("owned-domain-status")).toHaveTextContent("Active");
    expect(within(item).getByTestId("owned-domain-expires")).toHaveTextContent("24 June 2026");
    expect(within(item).getByTestId("owned-domain-name-servers")).toHaveTextContent("ns1.example.net");

    await user.click(within(item).getByTestId("owned-domain-edit-name-servers"));
    const dialog = await screen.findByTestId("name-servers-dialog");
    expect(within(dialog).getByTestId("name-server-1")).toHaveValue("ns1.example.net");

    await user.clear(within(dialog).getByTestId("name-server-2"));
    await user.click(within(dialog).getByTestId("name-servers-save"));
    expect(within(dialog).getByTestId("name-servers-error")).toHaveTextContent(
      "Enter at least two name servers.",
    );
    // The empty slot takes the focus.
    expect(within(dialog).getByTestId("name-server-2")).toHaveFocus();
    expect(calls("PUT", "/api/domain/domains/sakura-ramen.jp/nameservers")).toHaveLength(0);

    await user.type(within(dialog).getByTestId("name-server-2"), "bad..host");
    await user.click(within(dialog).getByTestId("name-servers-save"));
    await waitFor(() =>
      expect(within(dialog).getByTestId("name-servers-error")).toHaveTextContent(
        "name server bad..host is not a valid host name",
      ),
    );
    expect(within(dialog).getByTestId("name-server-2")).toHaveValue("bad..host");
    await waitFor(() => expect(within(dialog).getByTestId("name-server-1")).toHaveFocus());

    await user.clear(within(dialog).getByTestId("name-server-2"));
    await user.type(within(dialog).getByTestId("name-server-2"), "ns2.shobai-dns.jp");
    await user.click(within(dialog).getByTestId("name-servers-save"));
    await waitFor(() => expect(screen.queryByTestId("name-servers-dialog")).not.toBeInTheDocument());
    expect(bodyOf(calls("PUT", "/api/domain/domains/sakura-ramen.jp/nameservers").at(-1))).toEqual({
      nameServers: ["ns1.example.net", "ns2.shobai-dns.jp"],
    });
    expect(screen.getByTestId("toast")).toHaveTextContent("Name servers updated");
    await waitFor(() =>
      expect(screen.getByTestId("owned-domain-name-servers")).toHaveTextContent("ns2.shobai-dns.jp"),
    );
  });
});

describe("DomainManagementPage website connections", () => {
  it("connects a host name, shows its DNS record, checks DNS and removes it", async () => {
    const user = userEvent.setup();
    let connections: TCustomDomain[] = [];
    let checks = 0;
    serve({ domains: [OWNED], connections: () => connections });
    fakeApi.post(
      "/api/domain/connections",
      ZCustomDomain,
      ({ body }) => {
        const { hostname } = body as { hostname: string; websiteId: string };
        if (hostname === "taken.example.jp") {
          return apiError(409, "domain_in_use", "taken.example.jp is in use");
        }
        const created = { ...PENDING, hostname, unicodeHostname: hostname };
        connections = [created];
        return created;
      },
      { status: 201 },
    );
    fakeApi.post("/api/domain/connections/:id/verify", ZCustomDomain, () => {
      checks += 1;
      const checked: TCustomDomain =
        checks === 1
          ? {
              ...PENDING,
              lastCheckedAt: "2025-06-24T04:00:00.000Z",
              lastError: "www.sakura-ramen.jp has no CNAME record yet",
            }
          : { ...PENDING, status: "verified", verifiedAt: "2025-06-24T05:00:00.000Z" };
      connections = [checked];
      return checked;
    });
    fakeApi.delete("/api/domain/connections/:id", ZRemovedCustomDomain, () => {
      connections = [];
      return {
        hostname: "www.sakura-ramen.jp",
        unicodeHostname: "www.sakura-ramen.jp",
        recordsToRemove: PENDING.dnsRecords,
      };
    });
    renderWithProviders(<DomainManagementPage />, { path: "/domain-management" });
    await screen.findByTestId("connections-empty");

    await user.click(screen.getByTestId("connect-open"));
    const dialog = await screen.findByTestId("connect-domain-dialog");
    await user.click(within(dialog).getByTestId("connect-submit"));
    expect(within(dialog).getByTestId("connect-error")).toHaveTextContent(
      "Enter a domain name and choose a website.",
    );
    // The first field the refusal is about takes the focus.
    await waitFor(() => expect(within(dialog).getByTestId("connect-hostname")).toHaveFocus());

    await user.type(within(dialog).getByTestId("connect-hostname"), "taken.example.jp");
    await chooseOption(user, within(dialog).getByTestId("connect-website"), "Sakura Ramen");
    await user.click(within(dialog).getByTestId("connect-submit"));
    await waitFor(() =>
      expect(within(dialog).getByTestId("connect-error")).toHaveTextContent(
        "This domain is already connected to another website.",
      ),
    );
    expect(within(dialog).getByTestId("connect-hostname")).toHaveValue("taken.example.jp");
    await waitFor(() => expect(within(dialog).getByTestId("connect-hostname")).toHaveFocus());

    await user.clear(within(dialog).getByTestId("connect-hostname"));
    await user.type(within(dialog).getByTestId("connect-hostname"), "www.sakura-ramen.jp");
    await user.click(within(dialog).getByTestId("connect-submit"));
    await waitFor(() => expect(screen.queryByTestId("connect-domain-dialog")).not.toBeInTheDocument());
    expect(bodyOf(calls("POST", "/api/domain/connections").at(-1))).toEqual({
      hostname: "www.sakura-ramen.jp",
      websiteId: "w1",
    });

    const item = await screen.findByTestId("connection");
    expect(within(item).getByTestId("connection-status")).toHaveTextContent("Waiting for DNS");
    expect(item).toHaveTextContent("Add this record in your domain's DNS settings");
    expect(within(item).queryByTestId("connection-dns-managed")).not.toBeInTheDocument();
    const record = within(item).getAllByTestId("dns-record")[1]!;
    expect(record).toHaveTextContent("CNAME");
    expect(within(record).getByTestId("dns-record-purpose")).toHaveTextContent(
      "Points this name at your Shobai site",
    );
    expect(within(item).getAllByTestId("dns-record-purpose")[0]).toHaveTextContent(
      "Proves that this domain is yours",
    );
    expect(record).toHaveTextContent("www.sakura-ramen.jp");
    expect(within(record).getByTestId("dns-record-value")).toHaveTextContent("sites.shobai.test");
    await user.click(within(record).getAllByTestId("dns-copy")[1]!);
    expect(await navigator.clipboard.readText()).toBe("sites.shobai.test");

    await user.click(within(item).getByTestId("connection-verify"));
    await waitFor(() => expect(screen.getByTestId("toast")).toHaveTextContent("Not confirmed yet"));
    expect(await within(item).findByTestId("connection-last-error")).toHaveTextContent(
      "www.sakura-ramen.jp has no CNAME record yet",
    );

    await user.click(within(item).getByTestId("connection-verify"));
    await waitFor(() => expect(screen.getByTestId("toast")).toHaveTextContent("Connection confirmed"));
    await waitFor(() => expect(within(item).getByTestId("connection-status")).toHaveTextContent("Connected"));
    expect(within(item).queryByTestId("connection-verify")).not.toBeInTheDocument();

    await user.click(within(item).getByTestId("connection-remove"));
    const confirm = await screen.findByTestId("remove-connection-dialog");
    expect(confirm).toHaveTextContent("www.sakura-ramen.jp will stop showing “Sakura Ramen”");
    // It says which records to delete at the DNS provider, so nobody else can claim the name later.
    const toRemove = within(confirm).getByTestId("connection-remove-records");
    expect(toRemove).toHaveTextContent("also delete these records at your DNS provider");
    expect(
      within(toRemove)
        .getAllByTestId("dns-record")
        .map((r) => r.textContent),
    ).toEqual(PENDING.dnsRecords.map((r) => expect.stringContaining(r.value)));
    await user.click(within(confirm).getByTestId("remove-connection-confirm"));
    await waitFor(() => expect(screen.getByTestId("toast")).toHaveTextContent("Disconnected"));
    expect(calls("DELETE", "/api/domain/connections/c1")).toHaveLength(1);
    expect(await screen.findByTestId("connections-empty")).toBeInTheDocument();
  });

  it("says Shobai set the record when the domain was bought here with the registrar's name servers", async () => {
    const user = userEvent.setup();
    const managed: TCustomDomain = {
      ...PENDING,
      dnsManaged: true,
      proof: "registration",
      dnsRecords: PENDING.dnsRecords.filter((r) => r.type !== "TXT"),
    };
    let connections = [managed];
    serve({
      domains: [
        { ...OWNED, nameServers: ["ns-101-a.gandi.net", "ns-101-b.gandi.net", "ns-101-c.gandi.net"] },
      ],
      connections: () => connections,
    });
    fakeApi.post("/api/domain/connections/:id/verify", ZCustomDomain, () => {
      const verified: TCustomDomain = {
        ...managed,
        status: "verified",
        verifiedAt: "2025-06-24T05:00:00.000Z",
      };
      connections = [verified];
      return verified;
    });
    renderWithProviders(<DomainManagementPage />, { path: "/domain-management" });
    const item = await screen.findByTestId("connection");
    expect(within(item).getByTestId("connection-dns-managed")).toHaveTextContent(
      "Shobai sets this DNS record at the registrar for you",
    );
    expect(within(item).getByTestId("connection-dns-managed")).toHaveTextContent("press “Check DNS”");
    expect(item).not.toHaveTextContent("Add this record in your domain's DNS settings");
    // The record itself is still shown, for reference.
    expect(within(item).getByTestId("dns-record")).toHaveTextContent("www.sakura-ramen.jp");

    await user.click(within(item).getByTestId("connection-verify"));
    await waitFor(() => expect(within(item).getByTestId("connection-status")).toHaveTextContent("Connected"));
    expect(within(item).queryByTestId("connection-dns-managed")).not.toBeInTheDocument();
  });

  it("plan_required: says Business plan or higher and links to the plans", async () => {
    const user = userEvent.setup();
    serve();
    fakeApi.post("/api/domain/connections", ZCustomDomain, () =>
      apiError(403, "plan_required", "Custom domains need the Business plan"),
    );
    renderWithProviders(<DomainManagementPage />, { path: "/domain-management" });
    await screen.findByTestId("connections-empty");
    await user.click(screen.getByTestId("connect-open"));
    const dialog = await screen.findByTestId("connect-domain-dialog");
    await user.type(within(dialog).getByTestId("connect-hostname"), "www.sakura-ramen.jp");
    await chooseOption(user, within(dialog).getByTestId("connect-website"), "Midori Dental");
    await user.click(within(dialog).getByTestId("connect-submit"));
    const error = await within(dialog).findByTestId("connect-error");
    await waitFor(() => expect(error).toHaveTextContent("Business plan and above"));
    // Not about a field: the reason itself takes the focus.
    await waitFor(() => expect(error).toHaveFocus());
    expect(within(dialog).getByTestId("connect-upgrade")).toHaveAttribute("href", "/subscription");
  });
});

describe("DomainManagementPage signed out", () => {
  it("shows samples, makes no data calls and asks to log in on any action", async () => {
    const { hardNavigate } = await import("@/lib/navigation");
    const user = userEvent.setup();
    serve({ signedIn: false });
    renderWithProviders(<DomainManagementPage />, { path: "/domain-management" });

    expect(await screen.findByTestId("domains-demo-banner")).toBeInTheDocument();
    expect(screen.getAllByTestId("owned-domain")).toHaveLength(2);
    expect(screen.getAllByTestId("connection")).toHaveLength(2);

    await searchFor(user, "sakura.jp");
    expect(await screen.findByText("Login required")).toBeInTheDocument();
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith("/api/login"));

    expect(fakeApi.allCalls().map(({ url }) => url.pathname)).toEqual(["/api/auth/user"]);
  });
});
