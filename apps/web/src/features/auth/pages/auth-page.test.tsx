import { type TUser, ZUser } from "@shobai/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/lib/i18n";
import {
  forgetDemoDraft,
  readDemoDraft,
  readSignupDraft,
  saveDemoDraft,
  saveSignupDraft,
} from "@/lib/signup-draft";
import { resetToasts } from "@/lib/toast";
import { apiError, fakeApi } from "@/test/fake-api";
import { aUser, signInOptions, signOut } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import AuthPage from "./auth-page";

vi.mock("@/lib/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/navigation")>()),
  hardNavigate: vi.fn(),
}));

type Answer = () => TUser | Response;

/** The server: anonymous on /api/auth/user; login and register answer `answer`. */
function serve(answer: Answer, { google = true } = {}) {
  signOut();
  signInOptions(google);
  fakeApi.post("/api/auth/login", ZUser, answer);
  fakeApi.post("/api/auth/register", ZUser, answer, { status: 201 });
}

function mutatingCalls() {
  return fakeApi.allCalls().filter(({ method }) => method !== "GET");
}

beforeEach(async () => {
  await i18n.changeLanguage("en");
});
afterEach(() => {
  resetToasts();
});

describe("AuthPage", () => {
  it("starts in login mode with the Google button, email and password", async () => {
    serve(() => apiError(500, "internal_error", "boom"));
    renderWithProviders(<AuthPage />, { path: "/auth" });
    expect(await screen.findByTestId("auth-email")).toHaveAttribute("type", "email");
    expect(screen.getByTestId("auth-password")).toBeRequired();
    expect(await screen.findByTestId("google-signin")).toHaveAttribute("href", "/api/auth/google");
    expect(screen.queryByTestId("auth-first-name")).not.toBeInTheDocument();
    expect(screen.getByText(/No account with the hosting platform is needed/)).toBeInTheDocument();
  });

  it("refuses to register without a first name: said beside the field, which takes focus; no call", async () => {
    const user = userEvent.setup();
    serve(() => aUser());
    renderWithProviders(<AuthPage />, { path: "/auth" });

    await user.click(await screen.findByTestId("auth-mode-toggle"));
    expect(screen.getByTestId("auth-last-name")).toBeInTheDocument();
    expect(screen.getByText("At least 8 characters")).toBeInTheDocument();
    await user.type(screen.getByTestId("auth-first-name"), "   ");
    await user.type(screen.getByTestId("auth-email"), "hana@example.jp");
    await user.type(screen.getByTestId("auth-password"), "correct horse");
    await user.click(screen.getByTestId("auth-submit"));

    const firstName = screen.getByTestId("auth-first-name");
    expect(await screen.findByTestId("auth-first-name-error")).toHaveTextContent(
      "Please enter your first name",
    );
    expect(firstName).toHaveAttribute("aria-invalid", "true");
    expect(firstName).toHaveAttribute("aria-describedby", "auth-first-name-error");
    await waitFor(() => expect(firstName).toHaveFocus());
    expect(mutatingCalls()).toHaveLength(0);
  });

  it("says a bad email and a short password beside their fields, focusing the first", async () => {
    const user = userEvent.setup();
    serve(() => aUser());
    renderWithProviders(<AuthPage />, { path: "/auth?mode=register" });

    await user.type(await screen.findByTestId("auth-first-name"), "Hana");
    await user.type(screen.getByTestId("auth-email"), "hana@");
    await user.type(screen.getByTestId("auth-password"), "short");
    await user.click(screen.getByTestId("auth-submit"));

    const email = screen.getByTestId("auth-email");
    expect(await screen.findByTestId("auth-email-error")).toHaveTextContent("Enter a valid email address");
    expect(email).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(email).toHaveFocus());
    const password = screen.getByTestId("auth-password");
    expect(password).toHaveAttribute("aria-invalid", "true");
    expect(password.getAttribute("aria-describedby")).toContain("auth-password-error");
    expect(screen.getByTestId("auth-password-error")).toHaveTextContent("Use at least 8 characters");
    expect(mutatingCalls()).toHaveLength(0);
  });

  it("says a taken address beside the email field", async () => {
    const user = userEvent.setup();
    serve(() => apiError(409, "email_taken", "taken"));
    renderWithProviders(<AuthPage />, { path: "/auth?mode=register" });

    await user.type(await screen.findByTestId("auth-first-name"), "Hana");
    await user.type(screen.getByTestId("auth-email"), "hana@example.jp");
    await user.type(screen.getByTestId("auth-password"), "long enough");
    await user.click(screen.getByTestId("auth-submit"));

    expect(await screen.findByTestId("auth-email-error")).toHaveTextContent(
      "An account with this email already exists",
    );
    await waitFor(() => expect(screen.getByTestId("auth-email")).toHaveFocus());
  });

  it("keeps the mode in the address: ?mode=register opens sign-up, the switch changes it", async () => {
    const user = userEvent.setup();
    serve(() => aUser());
    const { location } = renderWithProviders(<AuthPage />, { path: "/auth?mode=register" });

    expect(await screen.findByTestId("auth-form")).toHaveAttribute("data-mode", "register");
    expect(screen.getByTestId("auth-mode-register")).toHaveAttribute("aria-current", "page");
    await user.click(screen.getByTestId("auth-mode-login"));
    expect(screen.getByTestId("auth-form")).toHaveAttribute("data-mode", "login");
    expect(location.history.at(-1)).toBe("/auth?mode=login");
    await user.click(screen.getByTestId("auth-mode-register"));
    expect(screen.getByTestId("auth-form")).toHaveAttribute("data-mode", "register");
    expect(location.history.at(-1)).toBe("/auth?mode=register");
  });

  it("hides the Google button when Google sign-in is not configured", async () => {
    serve(() => aUser(), { google: false });
    renderWithProviders(<AuthPage />, { path: "/auth" });
    expect(await screen.findByTestId("auth-email")).toBeInTheDocument();
    await waitFor(() => expect(fakeApi.calls("GET", "/api/auth/options")).toHaveLength(1));
    expect(screen.queryByTestId("google-signin")).not.toBeInTheDocument();
    expect(screen.queryByText("OR")).not.toBeInTheDocument();
  });

  it("after the landing demo: sign-up mode saying the description is kept, then the websites screen", async () => {
    const { hardNavigate } = await import("@/lib/navigation");
    const user = userEvent.setup();
    saveDemoDraft({ description: "京都の和菓子屋です。", market: "japan" });
    serve(() => aUser());
    renderWithProviders(<AuthPage />, { path: "/auth?mode=register&from=demo" });

    const kept = await screen.findByTestId("auth-demo-kept");
    // What the demo's button did is where the focus is.
    expect(kept).toHaveFocus();
    await user.type(screen.getByTestId("auth-first-name"), "Hana");
    await user.type(screen.getByTestId("auth-email"), "hana@example.jp");
    await user.type(screen.getByTestId("auth-password"), "long enough");
    await user.click(screen.getByTestId("auth-submit"));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith("/websites"));
    expect(readDemoDraft()?.description).toBe("京都の和菓子屋です。");
    forgetDemoDraft();
  });

  it("shows the server's message when login fails", async () => {
    const user = userEvent.setup();
    serve(() => apiError(429, "rate_limited", "Too many attempts. Try again in a minute."));
    renderWithProviders(<AuthPage />, { path: "/auth" });

    await user.type(await screen.findByTestId("auth-email"), "hana@example.jp");
    await user.type(screen.getByTestId("auth-password"), "wrong-password");
    await user.click(screen.getByTestId("auth-submit"));

    expect(await screen.findByText("Login Failed")).toBeInTheDocument();
    // Said by its code, in the interface language.
    expect(screen.getByText("Too many attempts. Please wait a moment and try again.")).toBeInTheDocument();
    const [call] = mutatingCalls();
    expect(call?.url.pathname).toBe("/api/auth/login");
    expect(call?.method).toBe("POST");
    expect(call?.body).toEqual({ email: "hana@example.jp", password: "wrong-password" });
  });

  it("falls back to 'Invalid email or password' when the server gives no message", async () => {
    const user = userEvent.setup();
    serve(() => new Response("", { status: 401, statusText: "Unauthorized" }));
    renderWithProviders(<AuthPage />, { path: "/auth" });

    await user.type(await screen.findByTestId("auth-email"), "hana@example.jp");
    await user.type(screen.getByTestId("auth-password"), "nope");
    await user.click(screen.getByTestId("auth-submit"));

    expect(await screen.findByText("Invalid email or password")).toBeInTheDocument();
  });

  it("registers with names and language, then toasts and redirects to /", async () => {
    const { hardNavigate } = await import("@/lib/navigation");
    const user = userEvent.setup();
    serve(() => aUser({ firstName: "Hana", email: "hana@example.jp", language: "en" }));
    renderWithProviders(<AuthPage />, { path: "/auth" });

    await user.click(await screen.findByTestId("auth-mode-toggle"));
    await user.type(screen.getByTestId("auth-first-name"), "Hana");
    await user.type(screen.getByTestId("auth-email"), "hana@example.jp");
    await user.type(screen.getByTestId("auth-password"), "long enough");
    await user.click(screen.getByTestId("auth-submit"));

    expect(await screen.findByText("Registration Successful")).toBeInTheDocument();
    expect(screen.getByText("Redirecting to dashboard...")).toBeInTheDocument();
    const [call] = mutatingCalls();
    expect(call?.url.pathname).toBe("/api/auth/register");
    expect(call?.body).toEqual({
      email: "hana@example.jp",
      password: "long enough",
      firstName: "Hana",
      lastName: "",
      language: "en",
    });
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith("/"));
  });

  it("after the signup dialog: register mode with its details, then the websites screen", async () => {
    const { hardNavigate } = await import("@/lib/navigation");
    const user = userEvent.setup();
    saveSignupDraft({
      firstName: "Anna",
      lastName: "Kowalska",
      email: "anna@example.pl",
      company: "",
      businessType: "",
    });
    serve(() => aUser({ id: "u2", firstName: "Anna", email: "anna@example.pl" }));
    renderWithProviders(<AuthPage />, { path: "/auth?signup=1" });

    expect(await screen.findByTestId("auth-first-name")).toHaveValue("Anna");
    expect(screen.getByTestId("auth-last-name")).toHaveValue("Kowalska");
    expect(screen.getByTestId("auth-email")).toHaveValue("anna@example.pl");
    await user.type(screen.getByTestId("auth-password"), "long enough");
    await user.click(screen.getByTestId("auth-submit"));
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith("/websites"));
    expect(readSignupDraft()).toBeNull();
  });

  it("shows Japanese text in Japanese and English text for the other languages", async () => {
    serve(() => apiError(500, "internal_error", "boom"));
    await i18n.changeLanguage("ja");
    const { unmount } = renderWithProviders(<AuthPage />, { path: "/auth" });
    expect(await screen.findByText("Googleで続ける")).toBeInTheDocument();
    expect(screen.getByText("Googleで続ける").closest("[lang]")).toBe(document.documentElement);
    unmount();

    await i18n.changeLanguage("pl");
    renderWithProviders(<AuthPage />, { path: "/auth" });
    expect(await screen.findByText("Continue with Google")).toBeInTheDocument();
    // The English fallback says it is English, under a page declared Polish.
    expect(screen.getByText("Continue with Google").closest("[lang]")).toHaveAttribute("lang", "en");
  });

  it("says clearly when Google sign-in is not set up on the server", async () => {
    serve(() => apiError(500, "internal_error", "boom"));
    renderWithProviders(<AuthPage />, { path: "/auth?error=google_not_configured" });
    expect(await screen.findByTestId("auth-google-error")).toHaveTextContent(
      "Google sign-in is not set up on this server",
    );
  });
});
