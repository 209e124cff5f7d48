import { HTTP_METHODS, type HttpMethod, type OpenApiDocument, type OpenApiOperation } from "./openapi-types";

export interface OperationEntry {
  method: HttpMethod;
  path: string;
  operation: OpenApiOperation;
}

export interface TagGroup {
  /** null for operations without a tag. */
  tag: string | null;
  description?: string;
  operations: OperationEntry[];
}

function isOperation(value: unknown): value is OpenApiOperation {
  return typeof value === "object" && value !== null;
}

/**
 * Operations grouped by their first tag: tags in the document's order, then any tags it did
 * not declare (alphabetically), then the untagged ones. Inside a group: by path, then method.
 */
export function groupOperations(doc: OpenApiDocument): TagGroup[] {
  const groups = new Map<string | null, OperationEntry[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isOperation(operation)) continue;
      const tag = operation.tags?.[0] ?? null;
      const list = groups.get(tag) ?? [];
      list.push({ method, path, operation });
      groups.set(tag, list);
    }
  }

  const declared = (doc.tags ?? []).map((t) => t.name);
  const undeclared = [...groups.keys()]
    .filter((tag): tag is string => tag !== null && !declared.includes(tag))
    .sort((a, b) => a.localeCompare(b));
  const order: (string | null)[] = [...declared, ...undeclared, null];

  return order.flatMap((tag) => {
    const operations = groups.get(tag);
    if (!operations?.length) return [];
    operations.sort(
      (a, b) =>
        a.path.localeCompare(b.path) || HTTP_METHODS.indexOf(a.method) - HTTP_METHODS.indexOf(b.method),
    );
    const description = doc.tags?.find((t) => t.name === tag)?.description;
    return [{ tag, description, operations }];
  });
}

/** A stable anchor for a tag section. */
export function tagAnchor(tag: string | null): string {
  return `tag-${(tag ?? "other").toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
}

/** A tag as a heading: "crm" → "CRM", "profile" → "Profile". */
export function tagTitle(tag: string): string {
  if (tag.length <= 3) return tag.toUpperCase();
  return tag.charAt(0).toUpperCase() + tag.slice(1);
}
