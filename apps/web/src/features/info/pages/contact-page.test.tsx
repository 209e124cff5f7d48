import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/lib/i18n";
import { resetToasts } from "@/lib/toast";
import { jsonResponse, renderWithProviders } from "@/test/render";
import ContactPage from "./contact-page";

const fetchMock = vi.fn<typeof fetch>();
let answer: () => Response;

beforeEach(async () => {
  fetchMock.mockReset();
  answer = () => jsonResponse({ ok: true }, 201);
  fetchMock.mockImplementation(async (input, init = {}) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/api/contact-messages" && init.method === "POST") return answer();
    if (url.pathname === "/api/public/operator") return jsonResponse({ email: null });
    return jsonResponse({ message: "Not found" }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  await i18n.changeLanguage("en");
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

function posts() {
  return fetchMock.mock.calls.filter(
    ([input, init]) => String(input) === "/api/contact-messages" && init?.method === "POST",
  );
}

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByTestId("contact-name"), "Hanako Sato");
  await user.type(screen.getByTestId("contact-email"), "hanako@example.jp");
  await user.type(screen.getByTestId("contact-company"), "Sato Flowers");
  await user.type(screen.getByTestId("contact-message"), "Can I import my old site?");
}

describe("ContactPage", () => {
  it("shows the heading, the form and the other contact methods", () => {
    renderWithProviders(<ContactPage />, { path: "/contact" });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Contact us");
    for (const method of ["email", "chat", "help", "faq"]) {
      expect(screen.getByTestId(`contact-method-${method}`)).toBeInTheDocument();
    }
    expect(within(screen.getByTestId("contact-method-help")).getByRole("link")).toHaveAttribute(
      "href",
      "/help",
    );
    expect(within(screen.getByTestId("contact-method-faq")).getByRole("link")).toHaveAttribute(
      "href",
      "/faq",
    );
  });

  it("checks the fields with the shared rules and sends nothing when they are wrong", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContactPage />, { path: "/contact" });
    await user.click(screen.getByTestId("contact-submit"));
    expect(await screen.findByText("Please enter your name.")).toBeInTheDocument();
    expect(screen.getByText("Please enter your email address.")).toBeInTheDocument();
    expect(screen.getByText("Please write your message.")).toBeInTheDocument();
    expect(screen.getByTestId("contact-name")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByTestId("contact-name")).toHaveFocus();

    await user.type(screen.getByTestId("contact-email"), "not-an-email");
    await user.click(screen.getByTestId("contact-submit"));
    expect(await screen.findByText(/Please enter a valid email address/)).toBeInTheDocument();
    expect(screen.queryByText("Please enter your company.")).not.toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it("on success shows the spec's toast, sends the language and clears the form", async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContactPage />, { path: "/contact" });
    await fill(user);
    await user.click(screen.getByTestId("contact-submit"));
    expect(await screen.findByText("Thank you for contacting us")).toBeInTheDocument();
    // Once in the toast, once as the form's promise.
    expect(screen.getAllByText("We will respond within 24 hours.")).toHaveLength(2);
    expect(posts()).toHaveLength(1);
    expect(JSON.parse(String(posts()[0]?.[1]?.body))).toEqual({
      name: "Hanako Sato",
      email: "hanako@example.jp",
      company: "Sato Flowers",
      message: "Can I import my old site?",
      language: "en",
    });
    await waitFor(() => expect(screen.getByTestId("contact-name")).toHaveValue(""));
    expect(screen.getByTestId("contact-message")).toHaveValue("");
  });

  it("on failure shows 'Send Error' / 'Please try again.' and keeps the input", async () => {
    answer = () => jsonResponse({ message: "Something went wrong", code: "internal_error" }, 500);
    const user = userEvent.setup();
    renderWithProviders(<ContactPage />, { path: "/contact" });
    await fill(user);
    await user.click(screen.getByTestId("contact-submit"));
    expect(await screen.findByText("Send Error")).toBeInTheDocument();
    expect(screen.getByText("Please try again.")).toBeInTheDocument();
    expect(screen.getByTestId("contact-name")).toHaveValue("Hanako Sato");
    expect(screen.getByTestId("contact-message")).toHaveValue("Can I import my old site?");
    expect(screen.getByTestId("contact-submit")).toBeEnabled();
  });

  it("explains a rate limit under the same toast", async () => {
    answer = () => jsonResponse({ message: "Too many attempts.", code: "rate_limited" }, 429);
    const user = userEvent.setup();
    renderWithProviders(<ContactPage />, { path: "/contact" });
    await fill(user);
    await user.click(screen.getByTestId("contact-submit"));
    expect(await screen.findByText("Send Error")).toBeInTheDocument();
    expect(screen.getByText(/Please wait a few minutes/)).toBeInTheDocument();
  });

  it("shows the operator's support address when one is set", async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === "/api/public/operator"
        ? jsonResponse({ email: "support@shop.example.jp" })
        : jsonResponse({ message: "Not found" }, 404),
    );
    renderWithProviders(<ContactPage />, { path: "/contact" });
    const link = await screen.findByRole("link", { name: "support@shop.example.jp" }, { timeout: 5000 });
    expect(link).toHaveAttribute("href", "mailto:support@shop.example.jp");
  });

  it("speaks Japanese by default wording", async () => {
    await i18n.changeLanguage("ja");
    renderWithProviders(<ContactPage />, { path: "/contact" });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("お問い合わせ");
    expect(screen.getByTestId("contact-submit")).toHaveTextContent("送信する");
  });
});
