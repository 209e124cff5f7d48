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
