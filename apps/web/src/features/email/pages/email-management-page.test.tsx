import {
  type TEmailServiceStatus,
  type TOutboxMessage,
  type TSender,
  type TSendingDomain,
  ZEmailResult,
  ZEmailServiceStatus,
  ZEmailSettings,
  ZOutboxMessage,
  ZSender,
  ZSendingDomain,
  ZVerificationStatus,
} from "@shobai/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/lib/i18n";
import { resetToasts } from "@/lib/toast";
import { apiError, fakeApi } from "@/test/fake-api";
import { aUser, signIn, signOut } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import EmailManagementPage from "./email-management-page";

vi.mock("@/lib/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/navigation")>()),
  hardNavigate: vi.fn(),
}));

const USER = aUser({ firstName: "Hanako", lastName: "Sato", language: "en" });

const OUTBOX_STATUS: TEmailServiceStatus = {
  providers: { outbox: true, smtp: false, resend: false, sendgrid: false },
  activeProvider: "outbox",
  recommendation: "Set SMTP_URL, RESEND_API_KEY or SENDGRID_API_KEY to deliver real email.",
};

const MESSAGES: TOutboxMessage[] = [
  {
    id: "m2",
    from: "Shobai <no-reply@shobai.local>",
    to: "info@sakura.example.jp",
    subject: "Verify your sender address",
    text: "Open this link to verify: http://localhost:5000/api/email/verify/abc123.\nThanks.",
    html: '<p>Open <a href="http://localhost:5000/api/email/verify/abc123">this link</a></p><script>parent.alert(1)</script>',
    headers: {},
    createdAt: "2025-01-15T02:00:00.000Z",
  },
  {
    id: "m1",
    from: "info@sakura.example.jp",
    to: "taro@example.jp",
    subject: "Hello",
    text: "Hi Taro",
    html: "",
    headers: {},
    createdAt: "2025-01-15T01:00:00.000Z",
  },
];

function serve({
  signedIn = true,
  status = OUTBOX_STATUS,
}: {
  signedIn?: boolean;
  status?: TEmailServiceStatus | null;
} = {}) {
  if (!signedIn) {
    signOut();
    return;
  }
  signIn(USER);
  fakeApi.get("/api/email/service-status", ZEmailServiceStatus, () =>
    status ? status : apiError(500, "internal_error", "boom"),
  );
  fakeApi.get("/api/email/settings", ZEmailSettings, () => ({
    senderName: "",
    senderEmail: "info@sakura.example.jp",
    replyTo: "",
  }));
  fakeApi.get("/api/email/outbox", ZOutboxMessage.array(), () => MESSAGES);
  fakeApi.get("/api/email/domains", ZSendingDomain.array(), () => domains);
  fakeApi.get("/api/email/senders", ZSender.array(), () => senders);
  fakeApi.delete("/api/email/senders/:id", undefined, ({ params }) => {
    senders = senders.filter((s) => s.id !== params.id);
    return undefined as never;
  });
}

let senders: TSender[] = [];

const PENDING: TSendingDomain = {
  id: "d1",
  domain: "sakura.example.jp",
  status: "pending",
  records: [
    {
      type: "TXT",
      name: "shobai1a2b3c._domainkey.sakura.example.jp",
      value: "v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA",
      purpose: "dkim",
    },
    { type: "TXT", name: "_dmarc.sakura.example.jp", value: "v=DMARC1; p=none", purpose: "dmarc" },
  ],
  problem: null,
  spf: null,
  spfInclude: "include:bounces.shobai.jp",
  checkedAt: null,
  verifiedAt: null,
};
let domains: TSendingDomain[] = [];

const calls = fakeApi.calls;

beforeEach(async () => {
  await i18n.changeLanguage("en");
  domains = [];
});
afterEach(() => {
  resetToasts();
});

