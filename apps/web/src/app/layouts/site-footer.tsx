import { ExternalLink } from "lucide-react";
import { Link } from "wouter";
import { LanguageSwitcher } from "@/components/language-switcher";
import { useTranslation } from "@/lib/use-translation";

interface FooterLink {
  href: string;
  labelKey: string;
}

/**
 * Footer link groups (spec §2 Footer): the products (each an anchor into the landing page's
 * features grid), who runs it, and the legal pages.
 */
const FOOTER_GROUPS: { titleKey: string; links: FooterLink[] }[] = [
  {
    titleKey: "footer.product",
    links: [
      { href: "/features", labelKey: "footer.features" },
      { href: "/#features", labelKey: "footer.aiWebsites" },
      { href: "/#features", labelKey: "footer.crm" },
      { href: "/#features", labelKey: "footer.emailAutomation" },
      { href: "/#features", labelKey: "footer.multilingual" },
      { href: "/#features", labelKey: "footer.analytics" },
    ],
  },
  {
    titleKey: "footer.company",
    links: [
      { href: "/about", labelKey: "footer.about" },
      { href: "/contact", labelKey: "footer.contact" },
      { href: "/faq", labelKey: "footer.faq" },
      { href: "/pricing", labelKey: "footer.pricing" },
      { href: "/help", labelKey: "footer.help" },
      { href: "/api-docs", labelKey: "footer.apiDocs" },
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

/** The services the product runs on (payments, email delivery, database): their own sites. */
const PARTNERS = [
  { name: "Stripe", href: "https://stripe.com" },
  { name: "Resend", href: "https://resend.com" },
  { name: "SendGrid", href: "https://sendgrid.com" },
  { name: "PostgreSQL", href: "https://www.postgresql.org" },
];

const LINK_CLASS = "text-muted-foreground no-underline hover:text-foreground hover:underline";

function FooterAnchor({ href, label }: { href: string; label: string }) {
  // "/#features" is a plain link: on the landing page the browser scrolls to the grid itself.
  if (href.includes("#")) {
    return (
      <a href={href} className={LINK_CLASS}>
        {label}
      </a>
    );
  }
  return (
    <Link href={href} className={LINK_CLASS}>
      {label}
    </Link>
  );
}

export function SiteFooter() {
  const { t } = useTranslation("common");
  return (
    <footer className="border-t border-border bg-background" data-testid="site-footer">
      {/* Room at the bottom, so the floating cookie and chat buttons never cover the last links. */}
      <div className="mx-auto grid max-w-[1200px] grid-cols-2 gap-8 px-4 pt-10 pb-24 text-sm text-muted-foreground sm:px-6 md:grid-cols-3 lg:grid-cols-[1.4fr_repeat(4,1fr)]">
        <div className="col-span-2 md:col-span-3 lg:col-span-1">
          <p className="font-medium text-foreground">
            {t("footer.rights", { year: new Date().getFullYear() })}
          </p>
          <p className="mt-1 max-w-xs text-xs">{t("footer.tagline")}</p>
          <div className="mt-5 max-w-56">
            <LanguageSwitcher label={t("footer.language")} testId="footer-language-select" />
          </div>
        </div>
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.titleKey} aria-label={t(group.titleKey)}>
            <p className="font-semibold text-foreground">{t(group.titleKey)}</p>
            <ul className="mt-3 grid gap-2">
              {group.links.map(({ href, labelKey }) => (
                <li key={labelKey}>
                  <FooterAnchor href={href} label={t(labelKey)} />
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <nav aria-label={t("footer.partners")} data-testid="footer-partners">
          <p className="font-semibold text-foreground">{t("footer.partners")}</p>
          <ul className="mt-3 grid gap-2">
            {PARTNERS.map(({ name, href }) => (
              <li key={name}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`inline-flex items-center gap-1 ${LINK_CLASS}`}
                >
                  {name}
                  <ExternalLink className="size-3" aria-hidden />
                  <span className="sr-only">{t("footer.opensInNewTab")}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
