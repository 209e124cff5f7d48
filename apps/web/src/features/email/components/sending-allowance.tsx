import { formatNumber } from "@/lib/format";
import { useTranslation } from "@/lib/use-translation";
import { useSubscriptionStatus } from "@/queries/subscription-status";

/**
 * What the owner's plan lets them send: today's and this month's emails against the plan's daily and
 * monthly limits (Tokyo days). Campaigns wait for the next day once today's limit is reached.
 */
export function SendingAllowance({ language }: { language: string }) {
  const { t } = useTranslation("email");
  const status = useSubscriptionStatus({ enabled: true });
  if (!status.data) return null;
  const { emailsSentToday, emailDailyLimit, emailsSentThisMonth, emailMonthlyLimit } = status.data;
  const full = emailsSentToday >= emailDailyLimit || emailsSentThisMonth >= emailMonthlyLimit;
  return (
    <p
      className={full ? "text-sm text-destructive" : "text-sm text-muted-foreground"}
      data-testid="email-allowance"
      role={full ? "status" : undefined}
    >
      {t("allowance.text", {
        today: formatNumber(emailsSentToday, language),
        daily: formatNumber(emailDailyLimit, language),
        month: formatNumber(emailsSentThisMonth, language),
        monthly: formatNumber(emailMonthlyLimit, language),
      })}
      {full ? ` ${t("allowance.full")}` : ""}
    </p>
  );
}
