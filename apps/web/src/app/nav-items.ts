import {
  ChartColumn,
  Globe,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  MonitorSmartphone,
  Send,
  Users,
} from "lucide-react";

export interface NavItem {
  href: string;
  /** Key in the common namespace. */
  labelKey: string;
  /** data-testid is `nav-${id}`. */
  id: string;
  icon: LucideIcon;
}

/** The signed-in header navigation (spec §2 Dashboard). */
export const APP_NAV: NavItem[] = [
  { href: "/", labelKey: "nav.dashboard", id: "dashboard", icon: LayoutDashboard },
  { href: "/websites", labelKey: "nav.websites", id: "websites", icon: MonitorSmartphone },
  { href: "/crm", labelKey: "nav.crm", id: "crm", icon: Users },
  { href: "/email", labelKey: "nav.email", id: "email", icon: Mail },
  { href: "/email-management", labelKey: "nav.emailManagement", id: "email-management", icon: Send },
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
