import { CAMPAIGN_DELIVERY_PROBLEMS, type TCampaign, type TCampaignDeliveryProblem } from "@shobai/shared";
import { useQuery } from "@tanstack/react-query";
import { ListChecks } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime, formatNumber } from "@/lib/format";
import { useTranslation } from "@/lib/use-translation";
import { campaignDeliveriesQueryOptions } from "../api/campaigns";

/** How many of each problem the campaign's figures count. */
function countOf(campaign: TCampaign, status: TCampaignDeliveryProblem): number {
  const { stats } = campaign;
  return {
    bounced: stats.bounced,
    complained: stats.complained,
    deferred: stats.deferred,
    failed: stats.failed,
    skipped: stats.skipped,
    unknown: stats.unknown,
  }[status];
}

/**
 * The campaign's emails that did not simply arrive, by kind (bounced, spam reports, retrying, failed,
 * skipped, unknown), each with its address, the receiving side's reason and the time. Shown only
 * when there is something to show; the trigger gets focus back when the dialog closes.
 */
export function CampaignDeliveriesDialog({ campaign, language }: { campaign: TCampaign; language: string }) {
  const { t } = useTranslation(["email", "common"]);
  const kinds = CAMPAIGN_DELIVERY_PROBLEMS.filter((s) => countOf(campaign, s) > 0);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<TCampaignDeliveryProblem | null>(null);
  const status = chosen && kinds.includes(chosen) ? chosen : kinds[0];
  const list = useQuery({
    ...campaignDeliveriesQueryOptions(campaign.id, status ?? "bounced"),
    enabled: open && status !== undefined,
  });
  if (kinds.length === 0 || !status) return null;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="link" size="sm" className="h-auto p-0 text-xs" data-testid="campaign-details">
          <ListChecks aria-hidden />
          {t("list.details")}
        </Button>
      </DialogTrigger>
      <DialogContent
        closeLabel={t("common:nav.close")}
        className="max-h-[85dvh] overflow-y-auto sm:max-w-2xl"
        data-testid="campaign-details-dialog"
      >
        <DialogHeader>
          <DialogTitle>{t("list.detailsTitle", { name: campaign.name })}</DialogTitle>
          <DialogDescription>{campaign.subject}</DialogDescription>
        </DialogHeader>
        <div role="radiogroup" aria-label={t("list.details")} className="flex flex-wrap gap-2">
          {kinds.map((kind) => (
            <Button
              key={kind}
              role="radio"
              aria-checked={kind === status}
              variant={kind === status ? "secondary" : "outline"}
              size="sm"
              onClick={() => setChosen(kind)}
              data-testid={`campaign-details-${kind}`}
            >
              {t(`list.problem.${kind}`)}
              <span className="tabular-nums text-muted-foreground">
                {formatNumber(countOf(campaign, kind), language)}
              </span>
            </Button>
          ))}
        </div>
        {list.isPending ? (
          <div className="flex flex-col gap-2">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : list.data && list.data.items.length > 0 ? (
          <>
            <ul className="divide-y divide-border rounded-lg border" data-testid="campaign-details-list">
              {list.data.items.map((item) => (
                <li key={`${item.address}-${item.at}`} className="flex flex-col gap-0.5 px-3 py-2 text-sm">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="min-w-0 break-all font-medium">{item.address}</span>
                    <time className="shrink-0 text-xs text-muted-foreground" dateTime={item.at}>
                      {formatDateTime(item.at)}
                    </time>
                  </div>
                  {item.reason ? (
                    <p className="break-words text-xs text-muted-foreground">{item.reason}</p>
                  ) : null}
                  {item.nextTryAt ? (
                    <p className="text-xs text-muted-foreground">
                      {t("list.nextTry", { date: formatDateTime(item.nextTryAt) })}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
            {list.data.total > list.data.items.length ? (
              <p className="text-xs text-muted-foreground">
                {t("list.detailsMore", { shown: list.data.items.length, total: list.data.total })}
              </p>
            ) : null}
          </>
        ) : (
          <p className="text-sm text-muted-foreground">{t("list.detailsEmpty")}</p>
        )}
      </DialogContent>
    </Dialog>
  );
}
