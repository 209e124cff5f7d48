import { z } from "zod";
import { hasNameOrCompany, NAME_OR_COMPANY_ISSUE, normalizeKana } from "./constants/contact-names.ts";
import {
  CONSENT_SOURCES,
  CONTACT_ACTIVITY_TYPES,
  CONTACT_FIELD_TYPES,
  CONTACT_SOURCES,
  CONTACT_STATUSES,
  CONTACT_TAG_COLORS,
  CONTACT_TAGS_MAX,
  CONTACTS_PAGE_MAX,
  IMPORT_CONSENT_BASES,
  isValidPhone,
  MARKETING_CONSENT_STATES,
} from "./constants/crm.ts";
import { ZApiIssue } from "./errors.ts";
import { ZId, zText } from "./text.ts";

export * from "./constants/crm.ts";

export const ZContactStatus = z.enum(CONTACT_STATUSES, {
  error: `status must be one of ${CONTACT_STATUSES.join(", ")}`,
});

export const ZContactSource = z.enum(CONTACT_SOURCES);

export const ZMarketingConsent = z.enum(MARKETING_CONSENT_STATES);

export const ZConsentSource = z.enum(CONSENT_SOURCES);

const optionalText = (field: string, max: number) =>
  zText(field)
    .trim()
    .max(max, { error: `${field} must be at most ${max} characters` });

export const ZContactEmail = zText("email")
  .trim()
  .toLowerCase()
  .min(1, { error: "email is required" })
  .max(254, { error: "email is too long" })
  .pipe(z.email({ error: "email must be a valid email address" }));

export const ZContactPhone = zText("phone")
  .trim()
  .max(30, { error: "phone must be at most 30 characters" })
  .refine((v) => v === "" || isValidPhone(v), {
    error: "phone must be a phone number, such as 03-1234-5678, 090-1234-5678 or +81 90 1234 5678",
  });

/** A custom field's value as sent: text (also a date as yyyy-MM-dd, a select's choice) or a number. */
export const ZCustomFieldValue = z.union([zText("customFields").max(500), z.number().finite()]);

/** A reading (セイ, メイ, company フリガナ): stored as full-width katakana when it is kana. */
const kanaText = (field: string, max: number) => optionalText(field, max).transform(normalizeKana);

const contactFields = {
  firstName: optionalText("firstName", 100),
  lastName: optionalText("lastName", 100),
  firstNameKana: kanaText("firstNameKana", 100),
  lastNameKana: kanaText("lastNameKana", 100),
  email: ZContactEmail,
  company: optionalText("company", 200),
  companyKana: kanaText("companyKana", 200),
  phone: ZContactPhone,
  status: ZContactStatus,
};

export const ZCreateContact = z
  .object({
    firstName: contactFields.firstName.optional().default(""),
    lastName: contactFields.lastName.optional().default(""),
    firstNameKana: contactFields.firstNameKana.optional().default(""),
    lastNameKana: contactFields.lastNameKana.optional().default(""),
    email: contactFields.email,
    company: contactFields.company.optional().default(""),
    companyKana: contactFields.companyKana.optional().default(""),
    phone: contactFields.phone.optional().default(""),
    status: contactFields.status.optional().default("new"),
    /**
     * Records the person's marketing consent at once (opted in, source manual): how and when they
     * agreed, e.g. "signed up on the paper form at the shop, 2026-11-03".
     */
    consentText: zText("consentText", { multiline: true })
      .trim()
      .min(1, { error: "consentText must not be empty" })
      .max(1000, { error: "consentText must be at most 1000 characters" })
      .optional(),
  })
  .check((ctx) => {
    if (!hasNameOrCompany(ctx.value) && !ctx.value.firstName) {
      ctx.issues.push({
        code: "custom",
        path: ["lastName"],
        params: { code: NAME_OR_COMPANY_ISSUE },
        message: "lastName (family name) or company is required",
        input: ctx.value,
      });
    }
  });
export type TCreateContact = z.input<typeof ZCreateContact>;

