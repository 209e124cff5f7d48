import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { useTranslation } from "@/lib/use-translation";

interface ComingSoonPanelProps {
  icon: LucideIcon;
  title: string;
  description: string;
  /** Where to go instead (a button or link). */
  action?: ReactNode;
}

/** Stands in for a screen a later release delivers: says what it will do and where to go now. */
export function ComingSoonPanel({ icon: Icon, title, description, action }: ComingSoonPanelProps) {
  const { t } = useTranslation("common");
  return (
    <Card
      className="mx-auto flex max-w-2xl flex-col items-center px-6 py-12 text-center sm:px-12 sm:py-16"
      data-testid="coming-soon"
    >
      <span className="mb-6 grid size-14 place-items-center rounded-2xl bg-brand-50 text-primary ring-1 ring-brand-100">
        <Icon className="size-7" aria-hidden />
      </span>
      <Badge variant="secondary" className="mb-3">
        {t("comingSoon.badge")}
      </Badge>
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      <p className="mt-3 max-w-[36em] text-muted-foreground">{description}</p>
      <p className="mt-1 max-w-[36em] text-sm text-muted-foreground">{t("comingSoon.description")}</p>
      {action ? <div className="mt-8">{action}</div> : null}
    </Card>
  );
}
