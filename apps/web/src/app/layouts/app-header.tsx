import { useEffect } from "react";
import { Link, useLocation } from "wouter";
import { LanguageSwitcher } from "@/components/language-switcher";
import { Button } from "@/components/ui/button";
import { useTranslation } from "@/lib/use-translation";
import { useMarkEnquiriesSeen, useUnreadEnquiries } from "@/queries/unread-enquiries";
import { useUser } from "@/queries/user";
import { APP_NAV } from "../nav-items";
import { HeaderShell } from "./header-shell";
import { NavLink } from "./nav-link";
import { UserMenu } from "./user-menu";
import { WorkspaceSwitcher } from "./workspace-switcher";

/** The app header: logo, the seven app sections, language and the user's menu. */
export function AppHeader() {
  const { t } = useTranslation("common");
  const { user } = useUser();
  const unread = useUnreadEnquiries({ enabled: user !== null }).data?.count ?? 0;
  const markSeen = useMarkEnquiriesSeen();
  const [location] = useLocation();
  const onCrm = location === "/crm" || location.startsWith("/crm/");
  // Opening the CRM is looking at the enquiries: the badge clears.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per arrival with unread enquiries
  useEffect(() => {
    if (onCrm && unread > 0 && !markSeen.isPending) markSeen.mutate();
  }, [onCrm, unread]);
  const badge = (id: string) =>
    id === "crm" && unread > 0 ? (
      <UnreadBadge count={unread} label={t("nav.unreadEnquiries", { count: unread })} />
    ) : null;

  return (
    <HeaderShell
      className="max-w-[1440px] lg:gap-6 lg:px-8"
      phoneNav={(close) =>
        APP_NAV.map(({ href, labelKey, id, icon: Icon, also }) => (
          <NavLink
            key={id}
            href={href}
            also={also}
            testId={`nav-${id}`}
            onClick={close}
            className="h-11 px-3 text-[0.9375rem]"
          >
            <Icon className="size-4" aria-hidden />
            {t(labelKey)}
            {badge(id)}
          </NavLink>
        ))
      }
      desktopNav={APP_NAV.map(({ href, labelKey, id, also }) => (
        <NavLink key={id} href={href} also={also} testId={`nav-${id}`} className="h-9 px-3">
          {t(labelKey)}
          {badge(id)}
        </NavLink>
      ))}
      actions={() => (
        <>
          {user ? <WorkspaceSwitcher /> : null}
          <LanguageSwitcher compact />
          {user ? (
            <UserMenu user={user} />
          ) : (
            <Button asChild size="sm">
              <Link href="/auth" data-testid="nav-login">
                {t("actions.login")}
              </Link>
            </Button>
          )}
        </>
      )}
    />
  );
}

/** The number of unread enquiries beside CRM; a screen reader hears it as words. */
function UnreadBadge({ count, label }: { count: number; label: string }) {
  return (
    <span
      className="inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs leading-5 font-bold text-primary-foreground tabular-nums"
      data-testid="nav-crm-unread"
    >
      <span aria-hidden>{count > 99 ? "99+" : count}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
