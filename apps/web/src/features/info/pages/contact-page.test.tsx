import {
  type TContactMessageSent,
  type TOperatorInfo,
  ZContactMessageSent,
  ZOperatorInfo,
} from "@shobai/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { i18n } from "@/lib/i18n";
import { resetToasts } from "@/lib/toast";
import { apiError, fakeApi } from "@/test/fake-api";
import { renderWithProviders } from "@/test/render";
import ContactPage from "./contact-page";

const NO_OPERATOR: TOperatorInfo = {
  name: null,
  representative: null,
  address: null,
  phone: null,
  email: null,
};

let answer: () => TContactMessageSent | Response;

function serveOperator(operator: TOperatorInfo) {
  fakeApi.get("/api/public/operator", ZOperatorInfo, () => operator);
}

beforeEach(async () => {
  answer = () => ({ ok: true });
  fakeApi.post("/api/contact-messages", ZContactMessageSent, () => answer(), { status: 201 });
  serveOperator(NO_OPERATOR);
  await i18n.changeLanguage("en");
});
afterEach(() => {
  resetToasts();
});

function posts() {
  return fakeApi.calls("POST", "/api/contact-messages");
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
    expect(posts()[0]?.body).toEqual({
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
    answer = () => apiError(500, "internal_error", "Something went wrong");
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
    answer = () => apiError(429, "rate_limited", "Too many attempts.");
    const user = userEvent.setup();
    renderWithProviders(<ContactPage />, { path: "/contact" });
    await fill(user);
    await user.click(screen.getByTestId("contact-submit"));
    expect(await screen.findByText("Send Error")).toBeInTheDocument();
    // (Radix also announces the toast in a live region, so the text is looked for in the toast.)
    expect(within(screen.getByTestId("toast")).getByText(/Please wait a few minutes/)).toBeInTheDocument();
  });

  it("shows the operator's support address when one is set", async () => {
    serveOperator({ ...NO_OPERATOR, email: "support@shop.example.jp" });
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
