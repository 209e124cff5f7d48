import { useQueryClient } from "@tanstack/react-query";
import { MailCheck } from "lucide-react";
import { useEffect } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { getErrorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { USER_QUERY_KEY, useUser } from "@/queries/user";
import { useMailStaysInOutbox } from "../api/mail-service";
import { useResendVerification } from "../api/resend-verification";

/**
 * Until the sign-up link is opened: says why sending and buying are off, sends the link again, and
 * on the embedded outbox (mail never leaves the machine) points to where the link is.
 * Also announces the link's outcome (/?emailVerified=1 or =invalid).
 */
export function VerifyEmailBanner() {
  const { t } = useTranslation("auth");
  const { user } = useUser();
  const queryClient = useQueryClient();
  const resend = useResendVerification();
  const unverified = Boolean(user && !user.emailVerified);
  const outbox = useMailStaysInOutbox({ enabled: unverified });
  const search = useSearch();
  const [location, navigate] = useLocation();

  const outcome = new URLSearchParams(search).get("emailVerified");
  useEffect(() => {
    if (!outcome) return;
    if (outcome === "1") toast({ title: t("verify.done") });
    else toast({ variant: "destructive", title: t("verify.invalidTitle"), description: t("verify.invalid") });
    void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    navigate(location, { replace: true });
  }, [outcome, t, queryClient, navigate, location]);

  if (!user || user.emailVerified) return null;

  const sendAgain = () =>
    resend.mutate(undefined, {
      onSuccess: () => toast({ title: t("verify.sent", { email: user.email }) }),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: t("verify.sendFailed"),
          description: getErrorMessage(error, ""),
        }),
    });

  return (
    <div
      role="status"
      data-testid="verify-email-banner"
      className="border-b border-brand-200 bg-brand-50 text-brand-900"
    >
      <div className="mx-auto flex w-full max-w-[1440px] flex-col gap-3 px-4 py-3 text-sm sm:flex-row sm:items-center sm:px-6 lg:px-8">
        <MailCheck className="hidden size-5 shrink-0 sm:block" aria-hidden />
        <p className="flex-1">
          <span className="font-semibold">{t("verify.title")}</span>{" "}
          {t(outbox ? "verify.bodyOutbox" : "verify.body", { email: user.email })}
        </p>
        <div className="flex flex-wrap gap-2">
          {outbox ? (
            <Button asChild size="sm" data-testid="verify-email-open-outbox">
              <Link href="/email-management">{t("verify.openOutbox")}</Link>
            </Button>
          ) : null}
          <Button
            size="sm"
            variant="outline"
            onClick={sendAgain}
            disabled={resend.isPending}
            data-testid="verify-email-resend"
          >
            {resend.isPending ? <Spinner /> : null}
            {t("verify.resend")}
          </Button>
        </div>
      </div>
    </div>
  );
}
