import type { TCampaign } from "@shobai/shared";
import { CalendarX, Pause, Pencil, Play, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { formatDate, formatNumber, formatPercent } from "@/lib/format";
import { useTranslation } from "@/lib/use-translation";
import { CampaignStateBadge, CampaignTypeBadge } from "./campaign-badges";
import { CampaignDeliveriesDialog } from "./campaign-deliveries-dialog";

interface CampaignListProps {
  campaigns: TCampaign[];
  language: string;
  /** The campaign whose start/stop is on its way, if any. */
  togglingId: string | null;
  onToggle: (campaign: TCampaign) => void;
  /** Cancels a scheduled campaign's start. */
  onCancelSchedule?: (campaign: TCampaign) => void;
  onEdit: (campaign: TCampaign) => void;
  onDelete: (campaign: TCampaign) => void;
}

function Figure({
  label,
  value,
  title,
  testId,
}: {
  label: string;
  value: string;
  /** Says why a figure is missing ("—"), for the tooltip and screen readers. */
  title?: string | undefined;
  testId: string;
}) {
  return (
    <div className="min-w-0">
      <dt className="truncate text-xs text-muted-foreground">{label}</dt>
      <dd className="text-base font-semibold tabular-nums" data-testid={testId} title={title}>
        {value}
        {title ? <span className="sr-only">{title}</span> : null}
      </dd>
    </div>
  );
}

/** A scheduled time in Tokyo time, in the interface's language. */
function formatTokyo(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === "ja" ? "ja-JP" : language, {
    timeZone: "Asia/Tokyo",
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(iso));
}

/** The campaigns, newest first as the server sends them: what each is, how it went, and its actions. */
export function CampaignList({
  campaigns,
  language,
  togglingId,
  onToggle,
  onCancelSchedule,
  onEdit,
  onDelete,
}: CampaignListProps) {
  const { t } = useTranslation(["email", "crm"]);
  return (
    <Card className="overflow-hidden">
      <ul aria-label={t("list.label")} className="divide-y divide-border">
        {campaigns.map((campaign) => {
          const { stats } = campaign;
          const statuses =
            campaign.audience.length === 0
              ? t("list.audienceAll")
              : campaign.audience.map((s) => t(`crm:status.${s}`)).join("・");
          // A newsletter narrowed by a segment says so (its conditions are in the edit dialog).
          const audience =
            campaign.type === "newsletter" && (campaign.segmentId || campaign.segment)
              ? `${statuses}・${t("list.segmented")}`
              : statuses;
          const details = [
            t("list.createdAt", { date: formatDate(campaign.createdAt) }),
            audience,
            campaign.type === "followup" && campaign.followupDays
              ? t("list.followupAfter", { count: campaign.followupDays })
              : null,
            stats.pending > 0 ? t("list.pending", { count: stats.pending }) : null,
            campaign.state === "scheduled" && campaign.scheduledAt
              ? t("list.scheduledFor", { date: formatTokyo(campaign.scheduledAt, language) })
              : null,
          ].filter(Boolean);
          const toggling = togglingId === campaign.id;
          return (
            <li
              key={campaign.id}
              data-testid="campaign-row"
              data-campaign-name={campaign.name}
              className="flex flex-col gap-4 p-4 transition-colors hover:bg-surface/60 sm:px-5 lg:flex-row lg:items-center lg:gap-6"
            >
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <h3 className="min-w-0 break-words font-semibold" data-testid="campaign-name-text">
                    {campaign.name}
                  </h3>
                  <CampaignTypeBadge type={campaign.type} />
                  <CampaignStateBadge state={campaign.state} />
                </div>
                <p className="mt-1 truncate text-sm text-foreground/80" title={campaign.subject}>
                  {campaign.subject}
                </p>
                <p className="mt-0.5 text-xs text-muted-foreground">
                  {details.join(" ・ ")}
                  {stats.failed > 0 ? (
                    <span className="text-destructive">
                      {" ・ "}
                      {t("list.failed", { count: stats.failed })}
                    </span>
                  ) : null}
                  {stats.bounced > 0 ? (
                    <span className="text-destructive" data-testid="campaign-bounced">
                      {" ・ "}
                      {t("list.bounced", { count: stats.bounced })}
                    </span>
                  ) : null}
                  {stats.complained > 0 ? (
                    <span className="text-destructive" data-testid="campaign-complained">
                      {" ・ "}
                      {t("list.complained", { count: stats.complained })}
                    </span>
                  ) : null}
                  {stats.deferred > 0 ? (
                    <span className="text-amber-700" data-testid="campaign-deferred">
                      {" ・ "}
                      {t("list.deferred", { count: stats.deferred })}
                    </span>
                  ) : null}
                  {stats.skipped > 0 ? (
                    <span data-testid="campaign-skipped">
                      {" ・ "}
                      {t("list.skipped", { count: stats.skipped })}
                    </span>
                  ) : null}
                  {stats.unknown > 0 ? (
                    <span className="text-amber-700" data-testid="campaign-unknown">
                      {" ・ "}
                      {t("list.unknown", { count: stats.unknown })}
                    </span>
                  ) : null}
                </p>
                <CampaignDeliveriesDialog campaign={campaign} language={language} />
                {campaign.stopReason ? (
                  <p
                    className="mt-1 text-xs text-destructive"
                    role="status"
                    data-testid="campaign-stop-reason"
                  >
                    {t(`list.stopReason.${campaign.stopReason}`)}
                  </p>
                ) : null}
              </div>
              <dl className="grid grid-cols-3 gap-3 rounded-lg bg-surface px-3 py-2 lg:w-72 lg:shrink-0 lg:bg-transparent lg:p-0">
                <Figure
                  label={t("list.sent")}
                  value={formatNumber(stats.emailsSent, language)}
                  testId="campaign-sent"
                />
                <Figure
                  label={t("list.openRate")}
                  value={campaign.trackOpens ? formatPercent(stats.openRate, language) : "—"}
                  title={campaign.trackOpens ? undefined : t("list.opensNotCounted")}
                  testId="campaign-open-rate"
                />
                <Figure
                  label={t("list.clickRate")}
                  value={formatPercent(stats.clickRate, language)}
                  testId="campaign-click-rate"
                />
              </dl>
              <div className="flex items-center gap-2 lg:w-56 lg:shrink-0 lg:justify-end">
                {campaign.state === "scheduled" ? (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => onCancelSchedule?.(campaign)}
                    disabled={toggling}
                    data-testid="campaign-cancel-schedule"
                    className="min-w-20 flex-1 sm:flex-none"
                  >
                    {toggling ? <Spinner /> : <CalendarX aria-hidden />}
                    {t("actions.cancelSchedule")}
                  </Button>
                ) : campaign.state === "sent" ? null : (
                  <Button
                    variant={campaign.isActive ? "outline" : "secondary"}
                    size="sm"
                    onClick={() => onToggle(campaign)}
                    disabled={toggling}
                    data-testid="campaign-toggle"
                    className="min-w-20 flex-1 sm:flex-none"
                  >
                    {toggling ? (
                      <Spinner />
                    ) : campaign.isActive ? (
                      <Pause aria-hidden />
                    ) : (
                      <Play aria-hidden />
                    )}
                    {campaign.isActive ? t("actions.stop") : t("actions.start")}
                  </Button>
                )}
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => onEdit(campaign)}
                  data-testid="campaign-edit"
                  className="flex-1 sm:flex-none"
                >
                  <Pencil aria-hidden />
                  {t("actions.edit")}
                </Button>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  onClick={() => onDelete(campaign)}
                  className="text-destructive hover:bg-destructive-soft"
                  aria-label={`${t("actions.delete")}: ${campaign.name}`}
                  title={t("actions.delete")}
                  data-testid="campaign-delete"
                >
                  <Trash2 aria-hidden />
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/** Grey bars where campaigns will appear (lists never show a spinner). */
export function CampaignListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <Card className="divide-y divide-border overflow-hidden" data-testid="campaign-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <div key={i} className="flex flex-col gap-3 p-4 sm:px-5 lg:flex-row lg:items-center lg:gap-6">
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-5 w-56" />
            <Skeleton className="h-4 w-72 max-w-full" />
          </div>
          <Skeleton className="h-10 w-full lg:w-72" />
          <Skeleton className="h-8 w-40" />
        </div>
      ))}
    </Card>
  );
}
