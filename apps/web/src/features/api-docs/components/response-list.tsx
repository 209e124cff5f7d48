import { ChevronRight } from "lucide-react";
import { type ReactNode, useState } from "react";
import { cn } from "@/lib/cn";
import { useTranslation } from "@/lib/use-translation";
import type { OpenApiDocument, OpenApiOperation } from "../openapi-types";
import { describeType, schemaFields } from "../schema-fields";
import { FieldList } from "./field-list";

function statusClass(code: string): string {
  if (code.startsWith("2")) return "bg-[#e6f4ec] text-[#17663f]";
  if (code.startsWith("3")) return "bg-brand-50 text-brand-700";
  if (code.startsWith("4")) return "bg-[#fff3dc] text-[#8a5300]";
  if (code.startsWith("5")) return "bg-destructive-soft text-destructive";
  return "bg-muted text-muted-foreground";
}

/**
 * A response whose body fields fold out. The fields are rendered when it is first opened: the
 * reference has hundreds of responses, and their fields, all closed, were most of the page's
 * elements (79,000 for 160 operations) and of the time it took to appear.
 */
function FoldedFields({ head, fields }: { head: ReactNode; fields: ReturnType<typeof schemaFields> }) {
  const [opened, setOpened] = useState(false);
  return (
    <details
      className="group rounded-lg border border-border"
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      <summary className="flex cursor-pointer list-none items-center gap-3 px-3 py-2 [&::-webkit-details-marker]:hidden">
        <ChevronRight
          className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-90"
          aria-hidden
        />
        {head}
      </summary>
      <div className="px-3 pb-3">{opened ? <FieldList fields={fields} /> : null}</div>
    </details>
  );
}

/** Each response code with its description; a body's fields fold out. */
export function ResponseList({
  responses,
  doc,
}: {
  responses: NonNullable<OpenApiOperation["responses"]>;
  doc: OpenApiDocument;
}) {
  const { t } = useTranslation("api-docs");
  return (
    <ul className="flex flex-col gap-2">
      {Object.entries(responses).map(([code, response]) => {
        const schema = response.content?.["application/json"]?.schema;
        const fields = schema ? schemaFields(schema, doc) : [];
        const head = (
          <>
            <span
              className={cn(
                "inline-flex h-6 min-w-12 items-center justify-center rounded-md px-2 font-mono text-xs font-bold",
                statusClass(code),
              )}
            >
              {code}
            </span>
            <span className="min-w-0 flex-1 text-sm text-foreground">{response.description}</span>
            {schema ? (
              <code className="font-mono text-xs text-muted-foreground">{describeType(schema, doc)}</code>
            ) : null}
          </>
        );
        return (
          <li key={code} data-testid="api-response">
            {fields.length ? (
              <FoldedFields head={head} fields={fields} />
            ) : (
              <div className="flex items-center gap-3 rounded-lg border border-border px-3 py-2">
                <span className="size-4 shrink-0" aria-hidden />
                {head}
                {!schema ? <span className="sr-only">{t("noBody")}</span> : null}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
