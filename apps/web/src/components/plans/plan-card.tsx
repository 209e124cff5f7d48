import type { TPlan } from "@shobai/shared/constants";
import { withoutTax } from "@shobai/shared/constants";
import { Check, Star } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { formatJpy, formatNumber } from "@/lib/format";
import { useTranslation } from "@/lib/use-translation";

/** current: the running plan; locked: not an upgrade (downgrades go through billing management). */
export type PlanChoice = "selectable" | "current" | "locked";

interface PlanCardProps {
  plan: TPlan;
  choice: PlanChoice;
  /** This plan's checkout is being started. */
  pending: boolean;
  /** Another plan's checkout is being started. */
  busy: boolean;
  onSelect: () => void;
}

/**
 * One plan (spec §2 Pricing): name, monthly JPY price, limits, features and Select Plan. The
 * recommended plan is outlined in the accent colour; White Label, for resellers, is dark.
 */
export function PlanCard({ plan, choice, pending, busy, onSelect }: PlanCardProps) {
  const { t, i18n } = useTranslation(["subscription", "common"]);
  const dark = plan.id === "white_label";
  const name = t(`common:plans.${plan.id}`, { defaultValue: plan.name });
  const hintId = `plan-${plan.id}-hint`;
  const muted = dark ? "text-brand-200" : "text-muted-foreground";

  return (
    <article
      data-testid={`plan-card-${plan.id}`}
      aria-labelledby={`plan-${plan.id}-name`}
      className={cn(
        "relative flex flex-col rounded-xl border p-6 shadow-card",
        dark ? "border-brand-900 bg-brand-950 text-white" : "border-border bg-background",
        plan.recommended && "border-primary ring-2 ring-primary",
      )}
    >
      {plan.recommended ? (
        <span
          data-testid={`plan-recommended-${plan.id}`}
          className="absolute -top-3 left-6 inline-flex items-center gap-1 rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground shadow-sm"
        >
          <Star className="size-3.5 fill-current" aria-hidden />
          {t("plans.recommended")}
        </span>
      ) : null}

      <h3 id={`plan-${plan.id}-name`} className="text-lg font-bold">
        {name}
      </h3>
      <p className="mt-3 flex items-baseline gap-1.5">
        <span
          className="text-3xl font-bold tracking-tight tabular-nums"
          data-testid={`plan-price-${plan.id}`}
        >
          {formatJpy(plan.priceJpy)}
        </span>
        <span className={cn("text-sm", muted)}>{t("plans.perMonth")}</span>
        <span className={cn("text-xs font-medium", muted)}>{t("plans.taxIncluded")}</span>
      </p>
      <p className={cn("mt-0.5 text-xs tabular-nums", muted)} data-testid={`plan-price-exclusive-${plan.id}`}>
        {t("plans.taxExclusive", { price: formatJpy(withoutTax(plan.priceJpy)) })}
      </p>

      <dl className={cn("mt-5 grid gap-2 border-y py-4 text-sm", dark ? "border-white/15" : "border-border")}>
        <div className="flex items-center justify-between gap-3">
          <dt className={muted}>{t("plans.websites")}</dt>
          <dd className="font-semibold tabular-nums" data-testid={`plan-websites-${plan.id}`}>
            {t("plans.websitesValue", { value: formatNumber(plan.websiteLimit, i18n.language) })}
          </dd>
        </div>
        <div className="flex items-center justify-between gap-3">
          <dt className={muted}>{t("plans.members")}</dt>
          <dd className="font-semibold tabular-nums" data-testid={`plan-members-${plan.id}`}>
            {t("plans.membersValue", { value: formatNumber(plan.memberLimit, i18n.language) })}
          </dd>
        </div>
        <div className="flex items-center justify-between gap-3">
          <dt className={muted}>{t("plans.emails")}</dt>
          <dd className="font-semibold tabular-nums">
            {t("plans.emailsValue", { value: formatNumber(plan.emailMonthlyLimit, i18n.language) })}
          </dd>
        </div>
      </dl>

      <ul className="mt-5 mb-6 grid gap-2.5 text-sm" aria-label={t("plans.featuresLabel", { plan: name })}>
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2.5">
            <Check
              className={cn("mt-1 size-4 shrink-0", dark ? "text-brand-300" : "text-success")}
              aria-hidden
            />
            <span>{t(`features.${feature}`, { defaultValue: feature })}</span>
          </li>
        ))}
      </ul>

      {/* The hint sits above the button so every card's button lines up at the bottom. */}
      <div className="mt-auto grid gap-2">
        {choice === "locked" ? (
          <p
            id={hintId}
            className={cn("text-xs leading-relaxed", muted)}
            data-testid={`plan-hint-${plan.id}`}
          >
            {t("plans.downgradeHint")}
          </p>
        ) : null}
        <Button
          data-testid={`plan-select-${plan.id}`}
          size="lg"
          variant={choice === "selectable" && (plan.recommended || dark) ? "default" : "outline"}
          className={cn(
            "w-full",
            dark && "border-transparent bg-white text-brand-950 hover:bg-brand-100",
            dark && choice !== "selectable" && "bg-white/90",
          )}
          disabled={choice !== "selectable" || pending || busy}
          aria-describedby={choice === "locked" ? hintId : undefined}
          aria-busy={pending || undefined}
          onClick={onSelect}
        >
          {pending ? <Spinner /> : choice === "current" ? <Check aria-hidden /> : null}
          {pending ? t("plans.processing") : choice === "current" ? t("plans.current") : t("plans.select")}
        </Button>
      </div>
    </article>
  );
}
