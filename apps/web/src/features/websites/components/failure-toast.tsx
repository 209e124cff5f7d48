import { useEffect, useRef } from "react";
import { Link } from "wouter";
import { isPlanRequiredError } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { isWebsiteLimitError, serverReason } from "../error-text";

/**
 * A refused generation or import: the spec's message, then the server's reason. At the plan's
 * site limit the reason is said in the interface language (the server writes English) and comes
 * with the way to a bigger plan; so does an ended trial or subscription (plan_required).
 */
export function showFailureToast({
  error,
  title,
  message,
  upgradeLabel,
  limitReason,
  planRequiredReason,
}: {
  error: unknown;
  title: string;
  message: string;
  upgradeLabel: string;
  limitReason: string;
  planRequiredReason: string;
}) {
  const limit = isWebsiteLimitError(error);
  const planRequired = isPlanRequiredError(error);
  const reason = limit ? limitReason : planRequired ? planRequiredReason : serverReason(error);
  toast({
    variant: "destructive",
    title,
    description: (
      <>
        <span className="block">{message}</span>
        {reason ? <span className="block">{reason}</span> : null}
        {limit || planRequired ? (
          <Link
            href="/subscription"
            className="mt-1 inline-block font-semibold underline underline-offset-4"
            data-testid="websites-toast-upgrade"
          >
            {upgradeLabel}
          </Link>
        ) : null}
      </>
    ),
  });
}

/**
 * The same refusal said in the form itself, beside its button: it takes the focus when it appears
 * (the form was busy, its fields disabled), so keyboard and screen-reader users are where the
 * answer is; the way to a bigger plan is a link in it.
 */
export function FailureNotice({
  error,
  message,
  upgradeLabel,
  limitReason,
  planRequiredReason,
  testId,
}: {
  error: unknown;
  message: string;
  upgradeLabel: string;
  limitReason: string;
  planRequiredReason: string;
  testId: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) ref.current?.focus();
  }, [error]);
  if (!error) return null;
  const limit = isWebsiteLimitError(error);
  const planRequired = isPlanRequiredError(error);
  const reason = limit ? limitReason : planRequired ? planRequiredReason : serverReason(error);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="grid gap-1 text-sm text-destructive outline-none"
      data-testid={testId}
    >
      <p>{message}</p>
      {reason ? <p>{reason}</p> : null}
      {limit || planRequired ? (
        <Link
          href="/subscription"
          className="font-semibold underline underline-offset-4"
          data-testid={`${testId}-upgrade`}
        >
          {upgradeLabel}
        </Link>
      ) : null}
    </div>
  );
}
