import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { PageSpinner } from "@/components/ui/spinner";
import { useUser } from "@/features/auth/api/get-user";
import { hardNavigate, LOGIN_REDIRECT_DELAY_MS } from "@/lib/navigation";
import { toast } from "@/lib/toast";

/**
 * Pages that only make sense signed in (spec §2, §8): a logged-out visitor gets the
 * 'Unauthorized' toast and, 500 ms later, a full navigation to /api/login.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation("common");
  const { user, isLoading } = useUser();
  const signedOut = !isLoading && !user;

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

  if (!user) return <PageSpinner label={t("loading")} />;
  return children;
}
