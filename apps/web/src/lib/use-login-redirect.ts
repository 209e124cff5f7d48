import { useEffect } from "react";
import { useTranslation } from "@/lib/use-translation";
import { hardNavigate, LOGIN_REDIRECT_DELAY_MS } from "./navigation";
import { toast } from "./toast";

/**
 * Spec §2, §8: once `signedOut` is true (no session, or a call answered 401 because it ended),
 * the 'Unauthorized' toast shows and, 500 ms later, the browser goes to /api/login.
 */
export function useLoginRedirect(signedOut: boolean): void {
  const { t } = useTranslation("common");
  useEffect(() => {
    if (!signedOut) return;
    toast({
      variant: "destructive",
      title: t("unauthorized.title"),
      description: t("unauthorized.description"),
    });
    const timer = setTimeout(() => hardNavigate("/api/login"), LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedOut, t]);
}
