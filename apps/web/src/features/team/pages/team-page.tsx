import {
  INVITABLE_ROLES,
  type TAuditEntry,
  type TTeam,
  type TTeamInvitation,
  type TTeamMember,
  type TWorkspaceRole,
} from "@shobai/shared";
import { can } from "@shobai/shared/constants";
import { LogOut, Mail, RotateCw, Trash2, TriangleAlert, UserPlus, UsersRound, X } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { Link } from "wouter";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { DemoBanner } from "@/components/demo-banner";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { FormDone } from "@/components/ui/form-done";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PageSpinner, Spinner } from "@/components/ui/spinner";
import { DEMO_AUDIT, DEMO_TEAM } from "@/demo/team";
import { errorText, getErrorCode, getErrorMessage } from "@/lib/api-error";
import { formatDate, formatDateTime } from "@/lib/format";
import { hardNavigate, LOGIN_REDIRECT_DELAY_MS } from "@/lib/navigation";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useUser } from "@/queries/user";
import {
  useAuditLog,
  useChangeRole,
  useDeleteWorkspace,
  useInvite,
  useLeaveWorkspace,
  useRemoveMember,
  useResendInvitation,
  useRevokeInvitation,
  useTeam,
  useTransferOwnership,
} from "../api/team";

type Role = TWorkspaceRole;
type Invitable = (typeof INVITABLE_ROLES)[number];

const SELECT_CLASS = "h-10 rounded-md border border-input bg-background px-3 text-sm disabled:opacity-55";

/**
 * /team (issue 24): the workspace's members with role and last activity, invitations, role changes,
 * removal, leaving, ownership transfer and the audit log. What a role may not do is hidden or
 * disabled by the shared permission table (the server refuses it anyway). Visitors see a sample team.
 */
export default function TeamPage() {
  const { t } = useTranslation("team");
  const { user, isLoading } = useUser();
  const signedIn = user !== null;
  const team = useTeam({ enabled: signedIn });
  const data: TTeam | undefined = signedIn ? team.data : DEMO_TEAM;
  const role: Role = data?.role ?? "viewer";
  const audit = useAuditLog({ enabled: signedIn && can(role, "audit:read") && Boolean(team.data) });

  if (isLoading || (signedIn && team.isLoading)) return <PageSpinner label={t("loading")} />;
  if (!data) {
    return (
      <p className="text-destructive" role="alert">
        {t("loadFailed")}
      </p>
    );
  }
  const demo = !signedIn;
  const manage = can(role, "team:write");
  const people = data.members.length + data.invitations.filter((i) => !i.expired).length;
  const full = people >= data.workspace.memberLimit;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6" data-testid="team">
      <div className="flex flex-col gap-1">
        <h1 className="flex items-center gap-2 text-2xl font-bold sm:text-3xl">
          <UsersRound className="size-7 text-primary" aria-hidden />
          {t("title")}
        </h1>
        <p className="text-muted-foreground">
          {t("subtitle", { name: data.workspace.name })}{" "}
          <span data-testid="team-usage" className="font-medium text-foreground tabular-nums">
            {t("usage", { count: data.members.length, limit: data.workspace.memberLimit })}
          </span>
        </p>
      </div>
      {demo ? (
        <DemoBanner
          testId="team"
          title={t("demo.title")}
          description={t("demo.description")}
          signUpLabel={t("demo.signUp")}
        />
      ) : null}
      {manage ? <InviteCard demo={demo} full={full} limit={data.workspace.memberLimit} /> : null}
      <MembersCard team={data} role={role} demo={demo} />
      {manage && data.invitations.length > 0 ? (
        <InvitationsCard invitations={data.invitations} demo={demo} />
      ) : null}
      {can(role, "audit:read") ? (
        <AuditCard entries={demo ? DEMO_AUDIT : (audit.data?.entries ?? [])} loading={audit.isLoading} />
      ) : null}
      {demo ? null : <LeaveCard team={data} />}
      {demo || !can(role, "workspace:delete") ? null : <DeleteWorkspaceCard team={data} />}
    </div>
  );
}

