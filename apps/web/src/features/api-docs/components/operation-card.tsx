import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { useTranslation } from "@/lib/use-translation";
import type { OperationEntry } from "../group-operations";
import type { OpenApiDocument } from "../openapi-types";
import { describeType, type SchemaField, schemaFields } from "../schema-fields";
import { FieldList } from "./field-list";
import { MethodBadge } from "./method-badge";
import { ResponseList } from "./response-list";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h4 className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">{title}</h4>
      {children}
    </section>
  );
}

/** One endpoint: method, path, summary, parameters, request body fields, responses. */
export function OperationCard({ entry, doc }: { entry: OperationEntry; doc: OpenApiDocument }) {
  const { t } = useTranslation("api-docs");
  const { method, path, operation } = entry;
  const parameters: SchemaField[] = (operation.parameters ?? []).map((p) => ({
    name: `${p.name}`,
    type: `${describeType(p.schema, doc)} · ${p.in}`,
    required: p.required === true,
    nullable: false,
    description: p.description,
    rules: [],
  }));
  const content = operation.requestBody?.content ?? {};
  const bodySchema = (content["application/json"] ?? Object.values(content)[0])?.schema;
  const bodyFields = bodySchema ? schemaFields(bodySchema, doc) : [];
  const id = `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, "-");

  return (
    <Card id={id} className="scroll-mt-24 overflow-hidden" data-testid="api-operation">
      <div className="flex flex-col gap-2 border-b border-border bg-surface/60 px-4 py-3 sm:flex-row sm:items-center sm:gap-3 sm:px-5">
        <div className="flex min-w-0 items-center gap-3">
          <MethodBadge method={method} />
          <code
            className="min-w-0 font-mono text-sm font-semibold break-all text-foreground"
            data-testid="api-path"
          >
            {path}
          </code>
        </div>
        {operation.deprecated ? <Badge variant="muted">{t("deprecated")}</Badge> : null}
        {operation.security?.length ? <Badge variant="outline">{t("signInRequired")}</Badge> : null}
      </div>
      <div className="grid grid-cols-1 gap-5 px-4 py-4 sm:px-5">
        {operation.summary || operation.description ? (
          <div>
            {operation.summary ? (
              <h3 className="text-[0.9375rem] font-semibold break-words">{operation.summary}</h3>
            ) : null}
            {operation.description && operation.description !== operation.summary ? (
              <p className="mt-1 text-sm break-words whitespace-pre-line text-muted-foreground">
                {operation.description}
              </p>
            ) : null}
          </div>
        ) : null}
        {parameters.length ? (
          <Section title={t("parameters")}>
            <FieldList fields={parameters} />
          </Section>
        ) : null}
        {operation.requestBody ? (
          <Section title={t("requestBody")}>
            {bodyFields.length ? (
              <FieldList fields={bodyFields} />
            ) : (
              <p className="text-sm text-muted-foreground">{describeType(bodySchema, doc)}</p>
            )}
          </Section>
        ) : null}
        {operation.responses && Object.keys(operation.responses).length ? (
          <Section title={t("responses")}>
            <ResponseList responses={operation.responses} doc={doc} />
          </Section>
        ) : null}
      </div>
    </Card>
  );
}
