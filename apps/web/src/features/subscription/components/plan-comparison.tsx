import {
  canBuyDomains,
  PAID_PLAN_IDS,
  PLANS,
  type TPaidPlanId,
  type TPlanFeature,
} from "@shobai/shared/constants";
import { Check, Minus, Star } from "lucide-react";
import { Fragment, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { formatJpy, formatNumber } from "@/lib/format";
import { useTranslation } from "@/lib/use-translation";

/**
 * A plan includes what it lists and everything the plans below it list: plans only go up the
 * upgrade order (spec §4), and each tier adds to the one before it.
 */
function includes(planId: TPaidPlanId, feature: TPlanFeature): boolean {
  const rank = PAID_PLAN_IDS.indexOf(planId);
  return PAID_PLAN_IDS.slice(0, rank + 1).some((id) => PLANS[id].features.includes(feature));
}

/** The best support level a plan has, as a feature key. */
function supportOf(planId: TPaidPlanId): TPlanFeature {
  const levels = ["dedicated_support", "priority_support", "email_support"] as const;
  return levels.find((level) => includes(planId, level)) ?? "email_support";
}

type Cell = { kind: "check"; included: boolean } | { kind: "value"; text: string; testId?: string };

interface Row {
  key: string;
  label: string;
  cell: (planId: TPaidPlanId) => Cell;
}

const FEATURE_ROWS: TPlanFeature[] = [
  "basic_templates",
  "premium_templates",
  "email_integration",
  "advanced_email_automation",
  "basic_crm",
  "advanced_crm",
  "analytics_dashboard",
  "advanced_analytics",
  "custom_domain",
  "api_access",
  "custom_integrations",
];
const EVERY_PLAN_ROWS = ["trial", "languages", "sslHosting", "cookielessAnalytics"] as const;
const RESELLER_ROWS: TPlanFeature[] = [
  "white_label_branding",
  "reseller_features",
  "multi_tenant_management",
];

// The feature names stay put while the plans scroll; on phones a hairline separates them.
const STICKY = "sticky left-0 z-10 bg-background max-sm:shadow-[inset_-1px_0_0_var(--color-border)]";
const HIGHLIGHT = "bg-brand-50/70";

/**
 * The spec's feature comparison (§2 Pricing): the four paid plans side by side, from the plan
 * catalogue. On phones the table scrolls sideways inside its frame, the feature names stay put.
 */
export function PlanComparison() {
  const { t, i18n } = useTranslation(["subscription", "common"]);
  const number = (value: number) => formatNumber(value, i18n.language);
  const check = (included: boolean): Cell => ({ kind: "check", included });
  const feature = (key: TPlanFeature): Row => ({
    key,
    label: t(`features.${key}`),
    cell: (planId) => check(includes(planId, key)),
  });

  const groups: { key: string; rows: Row[] }[] = [
    {
      key: "limits",
      rows: [
        {
          key: "websites",
          label: t("plans.websites"),
          cell: (planId) => ({
            kind: "value",
            text: t("plans.websitesValue", { value: number(PLANS[planId].websiteLimit) }),
            testId: `compare-websites-${planId}`,
          }),
        },
        {
          key: "members",
          label: t("plans.members"),
          cell: (planId) => ({
            kind: "value",
            text: t("plans.membersValue", { value: number(PLANS[planId].memberLimit) }),
            testId: `compare-members-${planId}`,
          }),
        },
        {
          key: "emails",
          label: t("plans.emails"),
          cell: (planId) => ({
            kind: "value",
            text: t("plans.emailsValue", { value: number(PLANS[planId].emailMonthlyLimit) }),
          }),
        },
      ],
    },
    {
      key: "everyPlan",
      rows: EVERY_PLAN_ROWS.map((key) => ({
        key,
        label: t(`pricing.compare.rows.${key}`),
        cell: () => check(true),
      })),
    },
    {
      key: "features",
      rows: FEATURE_ROWS.flatMap((key) =>
        key === "custom_domain"
          ? [
              feature(key),
              // Domains are bought on the plans with custom domains (decision 0042).
              {
                key: "domainPurchase",
                label: t("pricing.compare.rows.domainPurchase"),
                cell: (planId: TPaidPlanId) => check(canBuyDomains(planId, "ok")),
              },
            ]
          : [feature(key)],
      ),
    },
    {
      key: "support",
      rows: [
        {
          key: "support",
          label: t("pricing.compare.rows.support"),
          cell: (planId) => ({ kind: "value", text: t(`features.${supportOf(planId)}`) }),
        },
        feature("sla_guarantee"),
      ],
    },
    { key: "reseller", rows: RESELLER_ROWS.map(feature) },
  ];

  return (
    <section aria-labelledby="plan-compare-title" data-testid="plan-comparison">
      <div className="mx-auto max-w-[40rem] text-center">
        <h2 id="plan-compare-title" className="text-2xl font-bold sm:text-3xl">
          {t("pricing.compare.title")}
        </h2>
        <p className="mt-3 text-muted-foreground">{t("pricing.compare.subtitle")}</p>
      </div>
      <p className="mt-6 text-center text-xs text-muted-foreground sm:hidden">
        {t("pricing.compare.scrollHint")}
      </p>
      {/* relative: the visually hidden labels (absolutely positioned) scroll with the table instead of widening the page. */}
      {/* A region that scrolls sideways takes focus, so a keyboard can scroll it (WCAG 2.1.1). */}
      <section
        aria-label={t("pricing.compare.title")}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        className="relative mt-3 overflow-x-auto rounded-xl border border-border bg-background shadow-card focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:mt-8"
      >
        <table className="w-full min-w-[42rem] table-fixed border-separate border-spacing-0 text-sm [word-break:auto-phrase] [&_td]:border-b [&_td]:border-border [&_th]:border-b [&_th]:border-border [&_tbody_tr:last-child>*]:border-b-0">
          <caption className="sr-only">{t("pricing.compare.title")}</caption>
          <thead>
            <tr>
              <th scope="col" className={cn(STICKY, "w-40 p-3 text-left align-bottom sm:w-[30%] sm:p-4")}>
                <span className="sr-only">{t("pricing.compare.featureColumn")}</span>
              </th>
              {PAID_PLAN_IDS.map((planId) => {
                const plan = PLANS[planId];
                return (
                  <th
                    key={planId}
                    scope="col"
                    data-testid={`compare-plan-${planId}`}
                    className={cn("px-2 py-3 text-center align-bottom sm:p-4", plan.recommended && HIGHLIGHT)}
                  >
                    {plan.recommended ? (
                      <span className="mb-1.5 inline-flex items-center gap-1 rounded-full bg-primary px-2 py-0.5 text-[0.6875rem] font-semibold text-primary-foreground">
                        <Star className="size-3 fill-current" aria-hidden />
                        {t("plans.recommended")}
                      </span>
                    ) : null}
                    <span className="block text-sm font-bold sm:text-base">
                      {t(`common:plans.${planId}`, { defaultValue: plan.name })}
                    </span>
                    <span className="block text-xs font-normal text-muted-foreground tabular-nums">
                      {formatJpy(plan.priceJpy)} {t("plans.perMonth")}
                    </span>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {groups.map((group) => (
              <Fragment key={group.key}>
                <tr className="bg-muted/60">
                  <th scope="colgroup" colSpan={PAID_PLAN_IDS.length + 1} className="p-0 text-left">
                    <span className="sticky left-0 block w-max px-3 py-2 text-xs font-semibold tracking-wide text-muted-foreground sm:px-4">
                      {t(`pricing.compare.groups.${group.key}`)}
                    </span>
                  </th>
                </tr>
                {group.rows.map((row) => (
                  <tr key={row.key}>
                    <th
                      scope="row"
                      className={cn(
                        STICKY,
                        "px-3 py-2.5 text-left text-[0.8125rem] font-medium sm:px-4 sm:text-sm",
                      )}
                    >
                      {row.label}
                    </th>
                    {PAID_PLAN_IDS.map((planId) => (
                      <td
                        key={planId}
                        className={cn(
                          "px-2 py-2.5 text-center sm:px-4",
                          PLANS[planId].recommended && HIGHLIGHT,
                        )}
                      >
                        <CellContent cell={row.cell(planId)} />
                      </td>
                    ))}
                  </tr>
                ))}
              </Fragment>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}

function CellContent({ cell }: { cell: Cell }): ReactNode {
  const { t } = useTranslation("subscription");
  if (cell.kind === "value") {
    return (
      <span className="font-semibold tabular-nums" data-testid={cell.testId}>
        {cell.text}
      </span>
    );
  }
  return cell.included ? (
    <>
      <Check className="mx-auto size-4 text-success" aria-hidden />
      <span className="sr-only">{t("pricing.compare.included")}</span>
    </>
  ) : (
    <>
      <Minus className="mx-auto size-4 text-muted-foreground/60" aria-hidden />
      <span className="sr-only">{t("pricing.compare.notIncluded")}</span>
    </>
  );
}
