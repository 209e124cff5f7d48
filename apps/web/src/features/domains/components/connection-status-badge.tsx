import type { TCustomDomain } from "@shobai/shared";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";

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
