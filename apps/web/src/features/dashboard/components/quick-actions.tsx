import { ArrowRight, Globe, Mail, MonitorSmartphone, Send, Users } from "lucide-react";
import { Link } from "wouter";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useTranslation } from "@/lib/use-translation";

const ACTIONS = [
  { href: "/websites", key: "websites", icon: MonitorSmartphone },
  { href: "/crm", key: "crm", icon: Users },
  { href: "/email", key: "email", icon: Mail },
  { href: "/email-management", key: "emailManagement", icon: Send },
  { href: "/domain-management", key: "domainManagement", icon: Globe },
];

/** Spec §2: quick actions to websites, CRM, email, email service and domains. */
export function QuickActions() {
  const { t } = useTranslation("dashboard");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("quickActions.title")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1 px-3 pb-3">
        {ACTIONS.map(({ href, key, icon: Icon }) => (
          <Link
            key={key}
            href={href}
            className="group flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-foreground no-underline transition-colors hover:bg-muted"
          >
            <span className="grid size-8 place-items-center rounded-lg bg-brand-50 text-primary">
              <Icon className="size-4" aria-hidden />
            </span>
            <span className="flex-1">{t(`quickActions.${key}`)}</span>
            <ArrowRight
              className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
              aria-hidden
            />
          </Link>
        ))}
      </CardContent>
    </Card>
  );
}
