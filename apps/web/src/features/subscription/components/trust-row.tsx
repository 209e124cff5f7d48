import { Clock, LockKeyhole, ShieldCheck, Zap } from "lucide-react";
import { useTranslation } from "@/lib/use-translation";

const ITEMS = [
  { key: "ssl", icon: LockKeyhole },
  { key: "instant", icon: Zap },
  { key: "support", icon: Clock },
  { key: "moneyBack", icon: ShieldCheck },
] as const;

/** The spec's trust row under the plans: payment, activation, support, money-back guarantee. */
export function TrustRow() {
  const { t } = useTranslation("subscription");
  return (
    <section aria-label={t("pricing.trustLabel")} data-testid="pricing-trust">
      <ul className="grid gap-3 rounded-xl border border-border bg-background p-4 sm:grid-cols-2 sm:p-6 lg:grid-cols-4">
        {ITEMS.map(({ key, icon: Icon }) => (
          <li key={key} className="flex items-center gap-3 text-sm font-medium">
            <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-50 text-primary">
              <Icon className="size-4" aria-hidden />
            </span>
            {t(`pricing.trust.${key}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}
