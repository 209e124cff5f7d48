import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { hardNavigate, LOGIN_REDIRECT_DELAY_MS } from "@/lib/navigation";
import { toast } from "@/lib/toast";

/**
 * Spec §5, §6: creating a campaign (or any real email action) needs an account. A visitor looking
 * at the sample data gets 'ログインが必要です' and, 500 ms later, a full navigation to /api/login.
 */
export function useRequireLogin() {
  const { t } = useTranslation("email");
  return useCallback(() => {
    toast({
      variant: "destructive",
      title: t("toast.loginRequiredTitle"),
      description: t("toast.loginRequired"),
    });
    setTimeout(() => hardNavigate("/api/login"), LOGIN_REDIRECT_DELAY_MS);
  }, [t]);
}
