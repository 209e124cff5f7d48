import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { hardNavigate, LOGIN_REDIRECT_DELAY_MS } from "@/lib/navigation";
import { toast } from "@/lib/toast";

/**
 * Spec §5, §6: making a site needs an account. A visitor looking at the sample sites gets
 * 'ログインが必要です' and, 500 ms later, a full navigation to /api/login.
 */
export function useRequireLogin() {
  const { t } = useTranslation("websites");
  return useCallback(() => {
    toast({
      variant: "destructive",
      title: t("toast.loginRequiredTitle"),
      description: t("toast.loginRequired"),
    });
    setTimeout(() => hardNavigate("/api/login"), LOGIN_REDIRECT_DELAY_MS);
  }, [t]);
}
