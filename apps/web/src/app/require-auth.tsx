import type { ReactNode } from "react";
import { PageSpinner } from "@/components/ui/spinner";
import { useLoginRedirect } from "@/lib/use-login-redirect";
import { useTranslation } from "@/lib/use-translation";
import { useUser } from "@/queries/user";

/**
 * Pages that only make sense signed in (spec §2, §8): a logged-out visitor gets the
 * 'Unauthorized' toast and, 500 ms later, a full navigation to /api/login.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation("common");
  const { user, isLoading } = useUser();
  useLoginRedirect(!isLoading && !user);

  if (!user) return <PageSpinner label={t("loading")} />;
  return children;
}
