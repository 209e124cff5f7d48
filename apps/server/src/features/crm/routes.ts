import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import {
  type TContact,
  ZApiError,
  ZContact,
  ZContactActivity,
  ZContactCounts,
  ZContactDetail,
  ZContactField,
  ZContactListQuery,
  ZContactTag,
  ZContactTask,
  ZCreateContact,
  ZCreateContactField,
  ZCreateContactTag,
  ZCreateContactTask,
  ZCreateNote,
  ZDueTask,
  ZDuplicateMatch,
  ZDuplicateProbe,
  ZIdParams,
  ZImportQuery,
  ZImportReport,
  ZMergeContacts,
  ZSetConsent,
  ZSetContactTags,
  ZUpdateContact,
  ZUpdateContactTag,
  ZUpdateContactTask,
} from "@shobai/shared";
import { z } from "zod";
import { CSV_LANGUAGES } from "./csv-export";
import type { CrmService } from "./service";

export type CrmRoutesOptions = { service: CrmService };

const errors = { 400: ZApiError, 401: ZApiError, 404: ZApiError, 409: ZApiError };

export const crmRoutes: FastifyPluginAsyncZod<CrmRoutesOptions> = async (app, opts) => {
  const { service } = opts;
  const tags = ["crm"];

  // Spreadsheets arrive as the raw CSV text; 10,000 rows are about 1 MB.
  app.addContentTypeParser(
    ["text/csv", "text/plain"],
    { parseAs: "string", bodyLimit: 20 * 1024 * 1024 },
    (_r, body, done) => done(null, body),
  );

  app.get(
    "/api/contacts",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "The owner's contacts, newest first",
        description:
          "Search `q` on names (kanji, readings in hiragana, katakana or romaji, full- or half-width), email, " +
          "company and phone digits, combined with `status` and `tags` (comma-separated tag ids: contacts with all of them). " +
          "Paged by `limit` (default 200, at most 1000) and `offset`; the `X-Total-Count` header gives the total.",
        querystring: ZContactListQuery,
        response: { 200: z.array(ZContact), 400: ZApiError, 401: ZApiError },
      },
    },
    async (request, reply) => {
      const { json, total } = await service.list(request.workspace.id, request.query);
      reply.header("x-total-count", String(total));
      // Already the response's JSON (decision 0059): a string with a JSON type goes out unchanged.
      return reply.type("application/json; charset=utf-8").send(json as unknown as TContact[]);
    },
  );

  app.get(
    "/api/contacts/counts",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "How many contacts are in each pipeline status",
        response: { 200: ZContactCounts, 401: ZApiError },
      },
    },
    async (request) => service.counts(request.workspace.id),
  );

  app.get(
    "/api/contacts/export.csv",
    {
      config: {
        access: "user",
        documents: { type: "text/csv", description: "Every contact, one a row (UTF-8 with BOM)" },
      },
      schema: {
        tags,
        summary: "Every contact as CSV (UTF-8 with BOM, opens in Excel)",
        description:
          "`lang` (ja, the default, or en) chooses the headers and the status and source labels; " +
          "times are Tokyo time as yyyy/MM/dd HH:mm. The import reads the file back in either language.",
        querystring: z.object({ lang: z.enum(CSV_LANGUAGES).optional().default("ja") }),
      },
    },
    async (request, reply) => {
      const csv = await service.exportCsv(request.workspace.id, request.query.lang);
      const date = new Date().toLocaleDateString("sv-SE", { timeZone: "Asia/Tokyo" }).replaceAll("-", "");
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="shobai-contacts-${date}.csv"`)
        .header("cache-control", "no-store")
        .send(csv);
    },
  );

  app.post(
    "/api/contacts/import",
    {
      config: { access: "user" },
      bodyLimit: 20 * 1024 * 1024,
      schema: {
        tags,
        summary: "Import contacts from CSV",
        description:
          "Send the file as `text/csv`. Headers are matched in English or Japanese (firstName/名, lastName/姓, " +
          "name/氏名, readings セイ/メイ/フリガナ, email/メール, company/会社, phone/電話, status, source, created); " +
          "our own export reads back in both header languages. Rows with an email already present are skipped; " +
          "rows that look like a contact already there (same phone, name and reading, or family name and company) are " +
          "imported and listed in `possibleDuplicates` (at most 500). " +
          "`basis` says what consent the file records: `consented` (each person agreed to the owner's marketing email; " +
          "`note` says how) opts them in with that record; `none` (the default) imports them with unknown consent.",
        querystring: ZImportQuery,
        body: z.string({ error: "Send the CSV file as the request body with Content-Type text/csv" }),
        response: { 200: ZImportReport, 400: ZApiError, 401: ZApiError },
      },
    },
    async (request) => {
      return service.importCsv(request.workspace.id, request.body, request.query);
    },
  );

  app.post(
    "/api/contacts/:id/consent",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Record a contact's marketing consent or opt-out",
        description:
          "`opted_in` needs `text`: how and when the person agreed (特定電子メール法 asks for a record). " +
          "The change goes on the contact's timeline with the previous state.",
        params: ZIdParams,
        body: ZSetConsent,
        response: { 200: ZContact, ...errors },
      },
    },
    async (request) => service.setMarketingConsent(request.workspace.id, request.params.id, request.body),
  );

  app.get(
    "/api/contacts/:id",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "One contact with its activity timeline",
        params: ZIdParams,
        response: { 200: ZContactDetail, ...errors },
      },
    },
    async (request) => service.get(request.workspace.id, request.params.id),
  );

  app.post(
    "/api/contacts",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Add a contact",
        body: ZCreateContact,
        response: { 201: ZContact, ...errors },
      },
    },
    async (request, reply) => {
      return reply.status(201).send(await service.create(request.workspace.id, request.body));
    },
  );

  app.patch(
    "/api/contacts/:id",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Change a contact (e.g. its status, or `customFields` by field id)",
        params: ZIdParams,
        body: ZUpdateContact,
        response: { 200: ZContact, ...errors },
      },
    },
    async (request) => service.update(request.workspace.id, request.params.id, request.body),
  );

  app.delete(
    "/api/contacts/:id",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Delete a contact and its timeline",
        params: ZIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(request.workspace.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/contacts/:id/notes",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Write a note on a contact's timeline",
        params: ZIdParams,
        body: ZCreateNote,
        response: { 201: ZContactActivity, ...errors },
      },
    },
    async (request, reply) => {
      return reply
        .status(201)
        .send(await service.addNote(request.workspace.id, request.params.id, request.body.text));
    },
  );

  app.get(
    "/api/contact-tags",
    {
      config: { access: "user" },
      schema: { tags, summary: "The owner's tags", response: { 200: z.array(ZContactTag), 401: ZApiError } },
    },
    async (request) => service.listTags(request.workspace.id),
  );

  app.post(
    "/api/contact-tags",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Make a tag (the same name again answers the existing one)",
        body: ZCreateContactTag,
        response: { 201: ZContactTag, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createTag(request.workspace.id, request.body)),
  );

  app.patch(
    "/api/contact-tags/:id",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Rename a tag or change its colour",
        params: ZIdParams,
        body: ZUpdateContactTag,
        response: { 200: ZContactTag, ...errors },
      },
    },
    async (request) => service.updateTag(request.workspace.id, request.params.id, request.body),
  );

  app.delete(
    "/api/contact-tags/:id",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Delete a tag (contacts keep everything else)",
        params: ZIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteTag(request.workspace.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    "/api/contacts/:id/tags",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Set a contact's tags by name; missing tags are made on the fly",
        params: ZIdParams,
        body: ZSetContactTags,
        response: { 200: z.array(ZContactTag), ...errors },
      },
    },
    async (request) => service.setTags(request.workspace.id, request.params.id, request.body),
  );

  app.get(
    "/api/contact-fields",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "The owner's custom contact fields",
        response: { 200: z.array(ZContactField), 401: ZApiError },
      },
    },
    async (request) => service.listFields(request.workspace.id),
  );

  app.post(
    "/api/contact-fields",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Add a custom contact field (text, number, date or select)",
        body: ZCreateContactField,
        response: { 201: ZContactField, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createField(request.workspace.id, request.body)),
  );

  app.delete(
    "/api/contact-fields/:id",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Remove a custom field",
        params: ZIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteField(request.workspace.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/contacts/:id/duplicates",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Contacts that look like the same person (same email, phone, or family name and company)",
        params: ZIdParams,
        response: { 200: z.array(ZContact), ...errors },
      },
    },
    async (request) => service.duplicatesOf(request.workspace.id, request.params.id),
  );

  app.post(
    "/api/contacts/:id/merge",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Merge another contact into this one, keeping both timelines",
        description:
          "`take` lists the fields (names, readings, email, company, phone, status) whose value comes from the " +
          "other contact; every other field keeps this contact's value, filled from the other's where empty.",
        params: ZIdParams,
        body: ZMergeContacts,
        response: { 200: ZContactDetail, ...errors },
      },
    },
    async (request) => service.merge(request.workspace.id, request.params.id, request.body),
  );

  app.post(
    "/api/contacts/duplicate-check",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Contacts that look like one about to be added, and why",
        description:
          "Same email, same phone digits (9 or more), the same family and given name with the same reading, " +
          "or the same family name and company. Nothing is written.",
        body: ZDuplicateProbe,
        response: { 200: z.array(ZDuplicateMatch), 400: ZApiError, 401: ZApiError },
      },
    },
    async (request) => service.checkDuplicates(request.workspace.id, request.body),
  );

  app.get(
    "/api/contacts/:id/tasks",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "A contact's tasks and follow-ups, soonest due first",
        params: ZIdParams,
        response: { 200: z.array(ZContactTask), ...errors },
      },
    },
    async (request) => service.listTasks(request.workspace.id, request.params.id),
  );

  app.post(
    "/api/contacts/:id/tasks",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Add a task or follow-up to a contact (due on a Tokyo calendar day, yyyy-MM-dd)",
        params: ZIdParams,
        body: ZCreateContactTask,
        response: { 201: ZContactTask, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createTask(request.workspace.id, request.params.id, request.body)),
  );

  app.get(
    "/api/tasks/due",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Open tasks due today or overdue (Tokyo days), oldest first, with their contact",
        response: { 200: z.array(ZDueTask), 401: ZApiError },
      },
    },
    async (request) => service.dueTasks(request.workspace.id),
  );

  app.patch(
    "/api/tasks/:id",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Change a task: its title, due day, or done",
        params: ZIdParams,
        body: ZUpdateContactTask,
        response: { 200: ZContactTask, ...errors },
      },
    },
    async (request) => service.updateTask(request.workspace.id, request.params.id, request.body),
  );

  app.delete(
    "/api/tasks/:id",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Delete a task",
        params: ZIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteTask(request.workspace.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
