import {
  CONTACT_FIELDS_MAX,
  CONTACT_STATUSES,
  contactSearchText,
  formatContactName,
  hasNameOrCompany,
  MARKETING_CONSENT_STATES,
  NAME_OR_COMPANY_ISSUE,
  normalizeKana,
  type TContact,
  type TContactActivity,
  type TContactActivityType,
  type TContactCounts,
  type TContactDetail,
  type TContactField,
  type TContactSource,
  type TContactTag,
  type TCreateContact,
  type TCreateContactField,
  type TCreateContactTag,
  type TDuplicateMatch,
  type TDuplicateProbe,
  type TImportConsentBasis,
  type TImportDuplicate,
  type TImportReport,
  type TMergeContacts,
  type TSetConsent,
  type TUpdateContact,
  type TUpdateContactTag,
  ZConsentSource,
  ZContactActivityType,
  ZContactFieldType,
  type ZContactListQuery,
  ZContactSource,
  ZContactStatus,
  ZContactTagColor,
  ZCreateContact,
  ZCreateContactField,
  ZCreateContactTag,
  ZDuplicateProbe,
  ZMarketingConsent,
  ZMergeContacts,
  ZSetConsent,
  ZSetContactTags,
  ZUpdateContact,
  ZUpdateContactTag,
} from "@shobai/shared";
import { ZodError, type z } from "zod";
import type { ChangeBus } from "../../db/change-bus";
import type { Database } from "../../db/client";
import { createReadCache } from "../../db/read-cache";
import { AppError } from "../../lib/app-error";
import { isUniqueViolation } from "../../lib/db-errors";
import { toApiIssues } from "../../lib/error-handler";
import { CsvSyntaxError, parseCsv, toCsv, unescapeCell } from "./csv";
import { mapHeader, splitFullKana, splitFullName } from "./csv-columns";
import {
  type CsvLanguage,
  EXPORT_COLUMNS,
  EXPORT_HEADERS,
  parseTokyoDateTime,
  SOURCE_LABELS,
  STATUS_LABELS,
  sourceFromCell,
  statusFromCell,
  tokyoDateTime,
} from "./csv-export";
import { duplicateIndex, duplicateReasons, phoneDigits } from "./duplicates";
import * as q from "./queries";
import * as t from "./tag-queries";
import * as k from "./task-queries";
import { createContactTasks } from "./tasks";

export const CONTACT_EMAIL_TAKEN = "You already have a contact with this email address";
export const CONTACT_NOT_FOUND = "Contact not found";
export const TAG_NOT_FOUND = "Tag not found";
export const FIELD_NOT_FOUND = "Field not found";
export const IMPORT_MAX_ROWS = 20_000;
/** An import reports at most this many rows that look like contacts already there. */
export const IMPORT_DUPLICATES_MAX = 500;

/** The fields a person edits; a change to any of them is one `updated` entry on the timeline. */
const EDITABLE_FIELDS = [
  "firstName",
  "lastName",
  "firstNameKana",
  "lastNameKana",
  "email",
  "company",
  "companyKana",
  "phone",
] as const;

/** The row's search text, from the fields it is made of (rewritten on every write). */
function searchTextOf(row: {
  firstName: string;
  lastName: string;
  firstNameKana: string;
  lastNameKana: string;
  company: string;
  companyKana: string;
  email: string;
  phone: string;
}): string {
  return contactSearchText(row);
}

