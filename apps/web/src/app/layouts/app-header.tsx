import { Link } from "wouter";
import { LanguageSwitcher } from "@/components/language-switcher";
import { Button } from "@/components/ui/button";
import { useTranslation } from "@/lib/use-translation";
import { useUser } from "@/queries/user";
import { APP_NAV } from "../nav-items";
import { HeaderShell } from "./header-shell";
import { NavLink } from "./nav-link";
import { UserMenu } from "./user-menu";

/** The app header: logo, the seven app sections, language and the user's menu. */
export function AppHeader() {
  const { t } = useTranslation("common");
  const { user } = useUser();

  return (
    <HeaderShell
      className="max-w-[1440px] lg:gap-6 lg:px-8"
      phoneNav={(close) =>
        APP_NAV.map(({ href, labelKey, id, icon: Icon }) => (
          <NavLink
            key={id}
            href={href}
            testId={`nav-${id}`}
            onClick={close}
            className="h-11 px-3 text-[0.9375rem]"
          >
            <Icon className="size-4" aria-hidden />
            {t(labelKey)}
          </NavLink>
        ))
      }
      desktopNav={APP_NAV.map(({ href, labelKey, id }) => (
        <NavLink key={id} href={href} testId={`nav-${id}`} className="h-9 px-3">
          {t(labelKey)}
        </NavLink>
      ))}
      actions={() => (
        <>
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
