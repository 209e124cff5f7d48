import type { TOwnedDomain } from "@shobai/shared";
import { Badge } from "@/components/ui/badge";
import { useTranslation } from "@/lib/use-translation";

const VARIANTS = { registering: "secondary", active: "success", expired: "destructive" } as const;

export function DomainStatusBadge({ status }: { status: TOwnedDomain["status"] }) {
  const { t } = useTranslation("domains");
  return (
    <Badge variant={VARIANTS[status]} data-testid="owned-domain-status" data-status={status}>
      {t(`owned.status.${status}`)}
    </Badge>
  );
}