/** No family name, company or given name left after a change: the 400 a create gives. */
function nameOrCompanyMissing(): ZodError {
  return new ZodError([
    {
      code: "custom",
      path: ["lastName"],
      params: { code: NAME_OR_COMPANY_ISSUE },
      message: "lastName (family name) or company is required",
      input: undefined,
    },
  ]);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A custom field's value in its type; null to clear; undefined when it is not one. */
export function customValue(
  field: TContactField,
  raw: string | number | null,
): string | number | null | undefined {
  if (raw === null || (typeof raw === "string" && raw.trim() === "")) return null;
  const text = typeof raw === "string" ? raw.normalize("NFKC").trim() : String(raw);
  if (field.type === "number") {
    const n = typeof raw === "number" ? raw : Number(text.replace(/,/g, ""));
    return Number.isFinite(n) ? n : undefined;
  }
  if (field.type === "date") {
    const m = DATE.exec(text.replaceAll("/", "-").replace(/-(\d)(?=-|$)/g, "-0$1"));
    if (!m) return undefined;
    const at = new Date(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`);
    return Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== `${m[1]}-${m[2]}-${m[3]}`
      ? undefined
      : `${m[1]}-${m[2]}-${m[3]}`;
  }
  if (field.type === "select") {
    const choice = typeof raw === "string" ? raw.trim() : text;
    return field.options.includes(choice) ? choice : undefined;
  }
  return typeof raw === "string" ? raw.trim() : text;
}

// Stored values outside the known sets read as the defaults. Built once: a schema built on every call
// cost more than the parse itself on a page of contacts (decision 0057).
const tagColor = ZContactTagColor.catch("gray");
const fieldType = ZContactFieldType.catch("text");
const contactStatus = ZContactStatus.catch("new");
const contactSource = ZContactSource.catch("manual");
const marketingConsent = ZMarketingConsent.catch("unknown");
const consentSource = ZConsentSource.nullable().catch(null);

function toTag(row: Pick<t.TagRow, "id" | "name" | "color">): TContactTag {
  return { id: row.id, name: row.name, color: tagColor.parse(row.color) };
}

function toField(row: t.FieldRow): TContactField {
  return {
    id: row.id,
    label: row.label,
    type: fieldType.parse(row.type),
    options: row.options,
  };
}

export function toContact(
  row: Omit<q.ContactRow, "searchText">,
  tags: Pick<t.TagRow, "id" | "name" | "color">[] = [],
): TContact {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    firstNameKana: row.firstNameKana,
    lastNameKana: row.lastNameKana,
    email: row.email,
    company: row.company,
    companyKana: row.companyKana,
    phone: row.phone,
    status: contactStatus.parse(row.status),
    source: contactSource.parse(row.source),
    marketingConsent: marketingConsent.parse(row.marketingConsent),
    consentSource: consentSource.parse(row.consentSource),
    consentUpdatedAt: row.consentUpdatedAt?.toISOString() ?? null,
    consentText: row.consentText,
    tags: tags.map(toTag),
    customFields: row.customFields,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toActivity(row: q.ActivityRow): TContactActivity {
  return {
    id: row.id,
    type: ZContactActivityType.parse(row.type),
    data: row.data,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createCrmService(deps: { db: Database; now?: () => Date; changes?: ChangeBus }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  // Pages of the list as answered (JSON), kept while nothing they show changes (decision 0059).
  const pages = createReadCache<{ json: string; total: number }>({
    changes: deps.changes,
    topics: ["contacts"],
    maxEntries: 2_000,
    maxAgeMs: 5 * 60_000,
    weigh: (page) => page.json.length,
    maxWeight: 32 * 1024 * 1024,
  });

  async function requireContact(ownerId: string, id: string): Promise<q.ContactRow> {
    const row = await q.findContact(db, ownerId, id);
    if (!row) throw AppError.notFound(CONTACT_NOT_FOUND);
    return row;
  }

  /** Rows as the API answers them, each with its tags (one query for the page). */
  async function withTags(ownerId: string, rows: q.ContactRow[]): Promise<TContact[]> {
    const tags = await t.tagsOfContacts(
      db,
      ownerId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toContact(r, tags.get(r.id) ?? []));
  }

  /**
   * Custom field values checked against the owner's fields: a known field id, and a value of its
   * type (a number, a real yyyy-MM-dd date, one of a select's options). Null or "" clears a value.
   */
  async function checkedCustomFields(
    tx: Parameters<Parameters<Database["transaction"]>[0]>[0],
    ownerId: string,
    current: Record<string, string | number>,
    input: Record<string, string | number | null>,
  ): Promise<Record<string, string | number>> {
    const fields = new Map((await t.listFields(tx, ownerId)).map((f) => [f.id, toField(f)]));
    const next: Record<string, string | number> = { ...current };
    // A field removed meanwhile (another tab) says so in its issue code, for the form to tell it apart
    // from a value of the wrong kind.
    const issues: { path: string[]; message: string; code?: string }[] = [];
    for (const [id, raw] of Object.entries(input)) {
      const field = fields.get(id);
      if (!field) {
        issues.push({ path: ["customFields", id], message: "no such custom field", code: "unknown_field" });
        continue;
      }
      const value = customValue(field, raw);
      if (value === undefined)
        issues.push({ path: ["customFields", id], message: `must be a valid ${field.type}` });
      else if (value === null) delete next[id];
      else next[id] = value;
    }
    if (issues.length > 0) {
      throw new ZodError(
        issues.map((i) => ({
          code: "custom" as const,
          path: i.path,
          message: i.message,
          input: undefined,
          ...(i.code ? { params: { code: i.code } } : {}),
        })),
      );
    }
    return next;
  }

  /**
   * A site enquiry that left a phone number and no email (the owner's form allows it, issue 30):
   * the same caller is the same contact, matched by the number's digits; never mailed.
   */
  async function phoneOnlyLead(
    ownerId: string,
    fields: { firstName: string; lastName: string; company?: string; phone?: string },
  ): Promise<TContact> {
    // Parsed with a stand-in address so names, company and phone get the same checks as any contact.
    const {
      email: _standIn,
      consentText: _none,
      ...data
    } = ZCreateContact.parse({
      ...fields,
      email: "phone-only@example.invalid",
    });
    const digits = data.phone.replace(/\D/g, "");
    const existing = digits ? await q.findPhoneOnlyContact(db, ownerId, digits) : undefined;
    if (existing) return toContact(existing);
    const row = { ...data, email: "" };
    return db.transaction(async (tx) => {
      const [written] = await q.insertContacts(tx, [
        { ...row, searchText: searchTextOf(row), id: crypto.randomUUID(), ownerId, source: "website_form" },
      ]);
      if (!written) throw AppError.conflict("conflict", CONTACT_EMAIL_TAKEN);
      await q.insertActivities(tx, [
        { ownerId, contactId: written.id, type: "created", data: { source: "website_form" } },
      ]);
      return toContact(written);
    });
  }

  async function create(ownerId: string, input: TCreateContact, source: TContactSource = "manual") {
    const { consentText, ...data } = ZCreateContact.parse(input);
    const consent =
      consentText !== undefined
        ? {
            marketingConsent: "opted_in",
            consentSource: "manual",
            consentText,
            consentUpdatedAt: now(),
          }
        : {};
    try {
      return await db.transaction(async (tx) => {
        const [row] = await q.insertContacts(tx, [
          { ...data, ...consent, searchText: searchTextOf(data), id: crypto.randomUUID(), ownerId, source },
        ]);
        if (!row) throw AppError.conflict("conflict", CONTACT_EMAIL_TAKEN);
        await q.insertActivities(tx, [{ ownerId, contactId: row.id, type: "created", data: { source } }]);
        if (consentText !== undefined) {
          await q.insertActivities(tx, [
            {
              ownerId,
              contactId: row.id,
              type: "consent_changed",
              data: { from: "unknown", to: "opted_in", source: "manual", text: consentText },
            },
          ]);
        }
        return toContact(row);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict("conflict", CONTACT_EMAIL_TAKEN);
      throw error;
    }
  }

  return {
    create,

    ...createContactTasks({ db, now }),

    /** Contacts that look like the same person as this one (same email, phone, name + reading, or name + company). */
    async duplicatesOf(ownerId: string, id: string): Promise<TContact[]> {
      const row = await requireContact(ownerId, id);
      const rows = await q.findDuplicates(db, ownerId, {
        id,
        email: row.email,
        phoneDigits: phoneDigits(row.phone),
        lastName: row.lastName,
        firstName: row.firstName,
        lastNameKana: row.lastNameKana,
        firstNameKana: row.firstNameKana,
        company: row.company,
      });
      return withTags(ownerId, rows);
    },

    /**
     * Before a contact is made: the owner's contacts that look like it, and why (same email, same
     * phone digits, the same name with the same reading, or family name and company).
     */
    async checkDuplicates(ownerId: string, input: TDuplicateProbe): Promise<TDuplicateMatch[]> {
      const p = ZDuplicateProbe.parse(input);
      const probe = {
        email: p.email.trim().toLowerCase(),
        phone: p.phone,
        firstName: p.firstName.trim(),
        lastName: p.lastName.trim(),
        firstNameKana: normalizeKana(p.firstNameKana.trim()),
        lastNameKana: normalizeKana(p.lastNameKana.trim()),
        company: p.company.trim(),
      };
      const rows = await q.findDuplicates(db, ownerId, { ...probe, phoneDigits: phoneDigits(probe.phone) });
      const contacts = await withTags(ownerId, rows);
      return contacts
        .map((contact) => ({ contact, reasons: duplicateReasons(probe, contact) }))
        .filter((m) => m.reasons.length > 0);
    },

    /**
     * Merges `otherId` into `id`: the kept contact takes the other's timeline (both histories in
     * one), tasks, tags and custom values, and any field it has empty; `take` names the fields whose
     * value comes from the other contact instead (the owner's choice in the merge dialog). The other
     * is then deleted and the merge goes on the timeline.
     */
    async merge(ownerId: string, id: string, input: TMergeContacts | string): Promise<TContactDetail> {
      const { otherId, take } = ZMergeContacts.parse(typeof input === "string" ? { otherId: input } : input);
      if (id === otherId)
        throw AppError.badRequest("validation_error", "A contact cannot be merged into itself");
      await db.transaction(async (tx) => {
        const keep = await q.findContact(tx, ownerId, id);
        const other = await q.findContact(tx, ownerId, otherId);
        if (!keep || !other) throw AppError.notFound(CONTACT_NOT_FOUND);
        const chosen = new Set<string>(take);
        const filled = Object.fromEntries(
          EDITABLE_FIELDS.filter((f) =>
            chosen.has(f) ? other[f] !== keep[f] : f !== "email" && !keep[f] && other[f],
          ).map((f) => [f, other[f]]),
        );
        const status = chosen.has("status") ? { status: other.status } : {};
        const merged = { ...keep, ...filled };
        if (!hasNameOrCompany(merged)) throw nameOrCompanyMissing();
        await q.moveActivities(tx, ownerId, otherId, id);
        await k.moveTasks(tx, ownerId, otherId, id);
        await t.copyTags(tx, ownerId, otherId, id);
        // The other goes first: the kept contact may take its email (one address per owner).
        await q.deleteContact(tx, ownerId, otherId);
        await q.updateContact(tx, ownerId, id, {
          ...filled,
          ...status,
          customFields: { ...other.customFields, ...keep.customFields },
          searchText: searchTextOf(merged),
        });
        await q.insertActivities(tx, [
          {
            ownerId,
            contactId: id,
            type: "merged",
            data: { email: other.email, name: formatContactName(other) },
          },
        ]);
      });
      const row = await requireContact(ownerId, id);
      const activities = await q.listActivities(db, ownerId, id);
      const [contact] = await withTags(ownerId, [row]);
      return { ...(contact ?? toContact(row)), activities: activities.map(toActivity) };
    },

    async listTags(ownerId: string): Promise<TContactTag[]> {
      return (await t.listTags(db, ownerId)).map(toTag);
    },

    async createTag(ownerId: string, input: TCreateContactTag): Promise<TContactTag> {
      const { name, color } = ZCreateContactTag.parse(input);
      const [row] = await t.ensureTags(db, ownerId, [name], color);
      if (!row) throw new Error("tag was not written");
      return toTag(row);
    },

    async updateTag(ownerId: string, id: string, input: TUpdateContactTag): Promise<TContactTag> {
      const patch = ZUpdateContactTag.parse(input);
      try {
        const row = await t.updateTag(db, ownerId, id, patch);
        if (!row) throw AppError.notFound(TAG_NOT_FOUND);
        return toTag(row);
      } catch (error) {
        if (isUniqueViolation(error))
          throw AppError.conflict("conflict", "You already have a tag with this name");
        throw error;
      }
    },

    async deleteTag(ownerId: string, id: string): Promise<void> {
      if (!(await t.deleteTag(db, ownerId, id))) throw AppError.notFound(TAG_NOT_FOUND);
    },

    /** Sets a contact's tags by name, making missing tags on the fly. */
    async setTags(ownerId: string, contactId: string, input: { tags: string[] }): Promise<TContactTag[]> {
      const { tags: names } = ZSetContactTags.parse(input);
      const unique = [...new Set(names)];
      return db.transaction(async (tx) => {
        if (!(await q.findContact(tx, ownerId, contactId))) throw AppError.notFound(CONTACT_NOT_FOUND);
        const tags = await t.ensureTags(tx, ownerId, unique);
        await t.setContactTags(
          tx,
          ownerId,
          contactId,
          tags.map((tag) => tag.id),
        );
        return tags.map(toTag).sort((a, b) => a.name.localeCompare(b.name));
      });
    },

    async listFields(ownerId: string): Promise<TContactField[]> {
      return (await t.listFields(db, ownerId)).map(toField);
    },

    async createField(ownerId: string, input: TCreateContactField): Promise<TContactField> {
      const data = ZCreateContactField.parse(input);
      if ((await t.listFields(db, ownerId)).length >= CONTACT_FIELDS_MAX) {
        throw AppError.badRequest("validation_error", `At most ${CONTACT_FIELDS_MAX} custom fields`);
      }
      const row = await t.insertField(db, {
        ownerId,
        label: data.label,
        type: data.type,
        options: data.type === "select" ? [...new Set(data.options)] : [],
      });
      if (!row) throw AppError.conflict("conflict", "You already have a field with this label");
      return toField(row);
    },

    async deleteField(ownerId: string, id: string): Promise<void> {
      if (!(await t.deleteField(db, ownerId, id))) throw AppError.notFound(FIELD_NOT_FOUND);
    },

    /** The list's query as the route parsed it (ZContactListQuery). */
    async list(
      ownerId: string,
      query: z.output<typeof ZContactListQuery>,
    ): Promise<{ json: string; total: number }> {
      const { q: search, status, limit, offset, tags } = query;
      const key = JSON.stringify([ownerId, search ?? "", status, limit, offset, tags ?? []]);
      // A kept page is answered only once this process has heard of every change committed before
      // the request (a marker notification shared by the requests waiting for it).
      const kept = await pages.current(key);
      if (kept) return kept;
      const readAt = pages.generation;
      const { rows, total } = await q.listContacts(db, ownerId, { search, status, limit, offset, tags });
      // Each row comes with its tags (one query for the page). toContact gives the API's types,
      // so the answer is written here, once, and not checked again by the response schema.
      const page = { json: JSON.stringify(rows.map((r) => toContact(r, r.tags))), total };
      pages.set(ownerId, key, page, readAt);
      return page;
    },

    async counts(ownerId: string): Promise<TContactCounts> {
      const byStatus = Object.fromEntries(CONTACT_STATUSES.map((s) => [s, 0])) as TContactCounts["byStatus"];
      let total = 0;
      for (const { status, n } of await q.countByStatus(db, ownerId)) {
        const parsed = ZContactStatus.safeParse(status);
        if (parsed.success) byStatus[parsed.data] += n;
        total += n;
      }
      return { total, byStatus };
    },

    async get(ownerId: string, id: string): Promise<TContactDetail> {
      const row = await requireContact(ownerId, id);
      const activities = await q.listActivities(db, ownerId, id);
      const [contact] = await withTags(ownerId, [row]);
      return { ...(contact ?? toContact(row)), activities: activities.map(toActivity) };
    },

    async update(ownerId: string, id: string, input: TUpdateContact): Promise<TContact> {
      const parsed = ZUpdateContact.parse(input);
      try {
        return await db.transaction(async (tx) => {
          const before = await q.findContact(tx, ownerId, id);
          if (!before) throw AppError.notFound(CONTACT_NOT_FOUND);
          const defined = Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined));
          const merged = { ...before, ...defined };
          if (!hasNameOrCompany(merged) && !merged.firstName) throw nameOrCompanyMissing();
          const { customFields: customInput, ...fields } = parsed;
          const patch = {
            ...fields,
            searchText: searchTextOf(merged),
            ...(customInput
              ? { customFields: await checkedCustomFields(tx, ownerId, before.customFields, customInput) }
              : {}),
          };
          const after = await q.updateContact(tx, ownerId, id, patch);
          if (!after) throw AppError.notFound(CONTACT_NOT_FOUND);
          const activities: Parameters<typeof q.insertActivities>[1] = [];
          if (patch.status && patch.status !== before.status) {
            activities.push({
              ownerId,
              contactId: id,
              type: "status_changed",
              data: { from: before.status, to: patch.status },
            });
          }
          const changed = EDITABLE_FIELDS.filter((f) => patch[f] !== undefined && patch[f] !== before[f]);
          if (changed.length > 0) {
            activities.push({ ownerId, contactId: id, type: "updated", data: { fields: changed.join(",") } });
          }
          await q.insertActivities(tx, activities);
          return toContact(after, (await t.tagsOfContacts(tx, ownerId, [id])).get(id) ?? []);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw AppError.conflict("conflict", CONTACT_EMAIL_TAKEN);
        throw error;
      }
    },

    async remove(ownerId: string, id: string): Promise<void> {
      if (!(await q.deleteContact(db, ownerId, id))) throw AppError.notFound(CONTACT_NOT_FOUND);
    },

    async addNote(ownerId: string, id: string, text: string): Promise<TContactActivity> {
      await requireContact(ownerId, id);
      const [row] = await q.insertActivities(db, [{ ownerId, contactId: id, type: "note", data: { text } }]);
      if (!row) throw new Error("note was not written");
      return toActivity(row);
    },

    /** For other features (email sent, site form submitted): appends to a contact's timeline. */
    async recordActivity(
      ownerId: string,
      contactId: string,
      type: Exclude<TContactActivityType, "created">,
      data: Record<string, string | null>,
    ): Promise<void> {
      await requireContact(ownerId, contactId);
      await q.insertActivities(db, [{ ownerId, contactId, type, data }]);
    },

    /**
     * A lead from the owner's website form: a new contact (status new, source website_form), or the
     * existing one with the same email; either way the submission goes on its timeline.
     */
    /**
     * A site form's enquiry: the sender becomes a contact (or is found by email) and the message
     * goes on the timeline. When the visitor ticked the consent box, the consent is `pending`
     * until the mailed link confirms it (double opt-in); an enquiry alone is no consent.
     */
    async captureLead(
      ownerId: string,
      lead: { name: string; email?: string; company?: string; phone?: string; language?: string },
      submission: { website: string; websiteId?: string; message: string; consentText?: string },
    ): Promise<{ contact: TContact; askConsent: boolean }> {
      const { firstName, lastName } = splitFullName(lead.name);
      const { language, email, ...fields } = lead;
      let contact: TContact;
      if (email) {
        const parsed = ZCreateContact.parse({ ...fields, email, firstName, lastName });
        const existing = await q.findContactByEmail(db, ownerId, parsed.email);
        contact = existing ? toContact(existing) : await create(ownerId, parsed, "website_form");
      } else {
        contact = await phoneOnlyLead(ownerId, { ...fields, firstName, lastName });
      }
      // The language the person wrote in: their mail footers and unsubscribe page use it.
      if (language) await q.setLanguageIfUnknown(db, ownerId, contact.id, language);
      const { consentText, ...form } = submission;
      await q.insertActivities(db, [{ ownerId, contactId: contact.id, type: "form_submitted", data: form }]);
      // Consent is confirmed by mail: a contact without an address cannot be asked.
      if (consentText === undefined || !contact.email) return { contact, askConsent: false };
      // Someone who unsubscribed asks again here by ticking the box: that is a new request, and
      // only the link in the mail (sent to that address) turns it into consent.
      const moved = await q.setConsent(
        db,
        ownerId,
        contact.id,
        "pending",
        ["unknown", "pending", "opted_out"],
        now(),
      );
      if (!moved) return { contact, askConsent: false }; // already opted in
      contact = toContact(moved);
      await q.insertActivities(db, [
        {
          ownerId,
          contactId: contact.id,
          type: "consent_requested",
          data: { website: submission.website, text: consentText },
        },
      ]);
      return { contact, askConsent: true };
    },

    /** The double opt-in link was confirmed: the contact's consent is recorded with the wording shown. */
    async confirmConsent(
      ownerId: string,
      contactId: string,
      record: { website: string; text: string },
    ): Promise<boolean> {
      const moved = await q.setConsent(db, ownerId, contactId, "opted_in", ["pending"], now(), {
        source: "form",
        text: record.text,
      });
      if (!moved) return false;
      await q.insertActivities(db, [{ ownerId, contactId, type: "consent_given", data: { ...record } }]);
      return true;
    },

    /** An unsubscribe: the contact with this address (if any) is opted out, on its timeline. */
    async recordOptOut(ownerId: string, email: string): Promise<void> {
      const contact = await q.findContactByEmail(db, ownerId, email.toLowerCase());
      if (!contact) return;
      const moved = await q.setConsent(
        db,
        ownerId,
        contact.id,
        "opted_out",
        ["unknown", "pending", "opted_in"],
        now(),
        { source: "unsubscribe", text: "" },
      );
      if (moved)
        await q.insertActivities(db, [{ ownerId, contactId: contact.id, type: "unsubscribed", data: {} }]);
    },

    /**
     * The owner (or a program) records a consent with how it was given, or an opt-out. The history
     * stays on the timeline (consent_changed: from, to, source, text).
     */
    async setMarketingConsent(ownerId: string, id: string, input: TSetConsent): Promise<TContact> {
      const data = ZSetConsent.parse(input);
      return db.transaction(async (tx) => {
        const before = await q.findContact(tx, ownerId, id);
        if (!before) throw AppError.notFound(CONTACT_NOT_FOUND);
        const others = MARKETING_CONSENT_STATES.filter((s) => s !== data.state);
        const moved = await q.setConsent(tx, ownerId, id, data.state, others, now(), {
          source: data.source,
          text: data.text,
        });
        if (!moved) return toContact(before); // already in that state: nothing changes
        await q.insertActivities(tx, [
          {
            ownerId,
            contactId: id,
            type: "consent_changed",
            data: { from: before.marketingConsent, to: data.state, source: data.source, text: data.text },
          },
        ]);
        return toContact(moved);
      });
    },

    /** Every contact as Excel opens it: headers and labels in `language`, Tokyo times, BOM. */
    async exportCsv(ownerId: string, language: CsvLanguage = "ja"): Promise<string> {
      const rows = await q.allContacts(db, ownerId);
      const tags = await t.tagsOfContacts(
        db,
        ownerId,
        rows.map((r) => r.id),
      );
      const fields = (await t.listFields(db, ownerId)).map(toField);
      const headers = EXPORT_HEADERS[language];
      const cellOf = (r: q.ContactRow, column: (typeof EXPORT_COLUMNS)[number]): string => {
        if (column === "status") return STATUS_LABELS[language][toContact(r).status];
        if (column === "source") return SOURCE_LABELS[language][toContact(r).source];
        if (column === "createdAt") return tokyoDateTime(r.createdAt);
        if (column === "tags") return (tags.get(r.id) ?? []).map((tag) => tag.name).join(", ");
        return r[column];
      };
      // A custom field's column is headed by its label; a date as Excel shows one (2026/11/27).
      const customCell = (r: q.ContactRow, field: TContactField): string => {
        const value = r.customFields[field.id];
        if (value === undefined) return "";
        return field.type === "date" ? String(value).replaceAll("-", "/") : String(value);
      };
      return toCsv([
        [...EXPORT_COLUMNS.map((c) => headers[c]), ...fields.map((f) => f.label)],
        ...rows.map((r) => [
          ...EXPORT_COLUMNS.map((c) => cellOf(r, c)),
          ...fields.map((f) => customCell(r, f)),
        ]),
      ]);
    },

    /**
     * Imports a spreadsheet. An unreadable file is refused whole (400, nothing written); otherwise
     * every valid new row is written in one transaction and every other row is reported with why.
     */
    async importCsv(
      ownerId: string,
      text: string,
      consent: { basis: TImportConsentBasis; note: string } = { basis: "none", note: "" },
    ): Promise<TImportReport> {
      let table: string[][];
      try {
        table = parseCsv(text);
      } catch (error) {
        if (error instanceof CsvSyntaxError) {
          throw AppError.badRequest("validation_error", `The file is not valid CSV (${error.message})`);
        }
        throw error;
      }
      const [header, ...body] = table;
      if (!header) throw AppError.badRequest("validation_error", "The file is empty");
      const columns = mapHeader(header);
      // The owner's custom fields, by the column headed with their label.
      const customColumns = (await t.listFields(db, ownerId))
        .map(toField)
        .map((field) => ({
          field,
          index: header.findIndex((h) => h.normalize("NFKC").trim() === field.label),
        }))
        .filter((c) => c.index >= 0);
      if (columns.email === undefined) {
        throw AppError.badRequest(
          "validation_error",
          "No email column found. The first row must name the columns, e.g. firstName,lastName,email or 名,姓,メール",
        );
      }
      if (
        columns.firstName === undefined &&
        columns.lastName === undefined &&
        columns.fullName === undefined &&
        columns.company === undefined
      ) {
        throw AppError.badRequest(
          "validation_error",
          "No name column found. Add a lastName (姓), name (氏名) or company (会社名) column",
        );
      }
      if (body.length > IMPORT_MAX_ROWS) {
        throw AppError.badRequest(
          "validation_error",
          `The file has ${body.length} rows; import at most ${IMPORT_MAX_ROWS} at a time`,
        );
      }

      // Every column is one-line text: a line break or tab inside a cell (Alt+Enter in Excel) becomes
      // a space; other control characters make the row's schema refuse it, reported with its number.
      const cell = (row: string[], index: number | undefined) =>
        index === undefined
          ? ""
          : unescapeCell((row[index] ?? "").trim())
              .replace(/[\r\n\t]+/g, " ")
              .trim();
      const skipped: TImportReport["skipped"] = [];
      const seen = new Map<string, number>();
      const valid: {
        row: number;
        data: ReturnType<typeof ZCreateContact.parse>;
        source: TContactSource | undefined;
        createdAt: Date | undefined;
        custom: Record<string, string | number>;
        tagNames: string[];
      }[] = [];
      body.forEach((cells, i) => {
        const rowNumber = i + 2; // 1-based, after the header row, as a spreadsheet numbers it
        const names =
          columns.firstName !== undefined || columns.lastName !== undefined
            ? { firstName: cell(cells, columns.firstName), lastName: cell(cells, columns.lastName) }
            : splitFullName(cell(cells, columns.fullName));
        const readings =
          columns.firstNameKana !== undefined || columns.lastNameKana !== undefined
            ? {
                firstNameKana: cell(cells, columns.firstNameKana),
                lastNameKana: cell(cells, columns.lastNameKana),
              }
            : splitFullKana(cell(cells, columns.fullNameKana));
        const parsed = ZCreateContact.safeParse({
          ...names,
          ...readings,
          email: cell(cells, columns.email),
          company: cell(cells, columns.company),
          companyKana: cell(cells, columns.companyKana),
          phone: cell(cells, columns.phone),
          // Our export's labels (either language) or the codes; anything else starts as new.
          status: statusFromCell(cell(cells, columns.status)) ?? "new",
        });
        const custom: Record<string, string | number> = {};
        let badField: TContactField | undefined;
        for (const { field, index } of customColumns) {
          const value = customValue(field, cell(cells, index));
          if (value === undefined) badField ??= field;
          else if (value !== null) custom[field.id] = value;
        }
        if (parsed.success && badField) {
          const issue = {
            path: `customFields.${badField.id}`,
            code: "custom",
            message: `${badField.label} must be a valid ${badField.type}`,
          };
          skipped.push({
            row: rowNumber,
            email: parsed.data.email,
            code: "invalid",
            issue,
            reason: issue.message,
          });
          return;
        }
        const tagNames = [
          ...new Set(
            cell(cells, columns.tags)
              .split(/[,、]/)
              .map((x) => x.trim().slice(0, 40))
              .filter(Boolean),
          ),
        ];
        // Our own export carries where a contact came from and when; a round trip keeps both.
        const source = sourceFromCell(cell(cells, columns.source));
        const createdAt = parseTokyoDateTime(cell(cells, columns.createdAt));
        const email = cell(cells, columns.email).toLowerCase() || null;
        if (!parsed.success) {
          const [issue] = toApiIssues(parsed.error.issues);
          skipped.push({
            row: rowNumber,
            email,
            code: "invalid",
            ...(issue ? { issue } : {}),
            reason: issue?.message ?? "invalid row",
          });
          return;
        }
        const earlier = seen.get(parsed.data.email);
        if (earlier !== undefined) {
          skipped.push({
            row: rowNumber,
            email,
            code: "duplicate_row",
            sameAsRow: earlier,
            reason: `same email as row ${earlier}`,
          });
          return;
        }
        seen.set(parsed.data.email, rowNumber);
        valid.push({ row: rowNumber, data: parsed.data, source, createdAt, custom, tagNames });
      });

      const imported = await db.transaction(async (tx) => {
        const existing = await q.existingEmails(
          tx,
          ownerId,
          valid.map((v) => v.data.email),
        );
        const fresh = valid.filter((v) => {
          if (!existing.has(v.data.email)) return true;
          skipped.push({
            row: v.row,
            email: v.data.email,
            code: "already_exists",
            reason: "already in your contacts",
          });
          return false;
        });
        // The file's declared basis is recorded on every contact it brings (特定電子メール法):
        // "consented" with the owner's note of how; "none" leaves them unknown (no campaign mail).
        // Rows that look like a contact already there (same phone, name and reading, or name and
        // company) are imported, and reported so the owner can merge them.
        const matchExisting = fresh.length > 0 ? duplicateIndex(await q.duplicateKeys(tx, ownerId)) : null;
        const lookalikes = new Map<
          string,
          { row: number; existingId: string; reasons: TImportDuplicate["reasons"] }
        >();
        for (const v of fresh) {
          if (!matchExisting || lookalikes.size >= IMPORT_DUPLICATES_MAX) break;
          const match = matchExisting({
            phone: v.data.phone ?? "",
            firstName: v.data.firstName ?? "",
            lastName: v.data.lastName ?? "",
            firstNameKana: v.data.firstNameKana ?? "",
            lastNameKana: v.data.lastNameKana ?? "",
            company: v.data.company ?? "",
          });
          if (match)
            lookalikes.set(v.data.email, { row: v.row, existingId: match.id, reasons: match.reasons });
        }
        const at = now();
        const consented = consent.basis === "consented";
        const written = await q.insertContacts(
          tx,
          fresh.map((v) => ({
            ...v.data,
            searchText: searchTextOf(v.data),
            id: crypto.randomUUID(),
            ownerId,
            source: v.source ?? "import",
            customFields: v.custom,
            ...(v.createdAt ? { createdAt: v.createdAt } : {}),
            ...(consented
              ? {
                  marketingConsent: "opted_in",
                  consentSource: "import",
                  consentText: consent.note,
                  consentUpdatedAt: at,
                }
              : {}),
          })),
        );
        await q.insertActivities(tx, [
          ...written.map((c) => ({
            ownerId,
            contactId: c.id,
            type: "created" as const,
            data: { source: "import" },
          })),
          ...(consented
            ? written.map((c) => ({
                ownerId,
                contactId: c.id,
                type: "consent_changed" as const,
                data: { from: "unknown", to: "opted_in", source: "import", text: consent.note },
              }))
            : []),
        ]);
        const tagged = fresh.filter((v) => v.tagNames.length > 0);
        if (tagged.length > 0) {
          const tags = await t.ensureTags(tx, ownerId, [...new Set(tagged.flatMap((v) => v.tagNames))]);
          const tagId = new Map(tags.map((tag) => [tag.name, tag.id]));
          const contactId = new Map(written.map((c) => [c.email, c.id]));
          await t.addLinks(
            tx,
            tagged.flatMap((v) => {
              const id = contactId.get(v.data.email);
              if (!id) return [];
              return v.tagNames.flatMap((n) => {
                const tag = tagId.get(n);
                return tag ? [{ contactId: id, tagId: tag, ownerId }] : [];
              });
            }),
          );
        }
        const possibleDuplicates: TImportDuplicate[] = written.flatMap((c) => {
          const match = lookalikes.get(c.email);
          return match
            ? [{ row: match.row, contactId: c.id, existingId: match.existingId, reasons: match.reasons }]
            : [];
        });
        return { count: written.length, possibleDuplicates };
      });
      skipped.sort((a, b) => a.row - b.row);
      imported.possibleDuplicates.sort((a, b) => a.row - b.row);
      return {
        imported: imported.count,
        skipped,
        totalRows: body.length,
        // Only when there are some: a report without look-alikes stays as it always was.
        ...(imported.possibleDuplicates.length > 0
          ? { possibleDuplicates: imported.possibleDuplicates }
          : {}),
      };
    },
  };
}

export type CrmService = ReturnType<typeof createCrmService>;
