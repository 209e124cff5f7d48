import { FileJson } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useTranslation } from "@/lib/use-translation";
import { useOpenApi } from "../api/get-openapi";
import { OperationCard } from "../components/operation-card";
import { TagNav } from "../components/tag-nav";
import { groupOperations, tagAnchor, tagTitle } from "../group-operations";

function LoadingSkeleton() {
  return (
    <div className="grid gap-4" data-testid="api-docs-loading">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-40 w-full rounded-xl" />
      ))}
    </div>
  );
}

/** /api-docs: the server's OpenAPI document as readable reference pages. */
export default function ApiDocsPage() {
  const { t } = useTranslation(["api-docs", "common"]);
  const { data: doc, isLoading, error, refetch } = useOpenApi();
  const groups = doc ? groupOperations(doc) : [];

  return (
    <div className="flex flex-col gap-8" data-testid="api-docs">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold sm:text-3xl">{t("title")}</h1>
            {doc?.info?.version ? (
              <Badge variant="secondary">{t("version", { version: doc.info.version })}</Badge>
            ) : null}
          </div>
          <p className="mt-2 max-w-[44em] text-muted-foreground">{t("subtitle")}</p>
        </div>
        <Button asChild variant="outline" size="sm" className="self-start sm:self-auto">
          <a href="/api/openapi.json" target="_blank" rel="noreferrer">
            <FileJson aria-hidden />
            {t("download")}
          </a>
        </Button>
      </header>

      {isLoading ? <LoadingSkeleton /> : null}
      {error ? (
        <Alert variant="destructive" className="items-center justify-between">
          <span>
            {t("loadFailed")} ({error.message.slice(0, 120)})
          </span>
          <Button size="sm" variant="outline" onClick={() => void refetch()}>
            {t("common:actions.retry")}
          </Button>
        </Alert>
      ) : null}
      {doc && groups.length === 0 ? <p className="text-muted-foreground">{t("empty")}</p> : null}

      {doc && groups.length ? (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[220px_minmax(0,1fr)]">
          <aside className="min-w-0">
            <TagNav groups={groups} />
          </aside>
          <div className="flex min-w-0 flex-col gap-12">
            {groups.map((group) => (
              <section
                key={group.tag ?? "_other"}
                id={tagAnchor(group.tag)}
                className="flex scroll-mt-24 flex-col gap-4"
                data-testid="api-tag"
              >
                <div>
                  <h2 className="text-xl font-bold">{group.tag ? tagTitle(group.tag) : t("untagged")}</h2>
                  {group.description ? (
                    <p className="mt-1 text-sm text-muted-foreground">{group.description}</p>
                  ) : null}
                </div>
                {group.operations.map((entry) => (
                  <OperationCard key={`${entry.method} ${entry.path}`} entry={entry} doc={doc} />
                ))}
              </section>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
