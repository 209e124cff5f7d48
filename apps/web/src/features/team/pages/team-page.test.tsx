import { type TTeam, ZAuditLog, ZOk, ZTeam, ZTeamInvitation } from "@shobai/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/lib/i18n";
import { resetToasts } from "@/lib/toast";
import { apiError, fakeApi } from "@/test/fake-api";
import { aUser, signIn, signOut } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import TeamPage from "./team-page";

vi.mock("@/lib/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/navigation")>()),
  hardNavigate: vi.fn(),
}));

const user = aUser({ id: "u-owner", email: "hana@example.jp" });

function aTeam(role: TTeam["role"]): TTeam {
  return {
    workspace: { id: "u-owner", name: "花子の店", plan: "business", memberLimit: 3, personal: false },
    role,
    members: [
      {
        userId: "u-owner",
        name: "佐藤 花子",
        email: "hana@example.jp",
        role: "owner",
        joinedAt: "2026-01-01T00:00:00.000Z",
        lastActiveAt: "2026-11-01T00:00:00.000Z",
        you: role === "owner",
      },
      {
        userId: "u-ken",
        name: "田中 健",
        email: "ken@example.jp",
        role: "editor",
        joinedAt: "2026-02-01T00:00:00.000Z",
        lastActiveAt: null,
        you: role !== "owner",
      },
    ],
    invitations: [],
  };
}

beforeEach(async () => {
  await i18n.changeLanguage("ja");
  resetToasts();
});
afterEach(() => {
  resetToasts();
});

