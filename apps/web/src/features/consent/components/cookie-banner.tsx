import { Cookie, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { useTranslation } from "@/lib/use-translation";
import {
  ACCEPT_ALL,
  type CookieConsent,
  NECESSARY_ONLY,
  OPTIONAL_COOKIE_CATEGORIES,
  type OptionalCookieCategory,
} from "../consent-storage";
import { saveConsent, useConsentState } from "../consent-store";

/**
 * Spec §4: Accept All, Necessary Only (also the close button), or Customize with a switch per
 * optional category and Save Preferences. A non-modal dialog: the page stays usable behind it.
 */
export default function CookieBanner() {
  const { t } = useTranslation("consent");
  const { consent, reopened } = useConsentState();
  const [view, setView] = useState<"summary" | "customize">("summary");
  const [choice, setChoice] = useState<CookieConsent>(consent ?? NECESSARY_ONLY);
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  // Opened from the settings button: take focus so keyboard users land in the banner. On a first
  // visit the banner waits to be reached, rather than pulling focus away from the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the banner appears
  useEffect(() => {
    if (reopened) dialogRef.current?.focus();
  }, []);

  // Escape answers as the close button does (spec §4: close = Necessary Only), unless a dialog,
  // menu or list above the page takes it.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      const layer = document.querySelector(
        '[role="dialog"][data-state="open"], [role="alertdialog"], [role="menu"], [role="listbox"]',
      );
      if (layer) return;
      saveConsent(NECESSARY_ONLY);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  // The page keeps room for the banner (index.css): focus scrolled into view is never under it,
  // and the page's last lines can scroll above it (WCAG 2.4.11).
  useEffect(() => {
    const banner = dialogRef.current;
    if (!banner) return;
    const root = document.documentElement;
    const update = () => {
      const space = Math.ceil(window.innerHeight - banner.getBoundingClientRect().top) + 8;
      // A banner taller than most of the screen (Customize on a phone) is what the visitor is using.
      root.style.setProperty("--consent-banner-space", `${Math.min(space, window.innerHeight * 0.6)}px`);
    };
    update();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(update);
    observer?.observe(banner);
    window.addEventListener("resize", update);
    return () => {
      observer?.disconnect();
      window.removeEventListener("resize", update);
      root.style.removeProperty("--consent-banner-space");
    };
  }, []);

  function customize() {
    setView("customize");
    dialogRef.current?.focus();
  }

  return (
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      tabIndex={-1}
      data-testid="cookie-banner"
      data-view={view}
      className="fixed inset-x-3 bottom-3 z-50 max-h-[calc(100dvh-1.5rem)] animate-fade-in overflow-y-auto rounded-xl border border-border bg-background p-4 shadow-popover outline-none sm:inset-x-auto sm:bottom-4 sm:left-4 sm:w-[28rem] sm:p-5 print:hidden"
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600 [&_svg]:size-4"
        >
          <Cookie />
        </span>
        <h2 id={titleId} className="min-w-0 flex-1 pt-0.5 font-semibold text-base">
          {view === "summary" ? t("banner.title") : t("banner.customizeTitle")}
        </h2>
        <Button
          variant="ghost"
          size="icon-sm"
          className="-mt-1 -mr-1 text-muted-foreground"
          aria-label={t("banner.close")}
          title={t("banner.close")}
          data-testid="cookie-close"
          onClick={() => saveConsent(NECESSARY_ONLY)}
        >
          <X />
        </Button>
      </div>

      {view === "summary" ? (
        <>
          <p id={bodyId} className="mt-2 text-muted-foreground text-sm">
            {t("banner.body")}{" "}
            <Link
              href="/cookies"
              className="font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
            >
              {t("banner.policyLink")}
            </Link>
          </p>
          <div className="mt-4 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
            <Button
              className="col-span-2 sm:flex-1"
              data-testid="cookie-accept-all"
              onClick={() => saveConsent(ACCEPT_ALL)}
            >
              {t("banner.acceptAll")}
            </Button>
            <Button
              variant="outline"
              className="sm:flex-1"
              data-testid="cookie-necessary-only"
              onClick={() => saveConsent(NECESSARY_ONLY)}
            >
              {t("banner.necessaryOnly")}
            </Button>
            <Button variant="ghost" className="sm:flex-1" data-testid="cookie-customize" onClick={customize}>
              {t("banner.customize")}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p id={bodyId} className="mt-2 text-muted-foreground text-sm">
            {t("banner.customizeIntro")}
          </p>
          <ul className="mt-3 divide-y divide-border rounded-lg border border-border">
            <CategoryRow category="necessary" checked disabled badge={t("alwaysOn")} />
            {OPTIONAL_COOKIE_CATEGORIES.map((category) => (
              <CategoryRow
                key={category}
                category={category}
                checked={choice[category]}
                onChange={(checked) => setChoice((previous) => ({ ...previous, [category]: checked }))}
              />
            ))}
          </ul>
          <div className="mt-4 grid grid-cols-2 gap-2 sm:flex">
            <Button className="sm:flex-1" data-testid="cookie-save" onClick={() => saveConsent(choice)}>
              {t("banner.savePreferences")}
            </Button>
            <Button
              variant="outline"
              className="sm:flex-1"
              data-testid="cookie-accept-all"
              onClick={() => saveConsent(ACCEPT_ALL)}
            >
              {t("banner.acceptAll")}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

function CategoryRow({
  category,
  checked,
  disabled = false,
  badge,
  onChange,
}: {
  category: "necessary" | OptionalCookieCategory;
  checked: boolean;
  disabled?: boolean;
  badge?: string;
  onChange?: (checked: boolean) => void;
}) {
  const { t } = useTranslation("consent");
  const nameId = useId();
  const descriptionId = useId();
  return (
    <li className="flex items-start gap-3 px-3 py-2.5">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 font-medium text-sm">
          <span id={nameId}>{t(`categories.${category}.name`)}</span>
          {badge ? <span className="font-normal text-muted-foreground text-xs">{badge}</span> : null}
        </p>
        <p id={descriptionId} className="text-muted-foreground text-xs">
          {t(`categories.${category}.description`)}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={nameId}
        aria-describedby={descriptionId}
        disabled={disabled}
        data-testid={`cookie-toggle-${category}`}
        data-state={checked ? "checked" : "unchecked"}
        onClick={() => onChange?.(!checked)}
        className={cn(
          "relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60",
          checked ? "bg-primary" : "bg-input",
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            "inline-block size-5 rounded-full bg-white shadow-sm transition-transform",
            checked ? "translate-x-[1.375rem]" : "translate-x-0.5",
          )}
        />
      </button>
    </li>
  );
}
