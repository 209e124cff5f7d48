/**
 * Who may open a page (spec §2 /sitemap): anyone, signed-in users, the enterprise team feature,
 * or another website.
 */
export type SitemapAccess = "public" | "login" | "enterprise" | "external";

export interface SitemapEntry {
  /** Key in `info:sitemap.pages`. */
  id: string;
  href: string;
  access: SitemapAccess;
  /** App screens a signed-out visitor can try with sample data (spec §6). */
  demo?: boolean;
}

/** Every route of the product, grouped as the sitemap shows them. */
export const SITEMAP_GROUPS: readonly { id: string; entries: readonly SitemapEntry[] }[] = [
  {
    id: "product",
    entries: [
      { id: "home", href: "/", access: "public" },
      { id: "features", href: "/features", access: "public" },
      { id: "pricing", href: "/pricing", access: "public" },
      { id: "caseStudies", href: "/case-studies", access: "public" },
      { id: "auth", href: "/auth", access: "public" },
    ],
  },
  {
    id: "company",
    entries: [
      { id: "about", href: "/about", access: "public" },
      { id: "contact", href: "/contact", access: "public" },
      { id: "sitemap", href: "/sitemap", access: "public" },
    ],
  },
  {
    id: "help",
    entries: [
      { id: "help", href: "/help", access: "public" },
      { id: "faq", href: "/faq", access: "public" },
      { id: "tutorials", href: "/tutorials", access: "public" },
      { id: "apiDocs", href: "/api-docs", access: "public" },
      { id: "health", href: "/__health", access: "public" },
    ],
  },
  {
    id: "app",
    entries: [
      { id: "dashboard", href: "/dashboard", access: "login" },
      { id: "websites", href: "/websites", access: "login", demo: true },
      { id: "crm", href: "/crm", access: "login", demo: true },
      { id: "email", href: "/email", access: "login", demo: true },
      { id: "emailManagement", href: "/email-management", access: "login" },
      { id: "domainManagement", href: "/domain-management", access: "login", demo: true },
      { id: "analytics", href: "/analytics", access: "login", demo: true },
    ],
  },
  {
    id: "account",
    entries: [
      { id: "subscription", href: "/subscription", access: "login" },
      { id: "profile", href: "/profile", access: "login" },
      { id: "apiSettings", href: "/api-settings", access: "login" },
      { id: "team", href: "/team", access: "enterprise" },
    ],
  },
  {
    id: "legal",
    entries: [
      { id: "terms", href: "/terms", access: "public" },
      { id: "privacy", href: "/privacy", access: "public" },
      { id: "security", href: "/security", access: "public" },
      { id: "cookies", href: "/cookies", access: "public" },
      { id: "commercialLaw", href: "/commercial-law", access: "public" },
    ],
  },
  {
    id: "external",
    entries: [{ id: "stripe", href: "https://stripe.com/", access: "external" }],
  },
];
