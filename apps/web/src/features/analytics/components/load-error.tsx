import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useTranslation } from "@/lib/use-translation";

/** A read failed: say which, and let the owner try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation("analytics");
  return (
    <Alert variant="destructive" className="items-center justify-between" data-testid="analytics-error">
      <span>{message}</span>
      <Button variant="outline" size="sm" onClick={onRetry} data-testid="analytics-retry">
        {t("retry")}
      </Button>
    </Alert>
  );
}