describe("EmailManagementPage signed in", () => {
  it("says a refused sending domain beside its field, which keeps it and takes the focus back", async () => {
    serve();
    fakeApi.post("/api/email/domains", ZSendingDomain, () =>
      apiError(400, "free_mail_domain", "gmail.com is a mail service's domain"),
    );
    renderWithProviders(<EmailManagementPage />);
    const card = await screen.findByTestId("sending-domains");
    const field = within(card).getByLabelText("Domain");
    await userEvent.type(field, "gmail.com");
    await userEvent.click(within(card).getByRole("button", { name: "Add" }));
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    expect(field).toHaveAccessibleDescription(/gmail\.com/);
    expect(field).toHaveValue("gmail.com");
    expect(field).toHaveFocus();
  });

  it("says in plain words that mail goes via Shobai until a domain is authenticated, adds one and checks it", async () => {
    serve();
    fakeApi.post("/api/email/domains", ZSendingDomain, () => {
      domains = [PENDING];
      return PENDING;
    });
    fakeApi.post("/api/email/domains/:id/check", ZSendingDomain, () => {
      domains = [
        {
          ...PENDING,
          problem: "missing",
          spf: "no_include",
          records: [
            ...PENDING.records,
            {
              type: "TXT",
              name: "sakura.example.jp",
              value: "v=spf1 include:_spf.google.com include:bounces.shobai.jp ~all",
              purpose: "spf",
            },
          ],
        },
      ];
      return domains[0]!;
    });
    renderWithProviders(<EmailManagementPage />);
    const card = await screen.findByTestId("sending-domains");
    expect(card).toHaveTextContent("via Shobai");
    expect(card).toHaveTextContent("replies come to your address");
    await userEvent.type(within(card).getByLabelText("Domain"), "sakura.example.jp");
    await userEvent.click(within(card).getByRole("button", { name: "Add" }));
    await waitFor(() => expect(within(card).getByTestId("sending-domain")).toBeInTheDocument());
    // What the button did is said beside the form and takes the focus (the button is off again).
    const added = within(card).getByTestId("sending-domain-added");
    expect(added).toHaveTextContent("sakura.example.jp added. Add the records shown below to its DNS.");
    await waitFor(() => expect(added).toHaveFocus());
    expect(calls("POST", "/api/email/domains")[0]?.body).toEqual({ domain: "sakura.example.jp" });
    expect(card).toHaveTextContent("shobai1a2b3c._domainkey.sakura.example.jp");
    expect(card).toHaveTextContent("Required: email signature (DKIM)");
    expect(within(card).getByTestId("sending-domain-status")).toHaveTextContent("Waiting for DNS");
    await userEvent.click(within(card).getByRole("button", { name: "Check DNS" }));
    expect(await within(card).findByTestId("sending-domain-problem")).toHaveTextContent(
      "No TXT record at shobai1a2b3c._domainkey.sakura.example.jp yet",
    );
    // SPF: the domain's own record lacks the platform's include; the record to publish keeps its own.
    expect(within(card).getByTestId("sending-domain-spf")).toHaveTextContent(
      "SPF: the domain has an SPF record without include:bounces.shobai.jp",
    );
    expect(card).toHaveTextContent("Recommended: allowed senders (SPF)");
    expect(card).toHaveTextContent("v=spf1 include:_spf.google.com include:bounces.shobai.jp ~all");
  });

  it("says the sending status in plain words: test mode, mail kept in the outbox, no operator settings", async () => {
    serve();
    renderWithProviders(<EmailManagementPage />, { path: "/email-management" });
    const card = await screen.findByTestId("email-service-status");
    expect(await within(card).findByTestId("email-active-provider")).toHaveTextContent("Test mode");
    expect(within(card).getByTestId("email-outbox-notice")).toHaveTextContent(
      "Emails do not leave this machine",
    );
    expect(within(card).getByTestId("email-operator-note")).toHaveTextContent("nothing for you to set up");
    // Provider configuration is the operator's (README): none of its names reach the owner.
    expect(card).not.toHaveTextContent(/SMTP_URL|RESEND_API_KEY|SENDGRID_API_KEY|SendGrid|SMTP/);
    // One Email area: campaigns and this page, this one current.
    expect(screen.getByTestId("email-area-sending")).toHaveAttribute("aria-current", "page");
    expect(screen.getByTestId("email-area-campaigns")).toHaveAttribute("href", "/email");
  });

  it("shows 'Failed to get service status' when the status cannot be read", async () => {
    serve({ status: null });
    renderWithProviders(<EmailManagementPage />, { path: "/email-management" });
    expect(await screen.findByTestId("email-service-status-error")).toHaveTextContent(
      "Failed to get service status",
    );
    expect(screen.queryByTestId("outbox")).not.toBeInTheDocument();
  });

  it("lists the outbox and reads a message: linked text, safe HTML, links in a new tab", async () => {
    const user = userEvent.setup();
    serve();
    renderWithProviders(<EmailManagementPage />, { path: "/email-management" });
    const items = await screen.findAllByTestId("outbox-item");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("Verify your sender address");
    expect(items[0]).toHaveTextContent("info@sakura.example.jp");
    expect(items[0]).toHaveTextContent("15/01/2025, 11:00:00");
    expect(screen.queryByTestId("outbox-message")).not.toBeInTheDocument();

    await user.click(items[0]!);
    const message = screen.getByTestId("outbox-message");
    const verifyUrl = "http://localhost:5000/api/email/verify/abc123";
    const listed = within(within(message).getByTestId("outbox-links")).getByRole("link");
    expect(listed).toHaveAttribute("href", verifyUrl);
    expect(listed).toHaveAttribute("target", "_blank");
    expect(listed).toHaveAttribute("rel", "noopener noreferrer");
    const frame = within(message).getByTestId("outbox-message-html");
    expect(frame).toHaveAttribute("sandbox", "");
    expect(frame.getAttribute("srcdoc")).toContain("this link");
    expect(frame.getAttribute("srcdoc")).toContain("Content-Security-Policy");

    // The text part, with its URL (not the full stop after it) as a link opening in a new tab.
    await user.click(within(message).getByRole("tab", { name: "Text" }));
    const text = within(message).getByTestId("outbox-message-text");
    expect(within(text).getByRole("link")).toHaveAttribute("href", verifyUrl);
    expect(within(text).getByRole("link")).toHaveAttribute("target", "_blank");
    expect(text).toHaveTextContent(
      "Open this link to verify: http://localhost:5000/api/email/verify/abc123. Thanks.",
    );
  });

  it("refuses to send without recipient, subject and content: 'Validation Error'", async () => {
    const user = userEvent.setup();
    serve();
    renderWithProviders(<EmailManagementPage />, { path: "/email-management" });
    await screen.findByTestId("email-active-provider");
    await waitFor(() => expect(screen.getByTestId("email-send-from")).toHaveValue("info@sakura.example.jp"));

    await user.type(screen.getByTestId("email-send-to"), "taro@example.jp");
    await user.click(screen.getByTestId("email-send-submit"));
    const toast = await screen.findByTestId("toast");
    expect(toast).toHaveTextContent("Validation Error");
    expect(toast).toHaveTextContent("Please fill in recipient, subject, and content");
    expect(calls("POST", "/api/email/send")).toHaveLength(0);
    // Each empty field says so beside it; the first of them has the focus.
    expect(screen.queryByTestId("email-send-to-error")).toBeNull();
    expect(screen.getByTestId("email-send-subject-error")).toHaveTextContent("Required");
    expect(screen.getByTestId("email-send-content-error")).toHaveTextContent("Required");
    expect(screen.getByTestId("email-send-content")).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(screen.getByTestId("email-send-subject")).toHaveFocus());
    await user.type(screen.getByTestId("email-send-subject"), "Hello");
    expect(screen.queryByTestId("email-send-subject-error")).toBeNull();
  });

  it("sends, and shows the server's message when sending fails", async () => {
    const user = userEvent.setup();
    let attempts = 0;
    serve();
    fakeApi.post("/api/email/send", ZEmailResult, () => {
      attempts += 1;
      if (attempts === 1) {
        return apiError(403, "sender_unverified", "info@sakura.example.jp is not a verified sender");
      }
      return { success: true, message: "Email sent" };
    });
    renderWithProviders(<EmailManagementPage />, { path: "/email-management" });
    await waitFor(() => expect(screen.getByTestId("email-send-from")).toHaveValue("info@sakura.example.jp"));

    await user.type(screen.getByTestId("email-send-to"), "taro@example.jp");
    await user.type(screen.getByTestId("email-send-subject"), "Hello");
    await user.type(screen.getByTestId("email-send-content"), "Hi Taro");
    await user.click(screen.getByTestId("email-send-submit"));

    const toast = await screen.findByTestId("toast");
    expect(toast).toHaveTextContent("Send Error");
    expect(toast).toHaveTextContent("Failed to send email");
    expect(toast).toHaveTextContent("info@sakura.example.jp is not a verified sender");
    expect(screen.getByTestId("email-send-subject")).toHaveValue("Hello");
    // The sender is what is wrong: the From field says so and has the focus.
    expect(screen.getByTestId("email-send-from")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByTestId("email-send-from-error")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("email-send-from")).toHaveFocus());

    await user.click(screen.getByTestId("email-send-submit"));
    expect(await screen.findByText("Your email was sent successfully.")).toBeInTheDocument();
    const done = await screen.findByTestId("email-send-done");
    expect(done).toHaveTextContent("taro@example.jp");
    await waitFor(() => expect(done).toHaveFocus());
    expect(calls("POST", "/api/email/send").at(-1)?.body).toEqual({
      to: "taro@example.jp",
      subject: "Hello",
      content: "Hi Taro",
      fromEmail: "info@sakura.example.jp",
    });
    // The outbox is read again: the message is there now.
    await waitFor(() => expect(calls("GET", "/api/email/outbox").length).toBeGreaterThan(1));
  });

  it("sends a verification email, and shows the server's message when it fails", async () => {
    const user = userEvent.setup();
    let attempts = 0;
    serve();
    fakeApi.post("/api/email/verify-sender", ZEmailResult, () => {
      attempts += 1;
      return attempts === 1
        ? apiError(503, "not_configured", "The email provider is not configured")
        : { success: true, message: "Verification email sent" };
    });
    renderWithProviders(<EmailManagementPage />, { path: "/email-management" });
    await screen.findByTestId("email-active-provider");
    await user.click(screen.getByTestId("email-tab-verify"));
    await waitFor(() =>
      expect(screen.getByTestId("verify-sender-email")).toHaveValue("info@sakura.example.jp"),
    );

    await user.clear(screen.getByTestId("verify-sender-email"));
    await user.click(screen.getByTestId("verify-sender-submit"));
    expect(await screen.findByTestId("toast")).toHaveTextContent("Validation Error");
    expect(calls("POST", "/api/email/verify-sender")).toHaveLength(0);
    // The field says why beside it, and has the focus back.
    const field = screen.getByTestId("verify-sender-email");
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveAccessibleDescription(screen.getByTestId("verify-sender-error").textContent ?? "");
    expect(field).toHaveFocus();

    await user.type(screen.getByTestId("verify-sender-email"), "shop@example.jp");
    expect(field).not.toHaveAttribute("aria-invalid");
    await user.click(screen.getByTestId("verify-sender-submit"));
    await waitFor(() => expect(screen.getByTestId("toast")).toHaveTextContent("Verification Error"));
    expect(screen.getByTestId("toast")).toHaveTextContent("Failed to send verification email");
    expect(screen.getByTestId("toast")).toHaveTextContent("The email provider is not configured");
    expect(screen.getByTestId("verify-sender-error")).toHaveTextContent(
      "The email provider is not configured",
    );
    await waitFor(() => expect(field).toHaveFocus());

    await user.click(screen.getByTestId("verify-sender-submit"));
    expect(
      await screen.findByText("Verification email has been sent. Check your mailbox."),
    ).toBeInTheDocument();
    // The confirmation on the page names the address and takes the focus.
    const done = await screen.findByTestId("verify-sender-done");
    expect(done).toHaveTextContent("shop@example.jp");
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.queryByTestId("verify-sender-error")).toBeNull();
    expect(calls("POST", "/api/email/verify-sender").at(-1)?.body).toEqual({
      email: "shop@example.jp",
    });
  });

  it("checks a sender's status", async () => {
    const user = userEvent.setup();
    serve();
    fakeApi.get("/api/email/verification-status/:email", ZVerificationStatus, () => ({
      email: "shop@example.jp",
      status: "verified",
      verified: true,
    }));
    renderWithProviders(<EmailManagementPage />, { path: "/email-management" });
    await screen.findByTestId("email-active-provider");
    await user.click(screen.getByTestId("email-tab-status"));
    // Empty: the field says so beside it and keeps the focus.
    await user.click(screen.getByTestId("check-status-submit"));
    const field = screen.getByTestId("check-status-email");
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByTestId("check-status-error")).toBeInTheDocument();
    expect(field).toHaveFocus();
    await user.type(screen.getByTestId("check-status-email"), "Shop@Example.jp");
    await user.click(screen.getByTestId("check-status-submit"));

    const result = await screen.findByTestId("check-status-result");
    await waitFor(() => expect(result).toHaveTextContent("Verified"));
    // The answer takes the focus, so it is read out.
    await waitFor(() => expect(result.parentElement).toHaveFocus());
    expect(within(result).getByTestId("check-status-verified")).toHaveTextContent("Yes");
    expect(calls("GET", "/api/email/verification-status/shop%40example.jp")).toHaveLength(1);
  });
});

