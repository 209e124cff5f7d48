import type { TFirstRun } from "@shobai/shared";
import { ArrowRight, Circle, CircleCheck, X } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useTranslation } from "@/lib/use-translation";
import { useDismissFirstRun, useFirstRun } from "../api/first-run";

type Step = keyof TFirstRun["steps"];
const STEPS: readonly Step[] = [
  "createSite",
  "publishSite",
  "enquiryAlert",
  "verifySender",
  "inviteTeammate",
];

function stepHref(step: Step, firstRun: TFirstRun): string {
  const site = firstRun.firstWebsiteId
    ? `/websites/${encodeURIComponent(firstRun.firstWebsiteId)}`
    : "/websites";
  if (step === "createSite") return "/websites";
  if (step === "publishSite" || step === "enquiryAlert") return site;
  if (step === "inviteTeammate") return "/team";
  return "/email-management";
}

/**
 * What to do first (issue 20): five steps (the last, inviting a teammate, since issue 24) that tick themselves from what exists, until all are
 * done or the owner hides the list.
 */
export function FirstRunChecklist() {
  const { t } = useTranslation("dashboard");
  const firstRun = useFirstRun({ enabled: true });
  const dismiss = useDismissFirstRun();
  const data = firstRun.data;
  if (!data || data.dismissed) return null;
  const done = STEPS.filter((step) => data.steps[step]).length;
  if (done === STEPS.length) return null;
  const next = STEPS.find((step) => !data.steps[step]);
  return (
    <Card data-testid="first-run" aria-labelledby="first-run-title">
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle id="first-run-title">{t("firstRun.title")}</CardTitle>
          <CardDescription data-testid="first-run-progress">
            {t("firstRun.progress", { done, total: STEPS.length })}
          </CardDescription>
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="-mt-1 -mr-2 shrink-0"
          onClick={() => dismiss.mutate()}
          disabled={dismiss.isPending}
          data-testid="first-run-dismiss"
        >
          <X aria-hidden />
          {t("firstRun.dismiss")}
        </Button>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-2">
          {STEPS.map((step) => {
            const ticked = data.steps[step];
            return (
              <li
                key={step}
                data-testid={`first-run-${step}`}
                data-done={ticked}
                className="flex flex-col gap-2 rounded-lg border border-border px-3 py-3 sm:flex-row sm:items-center sm:gap-3"
              >
                <div className="flex min-w-0 flex-1 items-start gap-3">
                  {ticked ? (
                    <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
                  ) : (
                    <Circle className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
                  )}
                  <div className="min-w-0">
                    <p className={ticked ? "font-medium text-muted-foreground line-through" : "font-medium"}>
                      <span className="sr-only">
                        {t(ticked ? "firstRun.doneLabel" : "firstRun.todoLabel")}:{" "}
                      </span>
                      {t(`firstRun.steps.${step}.title`)}
                    </p>
                    {ticked ? null : (
                      <p className="text-sm text-muted-foreground">{t(`firstRun.steps.${step}.body`)}</p>
                    )}
                  </div>
                </div>
                {ticked ? null : (
                  <Button
                    asChild
                    size="sm"
                    variant={step === next ? "default" : "outline"}
                    className="self-start sm:self-center"
                  >
                    <Link href={stepHref(step, data)} data-testid={`first-run-${step}-go`}>
                      {t(`firstRun.steps.${step}.action`)}
                      <ArrowRight aria-hidden />
                    </Link>
                  </Button>
                )}
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
