import { useCallback, useState } from "react";
import { isUnauthorizedError } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useLoginRedirect } from "@/lib/use-login-redirect";
import { useTranslation } from "@/lib/use-translation";
import { billingErrorText } from "../error-text";

/**
 * Spec §8: a refused checkout or portal call shows a destructive 'Error' toast; a 401 (the session
 * ended) shows 'Unauthorized' and sends the browser to /api/login after 500 ms.
 */
export function useBillingFailure() {
  const { t } = useTranslation("subscription");
  const [sessionEnded, setSessionEnded] = useState(false);
  useLoginRedirect(sessionEnded);
  return useCallback(
    (error: unknown, fallback: string) => {
      if (isUnauthorizedError(error)) {
        setSessionEnded(true);
        return;
      }
      toast({
        variant: "destructive",
        title: t("toast.errorTitle"),
        description: billingErrorText(error, fallback),
      });
    },
    [t],
  );
}
