import { useCallback } from "react";
import { hardNavigate, LOGIN_REDIRECT_DELAY_MS } from "@/lib/navigation";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useUser } from "@/queries/user";

/**
 * Spec §5, §6: changing real data needs an account. A visitor looking at sample data gets
 * 'ログインが必要です' (each screen words it in its own namespace, `toast.loginRequired*`) and,
 * 500 ms later, a full navigation to /api/login. While the session is still being read it does
 * nothing: a quick click must not send a signed-in owner to the login page.
 */
export function useRequireLogin(namespace: "crm" | "websites" | "email" | "domains") {
  const { t } = useTranslation(namespace);
  const { isLoading } = useUser();
  return useCallback(() => {
    if (isLoading) return;
    toast({
      variant: "destructive",
      title: t("toast.loginRequiredTitle"),
      description: t("toast.loginRequired"),
    });
    setTimeout(() => hardNavigate("/api/login"), LOGIN_REDIRECT_DELAY_MS);
  }, [t, isLoading]);
}