describe("EmailManagementPage signed out", () => {
  it("shows a sample status, makes no data calls and asks to log in on any action", async () => {
    const { hardNavigate } = await import("@/lib/navigation");
    const user = userEvent.setup();
    serve({ signedIn: false });
    renderWithProviders(<EmailManagementPage />, { path: "/email-management" });

    expect(await screen.findByTestId("email-management-demo-banner")).toBeInTheDocument();
    expect(screen.getByTestId("email-active-provider")).toHaveTextContent("Delivering");
    expect(screen.queryByTestId("outbox")).not.toBeInTheDocument();

    await user.type(screen.getByTestId("email-send-to"), "taro@example.jp");
    await user.click(screen.getByTestId("email-send-submit"));
    expect(await screen.findByText("Login required")).toBeInTheDocument();
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith("/api/login"));

    expect(fakeApi.allCalls().map(({ url }) => url.pathname)).toEqual(["/api/auth/user"]);
  });

  it("lists the sender addresses with their status, says when one was just verified, and removes one", async () => {
    const user = userEvent.setup();
    senders = [
      {
        id: "s1",
        email: "news@sakura.example.jp",
        status: "verified",
        verifiedAt: "2026-11-01T00:00:00.000Z",
        createdAt: "2026-11-01T00:00:00.000Z",
      },
      {
        id: "s2",
        email: "old@sakura.example.jp",
        status: "unverified",
        verifiedAt: null,
        createdAt: "2026-10-01T00:00:00.000Z",
      },
    ];
    serve();
    renderWithProviders(<EmailManagementPage />, {
      path: "/email-management?verified=news%40sakura.example.jp",
    });
    expect(await screen.findByTestId("sender-verified-banner")).toHaveTextContent(
      "news@sakura.example.jp is verified",
    );
    const rows = await screen.findAllByTestId("sender-row");
    expect(rows.map((r) => r.getAttribute("data-sender-email"))).toEqual([
      "news@sakura.example.jp",
      "old@sakura.example.jp",
    ]);
    expect(within(rows[0]!).getByText("Verified")).toBeInTheDocument();
    await user.click(within(rows[1]!).getByTestId("sender-remove"));
    expect(await screen.findByText("old@sakura.example.jp removed")).toBeInTheDocument();
    expect(fakeApi.calls("DELETE", "/api/email/senders/s2")).toHaveLength(1);
    await waitFor(() => expect(screen.getAllByTestId("sender-row")).toHaveLength(1));
  });
});
