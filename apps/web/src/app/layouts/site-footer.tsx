import { useTranslation } from "react-i18next";
import { Link } from "wouter";

/** Footer link groups: what the product is, who runs it, and the legal pages. */
const FOOTER_GROUPS = [
  {
    titleKey: "footer.product",
    links: [
      { href: "/features", labelKey: "footer.features" },
      { href: "/pricing", labelKey: "footer.pricing" },
      { href: "/help", labelKey: "footer.help" },
      { href: "/api-docs", labelKey: "footer.apiDocs" },
    ],
  },
  {
    titleKey: "footer.company",
    links: [
      { href: "/about", labelKey: "footer.about" },
      { href: "/contact", labelKey: "footer.contact" },
      { href: "/faq", labelKey: "footer.faq" },
      { href: "/sitemap", labelKey: "footer.sitemap" },
    ],
  },
  {
    titleKey: "footer.legal",
    links: [
      { href: "/terms", labelKey: "footer.terms" },
      { href: "/privacy", labelKey: "footer.privacy" },
      { href: "/security", labelKey: "footer.security" },
      { href: "/cookies", labelKey: "footer.cookies" },
      { href: "/commercial-law", labelKey: "footer.commercialLaw" },
    ],
  },
];

export function SiteFooter() {
  const { t } = useTranslation("common");
  return (
    <footer className="border-t border-border bg-background">
      {/* Room at the bottom, so the floating cookie and chat buttons never cover the last links. */}
      <div className="mx-auto grid max-w-[1200px] grid-cols-2 gap-8 px-4 pt-10 pb-24 text-sm text-muted-foreground sm:px-6 md:grid-cols-[1.4fr_repeat(3,1fr)]">
        <div className="col-span-2 md:col-span-1">
          <p className="font-medium text-foreground">
            {t("footer.rights", { year: new Date().getFullYear() })}
          </p>
          <p className="mt-1 max-w-xs text-xs">{t("footer.tagline")}</p>
        </div>
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.titleKey} aria-label={t(group.titleKey)}>
            <p className="font-semibold text-foreground">{t(group.titleKey)}</p>
            <ul className="mt-3 grid gap-2">
              {group.links.map(({ href, labelKey }) => (
                <li key={href}>
                  <Link
                    href={href}
                    className="text-muted-foreground no-underline hover:text-foreground hover:underline"
                  >
                    {t(labelKey)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
    </footer>
  );
}
