import { ZIdParams, ZLanguage } from "@shobai/shared";
import { z } from "zod";
import { SECTION_IDS, ZLocalizedContent, ZSiteContent } from "../content-model.ts";
import { contrastProblems } from "./contrast.ts";

/**
 * The site as the editor saves it: the generator's content model, plus what a page needs to render
 * (text in every site language) and AA contrast. The server takes nothing else.
 */
export const ZEditableSite = ZSiteContent.superRefine((site, ctx) => {
  for (const lang of site.languages) {
    if (!site.content[lang]) {
      ctx.addIssue({
        code: "custom",
        path: ["content", lang],
        message: `no text in the site language ${lang}`,
      });
    }
  }
  if (new Set(site.languages).size !== site.languages.length) {
    ctx.addIssue({ code: "custom", path: ["languages"], message: "each language at most once" });
  }
  for (const problem of contrastProblems(site.colours)) {
    ctx.addIssue({
      code: "custom",
      path: ["colours", problem.path],
      message: `contrast ${problem.ratio}:1 is below WCAG AA (4.5:1)`,
      params: { code: "contrast_too_low" },
    });
  }
});

/** `revision` counts the draft's saves; a save names the revision it started from. */
export const ZSiteDraft = z.object({
  revision: z.number().int().min(0),
  content: ZSiteContent,
  /** How many versions were published; 0 before the first publish from the editor. */
  publishedRevision: z.number().int().min(0),
  /** Whether the draft differs from what visitors see. */
  unpublishedChanges: z.boolean(),
  savedAt: z.string(),
  /**
   * Restore only: how many photos the old version placed that were deleted from the media library
   * since; they are taken out of the restored draft (the template's illustration shows there).
   */
  photosRemoved: z.number().int().min(0).optional(),
});
export type TSiteDraft = z.infer<typeof ZSiteDraft>;

export const ZSaveDraft = z.object({
  /** The draft revision this save started from; another save in between gets 409 `revision_conflict`. */
  revision: z.number().int().min(0),
  content: ZEditableSite,
});
export type TSaveDraft = z.input<typeof ZSaveDraft>;

export const ZPublishDraft = z.object({ revision: z.number().int().min(0) });

export const ZSiteRevision = z.object({
  revision: z.number().int().min(1),
  publishedAt: z.string(),
  /** Revision 1 of a site published before the editor: what the generator wrote. */
  kind: z.enum(["generated", "published"]),
});
export type TSiteRevision = z.infer<typeof ZSiteRevision>;

export const ZRevisionParams = ZIdParams.extend({ rev: z.coerce.number().int().min(1).max(1_000_000) });

/** Sections a generator can write again: the hero and every page section. */
export const REGENERABLE_SECTIONS = ["hero", ...SECTION_IDS] as const;
export const ZRegenerableSection = z.enum(REGENERABLE_SECTIONS);
export type TRegenerableSection = z.infer<typeof ZRegenerableSection>;

export const ZSectionParams = ZIdParams.extend({ sectionId: ZRegenerableSection });

export const ZRegenerateSection = z.object({
  /** The languages to write; default: every site language. */
  languages: z.array(ZLanguage).min(1).max(6).optional(),
  /** Write them from this language's version of the section (a translation, with the AI provider). */
  from: ZLanguage.optional(),
});

/** A section written again, per language, for the owner to keep or discard; nothing is saved. */
export const ZRegeneratedSection = z.object({
  section: ZRegenerableSection,
  writer: z.enum(["ai", "composer"]),
  content: z.partialRecord(ZLanguage, z.unknown()),
});
export type TRegeneratedSection = z.infer<typeof ZRegeneratedSection>;

/** The shape of one section's text (for checking a regenerated section before the editor keeps it). */
export const sectionSchema = (section: TRegenerableSection) => ZLocalizedContent.shape[section];

export const ZSiteRevisions = z.array(ZSiteRevision);
