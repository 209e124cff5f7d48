import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import { i18n } from "@/lib/i18n";
import { readSignupDraft, splitName } from "@/lib/signup-draft";
import { signInOptions } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { SignupDialog } from "./signup-dialog";

function Harness() {
  const [open, setOpen] = useState(true);
  return <SignupDialog open={open} onOpenChange={setOpen} />;
}

beforeEach(async () => {
  sessionStorage.clear();
  signInOptions(true);
  await act(() => i18n.changeLanguage("ja"));
});

describe("signup dialog", () => {
  it("splits names in each language's order", () => {
    expect(splitName("佐藤 花子", "ja")).toEqual({ firstName: "花子", lastName: "佐藤" });
    expect(splitName("Anna Maria Kowalska", "pl")).toEqual({ firstName: "Anna", lastName: "Maria Kowalska" });
    expect(splitName("佐藤花子", "ja")).toEqual({ firstName: "佐藤花子", lastName: "" });
  });

  it("asks for a name and a valid email, then keeps the details and says what comes next", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />, { path: "/pricing" });
    expect(await screen.findByTestId("google-signin")).toHaveAttribute("href", "/api/auth/google");
    await user.click(screen.getByTestId("signup-submit"));
    expect(screen.getByText("お名前を入力してください。")).toBeInTheDocument();
    expect(screen.getByText("有効なメールアドレスを入力してください。")).toBeInTheDocument();
    expect(readSignupDraft()).toBeNull();

    await user.type(screen.getByTestId("signup-name"), "佐藤 花子");
    await user.type(screen.getByTestId("signup-email"), "hanako@example.jp");
    await user.type(screen.getByTestId("signup-company"), "さとう生花店");
    await user.click(screen.getByTestId("signup-submit"));
    expect(await screen.findByTestId("signup-done")).toHaveTextContent("パスワード");
    expect(readSignupDraft()).toEqual({
      firstName: "花子",
      lastName: "佐藤",
      email: "hanako@example.jp",
      company: "さとう生花店",
      businessType: "",
    });
  });
});
