import type { TCustomDomain } from "@shobai/shared";
import { Badge } from "@/components/ui/badge";
import { useTranslation } from "@/lib/use-translation";

export function ConnectionStatusBadge({ status }: { status: TCustomDomain["status"] }) {
  const { t } = useTranslation("domains");
  return (
    <Badge
      variant={status === "verified" ? "success" : "secondary"}
      data-testid="connection-status"
      data-status={status}
    >
      {t(`connections.status.${status}`)}
    </Badge>
  );
}
