import { Badge } from "@/components/ui/badge";
import { useTranslation } from "@/lib/use-translation";
import type { SchemaField } from "../schema-fields";

/**
 * Fields as rows: name with required/optional, type, constraints. A list rather than a table
 * so it reads on a phone as well as on a desktop.
 */
export function FieldList({ fields }: { fields: SchemaField[] }) {
  const { t } = useTranslation("api-docs");
  return (
    <div className="overflow-hidden rounded-lg border border-border">
      <div className="hidden grid-cols-[minmax(0,1.2fr)_minmax(0,0.8fr)_minmax(0,1.4fr)] gap-4 bg-surface px-4 py-2 text-xs font-medium text-muted-foreground sm:grid">
        <span>{t("field")}</span>
        <span>{t("type")}</span>
        <span>{t("rules")}</span>
      </div>
      <ul className="divide-y divide-border">
        {fields.map((field) => (
          <li
            key={field.name}
            className="grid gap-1 px-4 py-3 sm:grid-cols-[minmax(0,1.2fr)_minmax(0,0.8fr)_minmax(0,1.4fr)] sm:gap-4"
            data-testid="api-field"
          >
            <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
              <code className="font-mono text-[13px] font-semibold break-all text-foreground">
                {field.name}
              </code>
              {field.required ? (
                <Badge variant="destructive" className="px-1.5 py-0 text-[11px]">
                  {t("required")}
                </Badge>
              ) : (
                <span className="text-[11px] text-muted-foreground">{t("optional")}</span>
              )}
            </div>
            <div className="flex flex-wrap items-center gap-1.5">
              <code className="font-mono text-[13px] text-brand-700">{field.type}</code>
              {field.nullable ? (
                <span className="text-[11px] text-muted-foreground">{t("nullable")}</span>
              ) : null}
            </div>
            <div className="min-w-0 text-[13px] text-muted-foreground">
              {field.description ? <p className="text-foreground">{field.description}</p> : null}
              {field.rules.length ? (
                <ul className="flex flex-wrap gap-1.5">
                  {field.rules.map((rule) => (
                    <li
                      key={`${rule.kind}-${rule.value}`}
                      className="rounded bg-muted px-1.5 font-mono text-xs break-all"
                    >
                      {t(`rule.${rule.kind}`, { value: rule.value })}
                    </li>
                  ))}
                </ul>
              ) : field.description ? null : (
                <span aria-hidden>—</span>
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