function useDemoGuard() {
  const { t } = useTranslation("team");
  return () => {
    toast({
      variant: "destructive",
      title: t("toast.loginRequiredTitle"),
      description: t("toast.loginRequired"),
    });
    setTimeout(() => hardNavigate("/api/login"), LOGIN_REDIRECT_DELAY_MS);
  };
}

function failed(t: (key: string) => string, error: unknown, fallbackKey: string) {
  toast({
    variant: "destructive",
    title: t("toast.failedTitle"),
    description: getErrorMessage(error, t(fallbackKey)),
  });
}

function InviteCard({ demo, full, limit }: { demo: boolean; full: boolean; limit: number }) {
  const { t } = useTranslation("team");
  const invite = useInvite();
  const guard = useDemoGuard();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Invitable>("editor");
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  /** The email field says what is wrong beside it and takes the focus back. */
  const refuse = (message: string) => {
    setError(message);
    requestAnimationFrame(() => field.current?.focus());
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (demo) return guard();
    if (!email.trim()) return refuse(t("invite.emailRequired"));
    setError(null);
    setSentTo(null);
    invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: () => {
          toast({
            title: t("toast.invited"),
            description: t("toast.invitedDescription", { email: email.trim() }),
          });
          setSentTo(email.trim());
          setEmail("");
        },
        onError: (failure) => {
          if (getErrorCode(failure) === "member_limit") {
            toast({
              variant: "destructive",
              title: t("limit.title"),
              description: t("limit.description", { limit }),
            });
            return;
          }
          refuse(getErrorMessage(failure, t("toast.inviteFailed")));
          failed(t, failure, "toast.inviteFailed");
        },
      },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserPlus className="size-5 text-primary" aria-hidden />
          {t("invite.title")}
        </CardTitle>
        <CardDescription>{t("invite.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {full ? (
          <p className="mb-4 rounded-lg bg-warning-soft px-3 py-2 text-sm" data-testid="team-limit">
            {t("limit.description", { limit })}{" "}
            <Link href="/subscription" className="font-medium text-primary underline underline-offset-4">
              {t("limit.choosePlan")}
            </Link>
          </p>
        ) : null}
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
          <div className="grid gap-2">
            <Label htmlFor="team-invite-email">{t("invite.email")}</Label>
            <Input
              ref={field}
              id="team-invite-email"
              data-testid="team-invite-email"
              type="email"
              required
              autoComplete="off"
              placeholder={t("invite.emailPlaceholder")}
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setError(null);
              }}
              {...(error ? { "aria-invalid": true, "aria-describedby": "team-invite-error" } : {})}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="team-invite-role">{t("invite.role")}</Label>
            <select
              id="team-invite-role"
              data-testid="team-invite-role"
              className={SELECT_CLASS}
              value={role}
              onChange={(e) => setRole(e.target.value as Invitable)}
            >
              {INVITABLE_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`roles.${r}`)}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={invite.isPending || full} data-testid="team-invite-submit">
            {invite.isPending ? <Spinner /> : <Mail aria-hidden />}
            {t("invite.submit")}
          </Button>
        </form>
        <FieldError id="team-invite-error" message={error} testId="team-invite-error" />
        <FormDone
          message={sentTo ? t("toast.invitedDescription", { email: sentTo }) : null}
          testId="team-invite-done"
          className="mt-3"
        />
        <p className="mt-3 text-xs text-muted-foreground">{t(`roleHelp.${role}`)}</p>
      </CardContent>
    </Card>
  );
}

