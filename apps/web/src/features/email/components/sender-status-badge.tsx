import type { TSenderStatus } from "@shobai/shared/constants";
import { CircleAlert, CircleCheck, Clock } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import { useTranslation } from "@/lib/use-translation";

const STYLE: Record<TSenderStatus, string> = {
  verified: "bg-success-soft text-success",
  pending: "bg-warning-soft text-amber-900",
  unverified: "bg-muted text-muted-foreground",
};
const ICON = { verified: CircleCheck, pending: Clock, unverified: CircleAlert } as const;

/** Spec §4: not verified, Pending, verified. */
export function SenderStatusBadge({ status, testId }: { status: TSenderStatus; testId?: string }) {
  const { t } = useTranslation("email");
  const Icon = ICON[status];
  return (
    <Badge className={cn(STYLE[status])} data-testid={testId} data-status={status}>
      <Icon className="size-3.5" aria-hidden />
      {t(`check.statuses.${status}`)}
    </Badge>
  );
}
