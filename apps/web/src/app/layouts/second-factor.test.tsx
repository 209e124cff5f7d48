import { ZOk, ZUser } from "@shobai/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import FreshCodeDialog from "@/components/two-factor/fresh-code-dialog";
import { apiJson } from "@/lib/api-request";
import { i18n } from "@/lib/i18n";
import { withFreshSecondFactor } from "@/lib/second-factor-prompt";
import { apiError, fakeApi } from "@/test/fake-api";
import { aUser, signIn } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { AppLayout } from "./app-layout";

beforeEach(async () => {
  await i18n.changeLanguage("ja");
});

describe("a session waiting for its second factor", () => {
  it("sees only the code screen; a wrong code is said in the interface language, a right one is sent", async () => {
    const user = userEvent.setup();
    signIn(aUser({ secondFactor: { enabled: true, passkey: false, state: "pending" } }));
    let attempts = 0;
    fakeApi.post("/api/auth/second-factor/verify", ZUser, () => {
      attempts += 1;
      return attempts === 1
        ? apiError(400, "invalid_second_factor_code", "This code is not valid.")
        : aUser({ secondFactor: { enabled: true, passkey: false, state: "pending" } });
    });
    renderWithProviders(
      <AppLayout>
        <p data-testid="app-page">page</p>
      </AppLayout>,
    );
    expect(await screen.findByTestId("second-factor-screen")).toBeInTheDocument();
    expect(screen.queryByTestId("app-page")).toBeNull();
    expect(screen.queryByTestId("user-menu")).toBeNull();

    await user.type(screen.getByTestId("second-factor-code"), "123456");
    await user.click(screen.getByTestId("second-factor-code-submit"));
    expect(
      await screen.findByText("このコードは無効です。確認してもう一度お試しください。"),
    ).toBeInTheDocument();
    expect(screen.getByTestId("second-factor-code")).toHaveValue("123456");

    await user.clear(screen.getByTestId("second-factor-code"));
    await user.type(screen.getByTestId("second-factor-code"), " ABCDE-12345 ");
    await user.click(screen.getByTestId("second-factor-code-submit"));
    await waitFor(() => expect(fakeApi.calls("POST", "/api/auth/second-factor/verify")).toHaveLength(2));
    expect(fakeApi.calls("POST", "/api/auth/second-factor/verify")[1]?.body).toEqual({ code: "ABCDE-12345" });
  });

  it("shows the enrolment to a user who must enrol", async () => {
    signIn(aUser({ secondFactor: { enabled: false, passkey: false, state: "enrolment_required" } }));
    renderWithProviders(
      <AppLayout>
        <p data-testid="app-page">page</p>
      </AppLayout>,
    );
    expect(await screen.findByTestId("second-factor-enrol-screen")).toBeInTheDocument();
    expect(screen.getByTestId("two-factor-start")).toBeInTheDocument();
    expect(screen.queryByTestId("app-page")).toBeNull();
  });
});

/** A sensitive action as the screens make it: wrapped in withFreshSecondFactor. */
function DeleteButton() {
  const [done, setDone] = useState("");
  return (
    <button
      type="button"
      onClick={() =>
        void withFreshSecondFactor(() => apiJson("DELETE", "/api/profile", { password: "x" }, ZOk))
          .then(() => setDone("deleted"))
          .catch(() => setDone("refused"))
      }
    >
      {done || "delete"}
    </button>
  );
}

describe("a sensitive action after more than 15 minutes", () => {
  it("asks for a code, then sends the action again", async () => {
    const user = userEvent.setup();
    signIn(aUser({ secondFactor: { enabled: true, passkey: false, state: "ok" } }));
    let deletes = 0;
    fakeApi.delete("/api/profile", ZOk, () => {
      deletes += 1;
      return deletes === 1
        ? apiError(403, "second_factor_stale", "Enter a code again.")
        : { ok: true as const };
    });
    fakeApi.post("/api/auth/second-factor/verify", ZUser, () =>
      aUser({ secondFactor: { enabled: true, passkey: false, state: "ok" } }),
    );
    renderWithProviders(
      <>
        <DeleteButton />
        <FreshCodeDialog />
      </>,
    );
    await user.click(await screen.findByRole("button", { name: "delete" }));
    expect(await screen.findByTestId("fresh-code-dialog")).toBeInTheDocument();
    await user.type(screen.getByTestId("fresh-code"), "654321");
    await user.click(screen.getByTestId("fresh-code-submit"));
    expect(await screen.findByRole("button", { name: "deleted" })).toBeInTheDocument();
    expect(deletes).toBe(2);
    expect(screen.queryByTestId("fresh-code-dialog")).toBeNull();
  });

  it("leaves the action refused when the dialog is dismissed", async () => {
    const user = userEvent.setup();
    signIn(aUser({ secondFactor: { enabled: true, passkey: false, state: "ok" } }));
    fakeApi.delete("/api/profile", ZOk, () => apiError(403, "second_factor_stale", "Enter a code again."));
    renderWithProviders(
      <>
        <DeleteButton />
        <FreshCodeDialog />
      </>,
    );
    await user.click(await screen.findByRole("button", { name: "delete" }));
    expect(await screen.findByTestId("fresh-code-dialog")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(await screen.findByRole("button", { name: "refused" })).toBeInTheDocument();
    expect(fakeApi.calls("DELETE", "/api/profile")).toHaveLength(1);
  });
});
