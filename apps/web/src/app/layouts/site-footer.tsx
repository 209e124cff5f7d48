import { useTranslation } from "react-i18next";
import { Link } from "wouter";

const FOOTER_LINKS = [
  { href: "/terms", labelKey: "footer.terms" },
  { href: "/privacy", labelKey: "footer.privacy" },
  { href: "/api-docs", labelKey: "footer.apiDocs" },
];

export function SiteFooter() {
  const { t } = useTranslation("common");
  return (
    <footer className="border-t border-border bg-background">
      <div className="mx-auto flex max-w-[1200px] flex-col gap-3 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div>
          <p className="font-medium text-foreground">
            {t("footer.rights", { year: new Date().getFullYear() })}
          </p>
          <p className="text-xs">{t("footer.tagline")}</p>
        </div>
        <nav className="flex flex-wrap gap-x-5 gap-y-1">
          {FOOTER_LINKS.map(({ href, labelKey }) => (
            <Link
              key={href}
              href={href}
              className="text-muted-foreground no-underline hover:text-foreground hover:underline"
            >
              {t(labelKey)}
            </Link>
          ))}
        </nav>
      </div>
    </footer>
  );
}
