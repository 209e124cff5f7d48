import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { ZApiError, ZIdParams } from "@shobai/shared";
import {
  ZPublishDraft,
  ZRegeneratedSection,
  ZRegenerateSection,
  ZRevisionParams,
  ZSectionParams,
  ZSiteRevision,
} from "@shobai/sitegen/editor";
import { z } from "zod";
import type { DraftService } from "./draft-service";

const errors = { 400: ZApiError, 401: ZApiError, 404: ZApiError };

/**
 * The content model in this document: one object field. Its full shape (six languages × every
 * section) would be thousands of rows in the API reference; the service parses bodies with the
 * real schema (`ZSaveDraft`, `ZEditableSite`), so field paths in 400 answers are the full ones.
 */
const ZContentModel = z
  .record(z.string(), z.unknown())
  .describe(
    "The sitegen content model (TSiteContent): businessName, colours, facts, content per language, template, font, sections",
  );
const ZDraftDoc = z.object({
  revision: z.number().int(),
  content: ZContentModel,
  publishedRevision: z.number().int(),
  unpublishedChanges: z.boolean(),
  savedAt: z.string(),
  /** Restore only: photos of that version deleted from the library since, taken out of the draft. */
  photosRemoved: z.number().int().min(0).optional(),
});
const ZSaveDraftBody = z.object({ revision: z.number().int().min(0), content: ZContentModel });

/** The site editor's API (issue 18): drafts, publishing, revisions, one section written again. */
export const draftRoutes: FastifyPluginAsyncZod<{ service: DraftService }> = async (app, { service }) => {
  const tags = ["websites"];

  app.get(
    "/api/websites/:id/draft",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "The website's draft in the editor",
        description:
          "The content model (the same as generation's) the editor works on, with its revision number. " +
          "Until the owner publishes, visitors see the published version.",
        params: ZIdParams,
        response: { 200: ZDraftDoc, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .header("cache-control", "no-store")
        .send(await service.getDraft(request.workspace.id, request.params.id)),
  );

  app.put(
    "/api/websites/:id/draft",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Save the draft",
        description:
          "`revision` is the draft revision the change started from. When another tab or device saved " +
          "meanwhile, 409 `revision_conflict` and nothing is written. Content failing the content model " +
          "or WCAG AA contrast (`contrast_too_low`) gets 400 with the field path.",
        params: ZIdParams,
        body: ZSaveDraftBody,
        response: { 200: ZDraftDoc, 409: ZApiError, ...errors },
      },
    },
    async (request) => service.saveDraft(request.workspace.id, request.params.id, request.body),
  );

  app.post(
    "/api/websites/:id/publish",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Publish the draft",
        description:
          "The draft at `revision` becomes what visitors see (the server renders the pages from it) and a " +
          "new numbered revision. 409 `revision_conflict` when the draft changed since.",
        params: ZIdParams,
        body: ZPublishDraft,
        response: { 200: ZDraftDoc, 409: ZApiError, ...errors },
      },
    },
    async (request) => service.publish(request.workspace.id, request.params.id, request.body.revision),
  );

  app.get(
    "/api/websites/:id/revisions",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "The website's published versions, newest first",
        params: ZIdParams,
        response: { 200: z.array(ZSiteRevision), ...errors },
      },
    },
    async (request) => service.revisions(request.workspace.id, request.params.id),
  );

  app.get(
    "/api/websites/:id/revisions/:rev",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "One published version's content, to preview it",
        params: ZRevisionParams,
        response: { 200: ZContentModel, ...errors },
      },
    },
    async (request) => service.revision(request.workspace.id, request.params.id, request.params.rev),
  );

  app.post(
    "/api/websites/:id/revisions/:rev/restore",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Make a published version the draft again",
        description:
          "The old version becomes the draft (a new draft revision); publish it to show it to visitors.",
        params: ZRevisionParams,
        response: { 200: ZDraftDoc, ...errors },
      },
    },
    async (request) => service.restore(request.workspace.id, request.params.id, request.params.rev),
  );

  app.post(
    "/api/websites/:id/sections/:sectionId/regenerate",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Write one section again",
        description:
          "The AI provider (when configured and the plan allows) or the built-in composer writes the section " +
          "again from the description and confirmed facts, per language; with `from`, the AI translates that " +
          "language's version (the editor's \"fill from\"). Nothing is saved: the editor keeps or discards the result.",
        params: ZSectionParams,
        body: ZRegenerateSection,
        response: { 200: ZRegeneratedSection, ...errors },
      },
    },
    async (request) =>
      service.regenerateSection(
        request.workspace.id,
        request.params.id,
        request.params.sectionId,
        request.body.languages,
        request.body.from,
      ),
  );
};