export const ZUpdateContact = z
  .object({
    firstName: contactFields.firstName.optional(),
    lastName: contactFields.lastName.optional(),
    firstNameKana: contactFields.firstNameKana.optional(),
    lastNameKana: contactFields.lastNameKana.optional(),
    email: contactFields.email.optional(),
    company: contactFields.company.optional(),
    companyKana: contactFields.companyKana.optional(),
    phone: contactFields.phone.optional(),
    status: contactFields.status.optional(),
    /** Custom field values by field id; null or "" clears one. Checked against the field's type. */
    customFields: z.record(z.string().max(64), ZCustomFieldValue.nullable()).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: "Nothing to update" });
export type TUpdateContact = z.input<typeof ZUpdateContact>;

export const ZContact = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Readings in full-width katakana (セイ, メイ); empty when unknown. */
  firstNameKana: z.string(),
  lastNameKana: z.string(),
  email: z.string(),
  company: z.string(),
  companyKana: z.string(),
  phone: z.string(),
  status: ZContactStatus,
  source: ZContactSource,
  tags: z.array(z.lazy(() => ZContactTag)),
  /** Custom field values by field id (see GET /api/contact-fields). */
  customFields: z.record(z.string(), z.union([z.string(), z.number()])),
  /** Marketing email consent; campaigns skip a site-form contact until it is `opted_in`. */
  marketingConsent: ZMarketingConsent,
  /** Where the current consent state came from, when, and the wording the person agreed to. */
  consentSource: ZConsentSource.nullable().optional(),
  consentUpdatedAt: z.iso.datetime().nullable().optional(),
  consentText: z.string().nullable().optional(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TContact = z.infer<typeof ZContact>;

export const ZContactActivityType = z.enum(CONTACT_ACTIVITY_TYPES);

export const ZContactActivity = z.object({
  id: z.string(),
  type: ZContactActivityType,
  /**
   * status_changed: from/to; note: text; created: source; email_sent: subject; form_submitted: website,
   * message; consent_requested / consent_given: website, text (the wording the visitor ticked);
   * unsubscribed: nothing; email_bounced / email_complained: subject, reason (the receiving side's
   * words); the owner's mail no longer goes to the address.
   */
  data: z.record(z.string(), z.string().nullable()),
  createdAt: z.iso.datetime(),
});
export type TContactActivity = z.infer<typeof ZContactActivity>;

export const ZContactDetail = ZContact.extend({ activities: z.array(ZContactActivity) });
export type TContactDetail = z.infer<typeof ZContactDetail>;

/**
 * POST /api/contacts/{id}/consent: the owner records a consent (what the person agreed to and how,
 * e.g. "ticked the box on the paper form at the shop, 2026-11-03") or an opt-out.
 */
export const ZSetConsent = z
  .object({
    state: z.enum(["opted_in", "opted_out"], { error: "state must be opted_in or opted_out" }),
    text: zText("text", { multiline: true })
      .trim()
      .max(1000, { error: "text must be at most 1000 characters" })
      .optional()
      .default(""),
    /** `api` when a program records it; the app records `manual`. */
    source: z.enum(["manual", "api"]).optional().default("manual"),
  })
  .refine((v) => v.state === "opted_out" || v.text.length > 0, {
    error: "Say how the person agreed (text) when recording a consent",
    path: ["text"],
  });
export type TSetConsent = z.input<typeof ZSetConsent>;

/** POST /api/contacts/import?basis=…&note=…: the file's consent basis, recorded on every contact. */
export const ZImportQuery = z
  .object({
    basis: z
      .enum(IMPORT_CONSENT_BASES, { error: `basis must be one of ${IMPORT_CONSENT_BASES.join(", ")}` })
      .optional()
      .default("none"),
    note: zText("note")
      .trim()
      .max(500, { error: "note must be at most 500 characters" })
      .optional()
      .default(""),
  })
  .refine((v) => v.basis === "none" || v.note.length > 0, {
    error: "Say how the people in the file agreed (note) when the basis is consented",
    path: ["note"],
  });

export const ZCreateNote = z.object({
  text: zText("text", { multiline: true })
    .trim()
    .min(1, { error: "text is required" })
    .max(5000, { error: "text must be at most 5000 characters" }),
});
export type TCreateNote = z.infer<typeof ZCreateNote>;

export const ZContactListQuery = z.object({
  q: zText("q").trim().max(200).optional(),
  status: z
    .union([ZContactStatus, z.literal("all")])
    .optional()
    .default("all"),
  limit: z.coerce.number().int().min(1).max(CONTACTS_PAGE_MAX).optional().default(200),
  offset: z.coerce.number().int().min(0).optional().default(0),
  /** Tag ids, comma-separated: contacts carrying every one of them. */
  tags: zText("tags")
    .max(2000)
    .optional()
    .transform((v) =>
      v
        ? [
            ...new Set(
              v
                .split(",")
                .map((x) => x.trim())
                .filter(Boolean),
            ),
          ]
        : [],
    ),
});
export type TContactListQuery = z.input<typeof ZContactListQuery>;

export const ZContactCounts = z.object({
  total: z.number().int(),
  byStatus: z.record(ZContactStatus, z.number().int()),
});
export type TContactCounts = z.infer<typeof ZContactCounts>;

/**
 * Why a row was not imported, for programs and the web's own wording: `invalid` (then `issue` names
 * the field and what is wrong with it, as in a refused request), `duplicate_row` (the same address as
 * the row `sameAsRow`), `already_exists` (a contact of the owner has the address). `reason` says the
 * same in English for API users.
 */
export const IMPORT_SKIP_CODES = ["invalid", "duplicate_row", "already_exists"] as const;
export const ZImportSkip = z.object({
  row: z.number().int(),
  email: z.string().nullable(),
  code: z.enum(IMPORT_SKIP_CODES),
  issue: ZApiIssue.optional(),
  sameAsRow: z.number().int().optional(),
  reason: z.string(),
});
export type TImportSkip = z.infer<typeof ZImportSkip>;

export const ZImportReport = z.object({
  imported: z.number().int(),
  skipped: z.array(ZImportSkip),
  totalRows: z.number().int(),
  /** Imported rows that look like a contact already there (same phone, name and reading, or name and company); absent when none. */
  possibleDuplicates: z.array(z.lazy(() => ZImportDuplicate)).optional(),
});
export type TImportReport = z.infer<typeof ZImportReport>;

const tagName = zText("name")
  .trim()
  .min(1, { error: "name is required" })
  .max(40, { error: "name must be at most 40 characters" })
  .refine((v) => !/[,、]/.test(v), { error: "name must not contain a comma" });

export const ZContactTagColor = z.enum(CONTACT_TAG_COLORS);

export const ZContactTag = z.object({ id: z.string(), name: z.string(), color: ZContactTagColor });
export type TContactTag = z.infer<typeof ZContactTag>;

export const ZCreateContactTag = z.object({ name: tagName, color: ZContactTagColor.optional() });
export type TCreateContactTag = z.input<typeof ZCreateContactTag>;

export const ZUpdateContactTag = z
  .object({ name: tagName.optional(), color: ZContactTagColor.optional() })
  .refine((v) => v.name !== undefined || v.color !== undefined, { error: "Nothing to update" });
export type TUpdateContactTag = z.input<typeof ZUpdateContactTag>;

/** A contact's tags by name: missing ones are made on the fly (grey). */
export const ZSetContactTags = z.object({
  tags: z.array(tagName).max(CONTACT_TAGS_MAX, { error: `at most ${CONTACT_TAGS_MAX} tags` }),
});
export type TSetContactTags = z.input<typeof ZSetContactTags>;

export const ZContactFieldType = z.enum(CONTACT_FIELD_TYPES);

export const ZContactField = z.object({
  id: z.string(),
  label: z.string(),
  type: ZContactFieldType,
  options: z.array(z.string()),
});
export type TContactField = z.infer<typeof ZContactField>;

export const ZCreateContactField = z
  .object({
    label: zText("label")
      .trim()
      .min(1, { error: "label is required" })
      .max(40, { error: "label must be at most 40 characters" }),
    type: ZContactFieldType,
    options: z.array(zText("options").trim().min(1).max(60)).max(30).optional().default([]),
  })
  .refine((v) => v.type !== "select" || v.options.length > 0, {
    error: "a select field needs at least one option",
    path: ["options"],
  });
export type TCreateContactField = z.input<typeof ZCreateContactField>;

const taskDue = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "dueOn must be a date (yyyy-MM-dd)" })
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      error: "dueOn must be a real date",
    },
  );

