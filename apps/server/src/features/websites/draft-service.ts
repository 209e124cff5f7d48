import { ERROR_CODES, type TLanguage, ZBusinessCategory } from "@shobai/shared";
import { composeSite, placedPhotoIds, type TSiteContent, withoutPhoto, ZSiteContent } from "@shobai/sitegen";
import {
  type TRegenerableSection,
  type TRegeneratedSection,
  type TSiteDraft,
  type TSiteRevision,
  ZEditableSite,
  ZSaveDraft,
} from "@shobai/sitegen/editor";
import type { Database } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { SECTIONS as AI_SECTION_IDS, type TSection as TAiSection } from "../../providers/ai/site-writer";
import * as dq from "./draft-queries";
import * as q from "./queries";
import { kept } from "./service";

const AI_SECTIONS: readonly string[] = AI_SECTION_IDS;
const isAiSection = (section: string): section is TAiSection => AI_SECTIONS.includes(section);

export type DraftDeps = {
  db: Database;
  /** The AI provider's section writer (websites service), when configured; null answer: composer. */
  writeSectionWithAi?: (
    ownerId: string,
    site: TSiteContent,
    languages: TLanguage[],
    section: TAiSection,
    description: string,
    from?: TLanguage,
  ) => Promise<Partial<Record<TLanguage, unknown>> | null>;
  /** Called after a publish changed what visitors see (the site's slug). */
  onChanged?: (slug: string | null) => void;
};

const conflict = () =>
  AppError.conflict(
    ERROR_CODES.revisionConflict,
    "The draft was changed elsewhere (another tab or device) since this one was loaded",
  );

/**
 * The site editor's drafts (issue 18): the owner edits a copy of the content model; visitors see
 * the published content until the owner publishes; every publish is a numbered revision.
 */
export function createDraftService(deps: DraftDeps) {
  const { db } = deps;

  async function requireWebsite(ownerId: string, id: string): Promise<q.WebsiteRow> {
    const row = await q.findWebsite(db, ownerId, id);
    if (!row) throw AppError.notFound("Website not found");
    return row;
  }

  function toDraft(row: q.WebsiteRow): TSiteDraft {
    return {
      revision: row.draftRevision,
      content: ZSiteContent.parse(row.draft ?? row.content),
      publishedRevision: row.publishedRevision,
      unpublishedChanges: row.draft !== null,
      savedAt: (row.draftSavedAt ?? row.updatedAt).toISOString(),
    };
  }

  return {
    async getDraft(ownerId: string, id: string): Promise<TSiteDraft> {
      return toDraft(await requireWebsite(ownerId, id));
    },

    async saveDraft(ownerId: string, id: string, input: unknown): Promise<TSiteDraft> {
      // Parsed here as a whole, so a bad field is named from the body: content.content.ja.hero.headline.
      const { revision, content } = ZSaveDraft.parse(input);
      const saved = await dq.saveDraft(
        db,
        ownerId,
        id,
        revision,
        content as unknown as Record<string, unknown>,
      );
      if (saved) return toDraft(saved);
      await requireWebsite(ownerId, id);
      throw conflict();
    },

    async publish(ownerId: string, id: string, revision: number): Promise<TSiteDraft> {
      const row = await requireWebsite(ownerId, id);
      if (row.draftRevision !== revision) throw conflict();
      // A draft is checked when saved; what is published is checked again (it may predate a rule).
      const content = ZEditableSite.parse(row.draft ?? row.content);
      const published = await dq.publishDraft(db, ownerId, id, revision, {
        name: content.businessName,
        template: content.template ?? content.industry,
        languages: content.languages,
        facts: (content.facts ?? null) as Record<string, unknown> | null,
      });
      if (!published) throw conflict();
      deps.onChanged?.(published.slug);
      return toDraft(published);
    },

    async revisions(ownerId: string, id: string): Promise<TSiteRevision[]> {
      await requireWebsite(ownerId, id);
      const rows = await dq.listRevisions(db, id);
      return rows.map((row) => ({
        revision: row.revision,
        kind: row.kind === "generated" ? "generated" : "published",
        publishedAt: row.publishedAt.toISOString(),
      }));
    },

    async revision(ownerId: string, id: string, revision: number): Promise<TSiteContent> {
      await requireWebsite(ownerId, id);
      const row = await dq.findRevision(db, id, revision);
      if (!row) throw AppError.notFound("Revision not found");
      return ZSiteContent.parse(row.content);
    },

    /** An old version becomes the draft (a new draft revision); visitors see it once it is published. */
    async restore(ownerId: string, id: string, revision: number): Promise<TSiteDraft> {
      await requireWebsite(ownerId, id);
      const old = await dq.findRevision(db, id, revision);
      if (!old) throw AppError.notFound("Revision not found");
      // Photos deleted from the library since that version are taken out (decision 0053): their
      // files are gone, so the draft would show broken images; the template's illustration shows.
      let content = ZSiteContent.parse(old.content);
      const placed = placedPhotoIds(content);
      const existing = await dq.existingMediaIds(db, id, placed);
      const missing = placed.filter((mediaId) => !existing.has(mediaId));
      for (const mediaId of missing) content = withoutPhoto(content, mediaId);
      const row = await dq.replaceDraft(
        db,
        ownerId,
        id,
        missing.length > 0 ? (content as unknown as Record<string, unknown>) : old.content,
      );
      if (!row) throw AppError.notFound("Website not found");
      return missing.length > 0 ? { ...toDraft(row), photosRemoved: missing.length } : toDraft(row);
    },

    /**
     * One section written again, in the given languages of the draft: by the AI provider when one is
     * configured and the plan allows (with `from`, as a translation of that language's version), else
     * by the built-in composer from the site's description and confirmed facts. Nothing is stored:
     * the editor keeps or discards it.
     */
    async regenerateSection(
      ownerId: string,
      id: string,
      section: TRegenerableSection,
      languages: string[] | undefined,
      from?: TLanguage,
    ): Promise<TRegeneratedSection> {
      const row = await requireWebsite(ownerId, id);
      const current = ZSiteContent.parse(row.draft ?? row.content);
      const wanted = (
        languages ? current.languages.filter((l) => languages.includes(l)) : current.languages
      ).filter((l) => l !== from);
      if (wanted.length === 0) {
        throw AppError.badRequest(
          ERROR_CODES.validation,
          "languages: none of them is a language of this site (other than the one to fill from)",
        );
      }
      if (from && !current.content[from]) {
        throw AppError.badRequest(ERROR_CODES.validation, "from: this site has no text in that language");
      }
      const description = row.businessDescription || current.businessName;
      if (deps.writeSectionWithAi && isAiSection(section)) {
        const written = await deps.writeSectionWithAi(ownerId, current, wanted, section, description, from);
        if (written) {
          const content: TRegeneratedSection["content"] = {};
          for (const lang of wanted) content[lang] = written[lang];
          return { section, writer: "ai", content };
        }
      }
      const fresh = composeSite(
        {
          businessDescription: row.businessDescription || current.businessName,
          businessType: ZBusinessCategory.catch("consulting").parse(row.businessType),
          targetMarket: current.targetMarket,
          languages: wanted,
        },
        { businessName: current.businessName, ...kept(row, current) },
      );
      const content: TRegeneratedSection["content"] = {};
      for (const lang of wanted) content[lang] = fresh.content[lang]?.[section];
      return { section, writer: "composer", content };
    },
  };
}

export type DraftService = ReturnType<typeof createDraftService>;
