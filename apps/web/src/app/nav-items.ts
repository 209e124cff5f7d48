import {
  ChartColumn,
  Globe,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  MonitorSmartphone,
  Users,
} from "lucide-react";

export interface NavItem {
  href: string;
  /** Key in the common namespace. */
  labelKey: string;
  /** data-testid is `nav-${id}`. */
  id: string;
  /** Other pages of the same area: the item shows as current there too. */
  also?: readonly string[];
  icon: LucideIcon;
}

/** The signed-in header navigation (spec §2 Dashboard). */
export const APP_NAV: NavItem[] = [
  { href: "/", labelKey: "nav.dashboard", id: "dashboard", icon: LayoutDashboard },
  { href: "/websites", labelKey: "nav.websites", id: "websites", icon: MonitorSmartphone },
  { href: "/crm", labelKey: "nav.crm", id: "crm", icon: Users },
  // One Email area (issue 20): campaigns at /email, sending status and senders at /email-management.
  { href: "/email", labelKey: "nav.email", id: "email", icon: Mail, also: ["/email-management"] },
  { href: "/domain-management", labelKey: "nav.domainManagement", id: "domain-management", icon: Globe },
  { href: "/analytics", labelKey: "nav.analytics", id: "analytics", icon: ChartColumn },
];

/** The public navigation bar (spec §2): /contact is labelled support. */
export const PUBLIC_NAV: Omit<NavItem, "icon">[] = [
  { href: "/features", labelKey: "nav.features", id: "features" },
  { href: "/pricing", labelKey: "nav.pricing", id: "pricing" },
  { href: "/about", labelKey: "nav.about", id: "about" },
  { href: "/contact", labelKey: "nav.support", id: "contact" },
];
