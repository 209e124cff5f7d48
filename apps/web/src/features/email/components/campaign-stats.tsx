import type { TCampaign } from "@shobai/shared";
import { type LucideIcon, Mail, MailOpen, Megaphone, MousePointerClick } from "lucide-react";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber, formatPercent } from "@/lib/format";
import { useTranslation } from "@/lib/use-translation";

/**
 * Campaigns, emails sent, and open and click rates over every email sent (not per campaign). Opens
 * are counted only by campaigns that chose to (trackOpens): null when none did.
 */
export function campaignTotals(campaigns: TCampaign[]) {
  let sent = 0;
  let tracked = 0;
  let opened = 0;
  let clicked = 0;
  for (const c of campaigns) {
    sent += c.stats.emailsSent;
    clicked += c.stats.clicked;
    if (c.trackOpens) {
      tracked += c.stats.emailsSent;
      opened += c.stats.opened;
    }
  }
  return {
    campaigns: campaigns.length,
    active: campaigns.filter((c) => c.state === "active").length,
    sent,
    openRate: tracked > 0 ? (opened / tracked) * 100 : null,
    clickRate: sent > 0 ? (clicked / sent) * 100 : 0,
  };
}

function Tile({
  label,
  value,
  icon: Icon,
  testId,
  hint,
}: {
  label: string;
  value: string;
  icon: LucideIcon;
  testId: string;
  hint?: string;
}) {
  return (
    <Card className="flex min-w-0 flex-col p-4">
      <div className="flex items-center justify-between gap-2">
        <p className="truncate text-sm font-medium text-muted-foreground">{label}</p>
        <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      </div>
      <p className="mt-1.5 text-2xl font-bold tabular-nums" data-testid={`email-stat-${testId}`}>
        {value}
      </p>
      {hint ? <p className="mt-0.5 truncate text-xs text-muted-foreground">{hint}</p> : null}
    </Card>
  );
}

export function CampaignStats({
  campaigns,
  isLoading,
  language,
}: {
  campaigns: TCampaign[];
  isLoading: boolean;
  language: string;
}) {
  const { t } = useTranslation("email");
  if (isLoading) {
    return (
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((tile) => (
          <Card key={tile} className="flex flex-col gap-2.5 p-4">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-8 w-16" />
          </Card>
        ))}
      </div>
    );
  }
  const totals = campaignTotals(campaigns);
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" data-testid="email-stats">
      <Tile
        label={t("stats.campaigns")}
        value={formatNumber(totals.campaigns, language)}
        icon={Megaphone}
        testId="campaigns"
        hint={totals.active > 0 ? t("stats.activeCount", { count: totals.active }) : undefined}
      />
      <Tile
        label={t("stats.emailsSent")}
        value={formatNumber(totals.sent, language)}
        icon={Mail}
        testId="sent"
      />
      <Tile
        label={t("stats.openRate")}
        value={totals.openRate === null ? "—" : formatPercent(totals.openRate, language)}
        icon={MailOpen}
        testId="open-rate"
      />
      <Tile
        label={t("stats.clickRate")}
        value={formatPercent(totals.clickRate, language)}
        icon={MousePointerClick}
        testId="click-rate"
      />
    </div>
  );
}