const taskTitle = zText("title")
  .trim()
  .min(1, { error: "title is required" })
  .max(200, { error: "title must be at most 200 characters" });

/** A task or follow-up on a contact, due on a Tokyo calendar day. */
export const ZContactTask = z.object({
  id: z.string(),
  contactId: z.string(),
  title: z.string(),
  /** yyyy-MM-dd, a Tokyo calendar day. */
  dueOn: z.string(),
  done: z.boolean(),
  doneAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type TContactTask = z.infer<typeof ZContactTask>;

export const ZCreateContactTask = z.object({ title: taskTitle, dueOn: taskDue });
export type TCreateContactTask = z.input<typeof ZCreateContactTask>;

export const ZUpdateContactTask = z
  .object({ title: taskTitle.optional(), dueOn: taskDue.optional(), done: z.boolean().optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: "Nothing to update" });
export type TUpdateContactTask = z.input<typeof ZUpdateContactTask>;

/** GET /api/tasks/due: open tasks due today or earlier (Tokyo), with whom they are about. */
export const ZDueTask = ZContactTask.extend({
  contact: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    company: z.string(),
    email: z.string(),
  }),
  overdue: z.boolean(),
});
export type TDueTask = z.infer<typeof ZDueTask>;

/**
 * POST /api/contacts/{id}/reply: a one-off transactional email to a person who wrote in (a site
 * form enquiry); `inReplyTo` names the enquiry (its timeline entry) the reply answers, quoted below
 * the text. From the owner's verified sender (`fromEmail`, else the settings' sender).
 */