describe("TeamPage", () => {
  it("lets an owner invite a member with a role and says so", async () => {
    signIn(user);
    fakeApi.get("/api/team", ZTeam, () => aTeam("owner"));
    fakeApi.get("/api/team/audit", ZAuditLog, () => ({ entries: [] }));
    fakeApi.post(
      "/api/team/invitations",
      ZTeamInvitation,
      ({ body }) => ({
        id: "i1",
        email: (body as { email: string }).email,
        role: "viewer" as const,
        invitedBy: "佐藤 花子",
        createdAt: "2026-11-01T00:00:00.000Z",
        expiresAt: "2026-11-08T00:00:00.000Z",
        expired: false,
      }),
      { status: 201 },
    );
    renderWithProviders(<TeamPage />, { path: "/team" });
    expect(await screen.findByTestId("team-members")).toHaveTextContent("田中 健");
    await userEvent.type(screen.getByTestId("team-invite-email"), "new@example.jp");
    await userEvent.selectOptions(screen.getByTestId("team-invite-role"), "viewer");
    await userEvent.click(screen.getByTestId("team-invite-submit"));
    await waitFor(() => expect(fakeApi.calls("POST", "/api/team/invitations")).toHaveLength(1));
    expect(fakeApi.calls("POST", "/api/team/invitations")[0]?.body).toEqual({
      email: "new@example.jp",
      role: "viewer",
    });
    expect(await screen.findByText("招待を送りました")).toBeInTheDocument();
    // Said on the page too, where the focus goes.
    const done = await screen.findByTestId("team-invite-done");
    expect(done).toHaveTextContent("new@example.jp");
    await waitFor(() => expect(done).toHaveFocus());
  });

  it("shows the audit log with role names in the interface language", async () => {
    signIn(user);
    fakeApi.get("/api/team", ZTeam, () => aTeam("owner"));
    fakeApi.get("/api/team/audit", ZAuditLog, () => ({
      entries: [
        {
          id: "a1",
          actor: "佐藤 花子",
          action: "member.invited",
          target: "admin@shop.example.jp (editor)",
          ip: "127.0.0.1",
          createdAt: "2026-11-01T00:00:00.000Z",
        },
        {
          id: "a2",
          actor: "佐藤 花子",
          action: "member.role_changed",
          target: "ken@example.jp: editor → admin",
          ip: null,
          createdAt: "2026-11-02T00:00:00.000Z",
        },
      ],
    }));
    renderWithProviders(<TeamPage />, { path: "/team" });
    const audit = await screen.findByTestId("team-audit");
    await waitFor(() => expect(audit).toHaveTextContent("admin@shop.example.jp (編集者)"));
    expect(audit).toHaveTextContent("ken@example.jp: 編集者 → 管理者");
  });

  it("shows an editor the team without the controls its role may not use", async () => {
    signIn(user, "editor");
    fakeApi.get("/api/team", ZTeam, () => aTeam("editor"));
    renderWithProviders(<TeamPage />, { path: "/team" });
    const members = await screen.findByTestId("team-members");
    expect(within(members).getByText("田中 健")).toBeInTheDocument();
    expect(screen.queryByTestId("team-invite-email")).not.toBeInTheDocument();
    expect(screen.queryByTestId("team-role-ken@example.jp")).not.toBeInTheDocument();
    expect(screen.queryByText("操作履歴")).not.toBeInTheDocument();
    expect(screen.getByTestId("team-leave")).toBeEnabled();
  });

  it("keeps the only owner from leaving, and removes a member after confirming", async () => {
    signIn(user);
    fakeApi.get("/api/team", ZTeam, () => aTeam("owner"));
    fakeApi.get("/api/team/audit", ZAuditLog, () => ({ entries: [] }));
    fakeApi.delete("/api/team/members/:userId", ZOk, () => ({ ok: true as const }));
    renderWithProviders(<TeamPage />, { path: "/team" });
    expect(await screen.findByTestId("team-leave")).toBeDisabled();
    await userEvent.click(screen.getByTestId("team-remove-ken@example.jp"));
    await userEvent.click(await screen.findByTestId("team-remove-confirm"));
    await waitFor(() => expect(fakeApi.calls("DELETE", "/api/team/members/u-ken")).toHaveLength(1));
  });

  it("says when the plan's member limit is reached", async () => {
    signIn(user);
    fakeApi.get("/api/team", ZTeam, () => ({
      ...aTeam("owner"),
      workspace: { ...aTeam("owner").workspace, memberLimit: 2 },
    }));
    fakeApi.get("/api/team/audit", ZAuditLog, () => ({ entries: [] }));
    renderWithProviders(<TeamPage />, { path: "/team" });
    expect(await screen.findByTestId("team-limit")).toBeInTheDocument();
    expect(screen.getByTestId("team-invite-submit")).toBeDisabled();
  });

  it("shows visitors a sample team and makes no calls", async () => {
    signOut();
    renderWithProviders(<TeamPage />, { path: "/team" });
    expect(await screen.findByTestId("team-demo-banner")).toBeInTheDocument();
    expect(screen.getByTestId("team-members")).toHaveTextContent("田中 健");
    expect(fakeApi.calls("GET", "/api/team")).toHaveLength(0);
  });

  it("tells the owner when the invitation fails", async () => {
    signIn(user);
    fakeApi.get("/api/team", ZTeam, () => aTeam("owner"));
    fakeApi.get("/api/team/audit", ZAuditLog, () => ({ entries: [] }));
    fakeApi.post("/api/team/invitations", ZTeamInvitation, () =>
      apiError(409, "conflict", "already a member"),
    );
    renderWithProviders(<TeamPage />, { path: "/team" });
    await userEvent.type(await screen.findByTestId("team-invite-email"), "ken@example.jp");
    await userEvent.click(screen.getByTestId("team-invite-submit"));
    expect(await screen.findByText("できませんでした")).toBeInTheDocument();
    // Beside the field as well, which is marked and has the focus back.
    const field = screen.getByTestId("team-invite-email");
    expect(screen.getByTestId("team-invite-error")).toBeInTheDocument();
    expect(field).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(field).toHaveFocus());
  });

  it("deletes the workspace only once its name is typed, and tells the owner of a wrong one", async () => {
    signIn(user);
    fakeApi.get("/api/team", ZTeam, () => aTeam("owner"));
    fakeApi.get("/api/team/audit", ZAuditLog, () => ({ entries: [] }));
    let answer: "mismatch" | "ok" = "mismatch";
    fakeApi.delete("/api/team", ZOk, () =>
      answer === "mismatch"
        ? apiError(400, "workspace_name_mismatch", "Type the workspace's name exactly")
        : { ok: true as const },
    );
    renderWithProviders(<TeamPage />, { path: "/team" });
    await userEvent.click(await screen.findByTestId("team-delete"));
    const dialog = await screen.findByTestId("team-delete-dialog");
    const confirm = within(dialog).getByTestId("team-delete-confirm");
    expect(confirm).toBeDisabled();
    const field = within(dialog).getByTestId("team-delete-name");
    await userEvent.type(field, "花子の");
    expect(confirm).toBeDisabled();
    await userEvent.type(field, "店");
    expect(confirm).toBeEnabled();
    // The server has the last word (e.g. the name changed meanwhile): said beside the field.
    await userEvent.click(confirm);
    expect(await within(dialog).findByTestId("team-delete-name-error")).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveFocus());
    answer = "ok";
    await userEvent.click(confirm);
    await waitFor(() => expect(fakeApi.calls("DELETE", "/api/team")).toHaveLength(2));
    expect(fakeApi.calls("DELETE", "/api/team")[1]?.body).toEqual({ name: "花子の店" });
  });

  it("points the owner of a personal workspace to account deletion instead", async () => {
    signIn(user);
    fakeApi.get("/api/team", ZTeam, () => ({
      ...aTeam("owner"),
      workspace: { ...aTeam("owner").workspace, personal: true },
    }));
    fakeApi.get("/api/team/audit", ZAuditLog, () => ({ entries: [] }));
    renderWithProviders(<TeamPage />, { path: "/team" });
    const card = await screen.findByTestId("team-delete-personal");
    expect(within(card).getByRole("link")).toHaveAttribute("href", "/profile");
    expect(screen.queryByTestId("team-delete")).not.toBeInTheDocument();
  });

  it("shows no deletion to anyone but the owner", async () => {
    signIn(user);
    fakeApi.get("/api/team", ZTeam, () => aTeam("editor"));
    renderWithProviders(<TeamPage />, { path: "/team" });
    expect(await screen.findByTestId("team-members")).toBeInTheDocument();
    expect(screen.queryByTestId("team-delete")).not.toBeInTheDocument();
    expect(screen.queryByTestId("team-delete-personal")).not.toBeInTheDocument();
  });
});