function MembersCard({ team, role, demo }: { team: TTeam; role: Role; demo: boolean }) {
  const { t } = useTranslation("team");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("members.title")}</CardTitle>
        <CardDescription>{t("members.description")}</CardDescription>
      </CardHeader>
      <CardContent className="p-0 sm:p-0">
        <ul className="divide-y divide-border" data-testid="team-members">
          {team.members.map((m) => (
            <MemberRow key={m.userId} member={m} role={role} demo={demo} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function MemberRow({ member, role, demo }: { member: TTeamMember; role: Role; demo: boolean }) {
  const { t } = useTranslation("team");
  const guard = useDemoGuard();
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const transfer = useTransferOwnership();
  const [confirm, setConfirm] = useState<"remove" | "transfer" | null>(null);
  const editable = can(role, "team:write") && member.role !== "owner" && !member.you;
  const mayTransfer = can(role, "workspace:transfer") && !member.you && member.role !== "owner";
  const name = member.name || member.email;
  return (
    <li
      className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:px-6"
      data-testid={`team-member-${member.email}`}
    >
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="truncate">{name}</span>
          {member.you ? <Badge variant="muted">{t("members.you")}</Badge> : null}
        </p>
        <p className="truncate text-sm text-muted-foreground">{member.email}</p>
        <p className="text-xs text-muted-foreground">
          {member.lastActiveAt
            ? t("members.lastActive", { when: formatDateTime(member.lastActiveAt) })
            : t("members.neverActive")}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {editable ? (
          <select
            aria-label={t("members.roleOf", { name })}
            data-testid={`team-role-${member.email}`}
            className={SELECT_CLASS}
            value={member.role}
            disabled={changeRole.isPending}
            onChange={(e) => {
              if (demo) return guard();
              const next = e.target.value as Invitable;
              changeRole.mutate(
                { userId: member.userId, role: next },
                {
                  onSuccess: () =>
                    toast({ title: t("toast.roleChanged", { name, role: t(`roles.${next}`) }) }),
                  onError: (error) => failed(t, error, "toast.roleFailed"),
                },
              );
            }}
          >
            {INVITABLE_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
        ) : (
          <Badge
            variant={member.role === "owner" ? "default" : "outline"}
            data-testid={`team-role-badge-${member.email}`}
          >
            {t(`roles.${member.role}`)}
          </Badge>
        )}
        {mayTransfer ? (
          <Button variant="outline" size="sm" onClick={() => (demo ? guard() : setConfirm("transfer"))}>
            {t("members.transfer")}
          </Button>
        ) : null}
        {editable ? (
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive"
            data-testid={`team-remove-${member.email}`}
            onClick={() => (demo ? guard() : setConfirm("remove"))}
          >
            <Trash2 aria-hidden />
            {t("members.remove")}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirm === "remove"}
        onOpenChange={(open) => setConfirm(open ? "remove" : null)}
        title={t("members.removeTitle", { name })}
        description={t("members.removeDescription")}
        confirmLabel={t("members.remove")}
        cancelLabel={t("cancel")}
        destructive
        pending={remove.isPending}
        testId="team-remove"
        onConfirm={() =>
          remove.mutate(member.userId, {
            onSuccess: () => {
              setConfirm(null);
              toast({ title: t("toast.removed", { name }) });
            },
            onError: (error) => failed(t, error, "toast.removeFailed"),
          })
        }
      />
      <ConfirmDialog
        open={confirm === "transfer"}
        onOpenChange={(open) => setConfirm(open ? "transfer" : null)}
        title={t("members.transferTitle", { name })}
        description={t("members.transferDescription")}
        confirmLabel={t("members.transfer")}
        cancelLabel={t("cancel")}
        pending={transfer.isPending}
        testId="team-transfer"
        onConfirm={() =>
          transfer.mutate(member.userId, {
            onSuccess: () => {
              setConfirm(null);
              toast({ title: t("toast.transferred", { name }) });
            },
            onError: (error) => failed(t, error, "toast.transferFailed"),
          })
        }
      />
    </li>
  );
}

function InvitationsCard({ invitations, demo }: { invitations: TTeamInvitation[]; demo: boolean }) {
  const { t } = useTranslation("team");
  const guard = useDemoGuard();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("invitations.title")}</CardTitle>
        <CardDescription>{t("invitations.description")}</CardDescription>
      </CardHeader>
      <CardContent className="p-0 sm:p-0">
        <ul className="divide-y divide-border" data-testid="team-invitations">
          {invitations.map((inv) => (
            <li key={inv.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:px-6">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{inv.email}</p>
                <p className="text-xs text-muted-foreground">
                  {t(`roles.${inv.role}`)} ·{" "}
                  {inv.expired
                    ? t("invitations.expired")
                    : t("invitations.expires", { date: formatDate(inv.expiresAt) })}
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={resend.isPending}
                  onClick={() =>
                    demo
                      ? guard()
                      : resend.mutate(inv.id, {
                          onSuccess: () => toast({ title: t("toast.resent", { email: inv.email }) }),
                          onError: (error) => failed(t, error, "toast.resendFailed"),
                        })
                  }
                >
                  <RotateCw aria-hidden />
                  {t("invitations.resend")}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-destructive"
                  disabled={revoke.isPending}
                  onClick={() =>
                    demo
                      ? guard()
                      : revoke.mutate(inv.id, {
                          onSuccess: () => toast({ title: t("toast.revoked", { email: inv.email }) }),
                          onError: (error) => failed(t, error, "toast.revokeFailed"),
                        })
                  }
                >
                  <X aria-hidden />
                  {t("invitations.revoke")}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function AuditCard({ entries, loading }: { entries: TAuditEntry[]; loading: boolean }) {
  const { t } = useTranslation("team");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("audit.title")}</CardTitle>
        <CardDescription>{t("audit.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <Spinner />
        ) : entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("audit.empty")}</p>
        ) : (
          <ol className="grid gap-2 text-sm" data-testid="team-audit">
            {entries.map((e) => (
              <li
                key={e.id}
                className="flex flex-col gap-0.5 border-l-2 border-border pl-3 sm:flex-row sm:gap-3"
              >
                <time
                  className="shrink-0 text-xs text-muted-foreground tabular-nums sm:w-40"
                  dateTime={e.createdAt}
                >
                  {formatDateTime(e.createdAt)}
                </time>
                <span className="min-w-0">
                  <span className="font-medium">{e.actor ?? t("audit.system")}</span>{" "}
                  {t(`audit.actions.${e.action.replace(".", "_")}`, { defaultValue: e.action })}{" "}
                  <span className="break-all text-muted-foreground">{auditTarget(e.target, t)}</span>
                  {e.ip ? <span className="text-xs text-muted-foreground"> · {e.ip}</span> : null}
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * An audit entry's target with its role names in the interface language: "(editor)" after an
 * address, "editor → admin" after a member; an address that contains a role word stays as it is.
 */
function auditTarget(target: string, t: (key: string) => string): string {
  return target.replace(
    /(\(|: |→ )(owner|admin|editor|viewer)(?=\)| →|$)/g,
    (_m, before: string, role: string) => `${before}${t(`roles.${role}`)}`,
  );
}

function LeaveCard({ team }: { team: TTeam }) {
  const { t } = useTranslation("team");
  const leave = useLeaveWorkspace();
  const [open, setOpen] = useState(false);
  const onlyOwner = team.role === "owner" && team.members.filter((m) => m.role === "owner").length <= 1;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("leave.title")}</CardTitle>
        <CardDescription>{onlyOwner ? t("leave.onlyOwner") : t("leave.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" disabled={onlyOwner} onClick={() => setOpen(true)} data-testid="team-leave">
          <LogOut aria-hidden />
          {t("leave.action")}
        </Button>
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title={t("leave.confirmTitle", { name: team.workspace.name })}
          description={t("leave.confirmDescription")}
          confirmLabel={t("leave.action")}
          cancelLabel={t("cancel")}
          destructive
          pending={leave.isPending}
          testId="team-leave"
          onConfirm={() =>
            leave.mutate(undefined, {
              onSuccess: () => {
                setOpen(false);
                toast({ title: t("toast.left", { name: team.workspace.name }) });
              },
              onError: (error) => failed(t, error, "toast.leaveFailed"),
            })
          }
        />
      </CardContent>
    </Card>
  );
}

/**
 * The owner deletes the workspace and everything in it, typing its name to confirm (like GitHub).
 * A personal workspace goes with its account: the card points to account deletion instead.
 */
function DeleteWorkspaceCard({ team }: { team: TTeam }) {
  const { t } = useTranslation("team");
  const remove = useDeleteWorkspace();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const name = team.workspace.name;
  const matches = typed.trim() === name.trim();

  if (team.workspace.personal) {
    return (
      <Card data-testid="team-delete-personal">
        <CardHeader>
          <CardTitle>{t("delete.title")}</CardTitle>
          <CardDescription>{t("delete.personal")}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" asChild>
            <Link href="/profile">{t("delete.toProfile")}</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (remove.isPending) return;
    setFailure(null);
    if (!matches) {
      setError(t("delete.mismatch"));
      requestAnimationFrame(() => field.current?.focus());
      return;
    }
    setError(null);
    remove.mutate(typed, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: t("toast.deleted", { name }) });
      },
      onError: (err) => {
        if (getErrorCode(err) === "workspace_name_mismatch") {
          setError(t("delete.mismatch"));
          requestAnimationFrame(() => field.current?.focus());
          return;
        }
        setFailure(errorText(err, t("toast.deleteFailed")));
        requestAnimationFrame(() => failureRef.current?.focus());
      },
    });
  };

  return (
    <Card className="border-destructive/40" data-testid="team-delete-card">
      <CardHeader>
        <CardTitle>{t("delete.title")}</CardTitle>
        <CardDescription>{t("delete.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button
          variant="destructive"
          onClick={() => {
            setTyped("");
            setError(null);
            setFailure(null);
            setOpen(true);
          }}
          data-testid="team-delete"
        >
          <Trash2 aria-hidden />
          {t("delete.action")}
        </Button>
        <Dialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
          <DialogContent closeLabel={t("cancel")} data-testid="team-delete-dialog" className="sm:max-w-md">
            <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
              <DialogHeader>
                <DialogTitle className="flex items-center gap-2 break-words">
                  <TriangleAlert className="size-5 shrink-0 text-destructive" aria-hidden />
                  {t("delete.confirmTitle", { name })}
                </DialogTitle>
                <DialogDescription>{t("delete.confirmDescription")}</DialogDescription>
              </DialogHeader>
              {failure ? (
                <Alert variant="destructive" ref={failureRef} tabIndex={-1} data-testid="team-delete-failure">
                  {failure}
                </Alert>
              ) : null}
              <div className="grid gap-1.5">
                <Label htmlFor="team-delete-name" className="block leading-relaxed">
                  {t("delete.typeName")}{" "}
                  <span className="rounded bg-muted px-1.5 py-0.5 font-semibold break-all select-all">
                    {name}
                  </span>
                </Label>
                <Input
                  id="team-delete-name"
                  ref={field}
                  data-testid="team-delete-name"
                  autoComplete="off"
                  spellCheck={false}
                  value={typed}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? "team-delete-name-error" : undefined}
                  onChange={(e) => {
                    setTyped(e.target.value);
                    if (error) setError(null);
                  }}
                  disabled={remove.isPending}
                />
                <FieldError id="team-delete-name-error" message={error} testId="team-delete-name-error" />
              </div>
              <DialogFormFooter
                cancelLabel={t("cancel")}
                submitLabel={t("delete.confirm")}
                pending={remove.isPending}
                submitTestId="team-delete-confirm"
                destructive
                disabled={!matches}
              />
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