export const ZContactReply = z.object({
  subject: zText("subject")
    .trim()
    .min(1, { error: "subject is required" })
    .max(200, { error: "subject must be at most 200 characters" }),
  text: zText("text", { multiline: true })
    .trim()
    .min(1, { error: "text is required" })
    .max(20_000, { error: "text must be at most 20000 characters" }),
  inReplyTo: ZId.optional(),
  fromEmail: z.email({ error: "fromEmail must be an email address" }).max(254).optional(),
});
export type TContactReply = z.input<typeof ZContactReply>;

/** The fields a merge can take from the other contact instead of the kept one. */
export const MERGE_FIELDS = [
  "firstName",
  "lastName",
  "firstNameKana",
  "lastNameKana",
  "email",
  "company",
  "companyKana",
  "phone",
  "status",
] as const;
export type TMergeField = (typeof MERGE_FIELDS)[number];

/** POST /api/contacts/{id}/merge: `take` lists the fields whose value comes from the other contact. */
export const ZMergeContacts = z.object({
  otherId: ZId,
  take: z.array(z.enum(MERGE_FIELDS)).max(MERGE_FIELDS.length).optional().default([]),
});
export type TMergeContacts = z.input<typeof ZMergeContacts>;

/**
 * POST /api/contacts/duplicate-check: existing contacts that look like the one about to be made
 * (same email, same phone digits, or the same family and given name with the same reading).
 */
export const ZDuplicateProbe = z.object({
  email: zText("email").max(254).optional().default(""),
  phone: zText("phone").max(40).optional().default(""),
  firstName: zText("firstName").max(100).optional().default(""),
  lastName: zText("lastName").max(100).optional().default(""),
  firstNameKana: zText("firstNameKana").max(100).optional().default(""),
  lastNameKana: zText("lastNameKana").max(100).optional().default(""),
  company: zText("company").max(200).optional().default(""),
});
export type TDuplicateProbe = z.input<typeof ZDuplicateProbe>;

export const DUPLICATE_REASONS = ["email", "phone", "name", "name_company"] as const;
export const ZDuplicateMatch = z.object({
  contact: z.lazy(() => ZContact),
  reasons: z.array(z.enum(DUPLICATE_REASONS)),
});
export type TDuplicateMatch = z.infer<typeof ZDuplicateMatch>;

/** An imported row that looks like a contact already there (it was imported; merge it if it is). */
export const ZImportDuplicate = z.object({
  row: z.number().int(),
  contactId: z.string(),
  existingId: z.string(),
  reasons: z.array(z.enum(DUPLICATE_REASONS)),
});
export type TImportDuplicate = z.infer<typeof ZImportDuplicate>;
