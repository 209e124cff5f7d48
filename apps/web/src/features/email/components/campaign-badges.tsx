import type { TCampaignState, TCampaignType } from "@shobai/shared/constants";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import { useTranslation } from "@/lib/use-translation";

const STATE_STYLE: Record<TCampaignState, string> = {
  draft: "bg-muted text-muted-foreground",
  scheduled: "bg-brand-50 text-brand-900",
  active: "bg-success-soft text-success",
  stopped: "bg-warning-soft text-amber-900",
  sent: "bg-brand-50 text-brand-900",
};

const STATE_DOT: Record<TCampaignState, string> = {
  draft: "bg-muted-foreground/60",
  scheduled: "bg-primary/60",
  active: "bg-success",
  stopped: "bg-amber-500",
  sent: "bg-primary",
};

export function CampaignTypeBadge({ type }: { type: TCampaignType }) {
  const { t } = useTranslation("email");
  return (
    <Badge variant="outline" data-testid="campaign-type-badge">
      {t(`type.${type}`)}
    </Badge>
  );
}

export function CampaignStateBadge({ state }: { state: TCampaignState }) {
  const { t } = useTranslation("email");
  return (
    <Badge className={cn(STATE_STYLE[state])} data-testid="campaign-state" data-state={state}>
      <span aria-hidden className={cn("size-1.5 rounded-full", STATE_DOT[state])} />
      {t(`state.${state}`)}
    </Badge>
  );
}
