import { Link } from "wouter";
import { LanguageSwitcher } from "@/components/language-switcher";
import { Button } from "@/components/ui/button";
import { useTranslation } from "@/lib/use-translation";
import { useUser } from "@/queries/user";
import { PUBLIC_NAV } from "../nav-items";
import { HeaderShell } from "./header-shell";
import { NavLink } from "./nav-link";

/** The public navigation bar (spec §2): features, pricing, about, support; login and get started. */
export function PublicHeader() {
  const { t } = useTranslation("common");
  const { user } = useUser();

  const accountButtons = (close?: () => void) =>
    user ? (
      <Button asChild size="sm">
        <Link href="/" data-testid="nav-dashboard" onClick={close}>
          {t("nav.dashboard")}
        </Link>
      </Button>
    ) : (
      <>
        <Button asChild size="sm" variant="ghost">
          <Link href="/auth" data-testid="nav-login" onClick={close}>
            {t("actions.login")}
          </Link>
        </Button>
        <Button asChild size="sm">
          <Link href="/auth?mode=register" data-testid="nav-get-started" onClick={close}>
            {t("actions.getStarted")}
          </Link>
        </Button>
      </>
    );

  return (
    <HeaderShell
      className="max-w-[1200px] lg:gap-8"
      phoneNav={(close) => (
        <>
          {PUBLIC_NAV.map(({ href, labelKey, id }) => (
            <NavLink
              key={id}
              href={href}
              testId={`nav-${id}`}
              onClick={close}
              className="h-11 px-3 text-[0.9375rem]"
            >
              {t(labelKey)}
            </NavLink>
          ))}
          <div className="mt-4 flex flex-col gap-2 border-t border-border pt-4 [&>a]:w-full">
            {accountButtons(close)}
          </div>
        </>
      )}
      desktopNav={PUBLIC_NAV.map(({ href, labelKey, id }) => (
        <NavLink key={id} href={href} testId={`nav-${id}`} className="h-9 px-3">
          {t(labelKey)}
        </NavLink>
      ))}
      actions={(desktop) => (
        <>
          <LanguageSwitcher compact />
          {desktop === true ? accountButtons() : null}
          {desktop === null ? (
            <div className="hidden items-center gap-2 lg:flex">{accountButtons()}</div>
          ) : null}
        </>
      )}
    />
  );
}
