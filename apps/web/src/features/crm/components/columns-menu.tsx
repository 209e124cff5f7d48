import type { TContactField } from "@shobai/shared";
import { TableProperties } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useTranslation } from "@/lib/use-translation";

/** Which custom fields show as list columns. */
export function ColumnsMenu({
  fields,
  shown,
  onToggle,
}: {
  fields: TContactField[];
  shown: string[];
  onToggle: (fieldId: string, shown: boolean) => void;
}) {
  const { t } = useTranslation("crm");
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" data-testid="crm-columns">
          <TableProperties aria-hidden />
          <span className="hidden sm:inline">{t("listColumns.button")}</span>
          <span className="sr-only sm:hidden">{t("listColumns.button")}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="text-xs text-muted-foreground">
          {t("listColumns.title")}
        </DropdownMenuLabel>
        {fields.map((field) => (
          <DropdownMenuCheckboxItem
            key={field.id}
            checked={shown.includes(field.id)}
            onCheckedChange={(checked) => onToggle(field.id, checked === true)}
            onSelect={(e) => e.preventDefault()}
            data-testid="crm-column-option"
          >
            {field.label}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
