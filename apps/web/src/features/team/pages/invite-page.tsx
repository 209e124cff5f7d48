import { Check, UsersRound } from "lucide-react";
import { useEffect } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { PageSpinner, Spinner } from "@/components/ui/spinner";
import { getErrorMessage } from "@/lib/api-error";
import { formatDate } from "@/lib/format";
import { clearPendingInvitation, savePendingInvitation } from "@/lib/pending-invitation";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useUser } from "@/queries/user";
import { useAcceptInvitation, useInvitationPreview } from "../api/team";

/**
 * /invite?token=… (issue 24): the invitation email's link. A signed-out person signs up (or in) with
 * the invited address and comes back here; a signed-in one accepts and lands in the workspace.
 */
export default function InvitePage() {
  const { t } = useTranslation("team");
  const { t: tc } = useTranslation("common");
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const { user, isLoading } = useUser();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const [, navigate] = useLocation();

  useEffect(() => {
    if (!isLoading && !user && preview.data) savePendingInvitation(token, preview.data.email);
  }, [isLoading, user, preview.data, token]);

  if (isLoading || preview.isLoading) return <PageSpinner label={tc("loading")} />;
  if (!preview.data) {
    return (
      <Card className="mx-auto my-10 max-w-lg" data-testid="invite-invalid">
        <CardHeader>
          <CardTitle>{t("accept.invalidTitle")}</CardTitle>
          <CardDescription>{t("accept.invalid")}</CardDescription>
        </CardHeader>
        <CardFooter>
          <Button asChild variant="outline">
            <Link href="/">{t("accept.home")}</Link>
          </Button>
        </CardFooter>
      </Card>
    );
  }
  const invitation = preview.data;
  const wrongPerson = user !== null && user.email.toLowerCase() !== invitation.email.toLowerCase();
  return (
    <Card className="mx-auto my-10 max-w-lg" data-testid="invite">
      <CardHeader>
        <span className="mb-2 grid size-11 place-items-center rounded-xl bg-brand-50 text-primary">
          <UsersRound className="size-6" aria-hidden />
        </span>
        <CardTitle>{t("accept.title", { name: invitation.workspaceName })}</CardTitle>
        <CardDescription>
          {t("accept.description", {
            inviter: invitation.invitedBy ?? invitation.workspaceName,
            role: t(`roles.${invitation.role}`),
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        <p>
          {t("accept.for")} <strong>{invitation.email}</strong>
        </p>
        <p className="text-muted-foreground">
          {t("accept.expires", { date: formatDate(invitation.expiresAt) })}
        </p>
        {wrongPerson ? (
          <p className="text-destructive" role="alert">
            {t("accept.wrongPerson", { email: invitation.email })}
          </p>
        ) : null}
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        {user ? (
          <Button
            data-testid="invite-accept"
            disabled={accept.isPending || wrongPerson}
            onClick={() =>
              accept.mutate(token, {
                onSuccess: () => {
                  clearPendingInvitation();
                  toast({ title: t("toast.joined", { name: invitation.workspaceName }) });
                  navigate("/");
                },
                onError: (error) =>
                  toast({
                    variant: "destructive",
                    title: t("toast.failedTitle"),
                    description: getErrorMessage(error, t("accept.invalid")),
                  }),
              })
            }
          >
            {accept.isPending ? <Spinner /> : <Check aria-hidden />}
            {t("accept.action")}
          </Button>
        ) : (
          <>
            <Button asChild data-testid="invite-signup">
              <Link href="/auth?mode=register">{t("accept.signUp")}</Link>
            </Button>
            <Button asChild variant="outline" data-testid="invite-login">
              <Link href="/auth?mode=login">{t("accept.logIn")}</Link>
            </Button>
          </>
        )}
      </CardFooter>
    </Card>
  );
}
