import type { TContactSource } from "@shobai/shared";
import { FileSpreadsheet, Globe, PenLine } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { useTranslation } from "@/lib/use-translation";

const ICONS = { manual: PenLine, website_form: Globe, import: FileSpreadsheet } as const;

/** Where a contact came from: typed in, the website's contact form, or a CSV import. */
export function SourceBadge({ source }: { source: TContactSource }) {
  const { t } = useTranslation("crm");
  const Icon = ICONS[source];
  return (
    <Badge variant="outline" className="gap-1.5 font-normal text-muted-foreground" data-source={source}>
      <Icon className="size-3.5" aria-hidden />
      {t(`source.${source}`)}
    </Badge>
  );
}
