import type { TSiteContent } from "@shobai/sitegen/editor";
import {
  type TRegenerableSection,
  ZRegeneratedSection,
  ZSiteContent,
  ZSiteDraft,
  ZSiteRevisions,
} from "@shobai/sitegen/editor";
import { apiGet, apiJson } from "@/lib/api-request";

const base = (id: string) => `/api/websites/${encodeURIComponent(id)}`;

/** GET /api/websites/{id}/draft: the content the editor works on, with its revision. */
export const fetchDraft = (id: string, signal?: AbortSignal) =>
  apiGet(`${base(id)}/draft`, ZSiteDraft, { signal });

/** PUT /api/websites/{id}/draft: 409 `revision_conflict` when another tab saved since `revision`. */
export const saveDraft = (id: string, revision: number, content: TSiteContent) =>
  apiJson("PUT", `${base(id)}/draft`, { revision, content }, ZSiteDraft);

export const publishDraft = (id: string, revision: number) =>
  apiJson("POST", `${base(id)}/publish`, { revision }, ZSiteDraft);

export const fetchRevisions = (id: string) => apiGet(`${base(id)}/revisions`, ZSiteRevisions);

export const fetchRevision = (id: string, revision: number) =>
  apiGet(`${base(id)}/revisions/${revision}`, ZSiteContent);

export const restoreRevision = (id: string, revision: number) =>
  apiJson("POST", `${base(id)}/revisions/${revision}/restore`, undefined, ZSiteDraft);

/** Writes a section again in `languages`; with `from`, from that language's version (a translation with the AI). */
export const regenerateSection = (
  id: string,
  section: TRegenerableSection,
  languages: string[],
  from?: string,
) =>
  apiJson(
    "POST",
    `${base(id)}/sections/${section}/regenerate`,
    from ? { languages, from } : { languages },
    ZRegeneratedSection,
  );
