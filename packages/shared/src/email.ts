import { z } from "zod";
import { CONTACT_STATUSES } from "./constants/crm.ts";
import {
  CAMPAIGN_STATES,
  CAMPAIGN_STOP_REASONS,
  CAMPAIGN_TYPES,
  EMAIL_PROVIDERS,
  SENDER_STATUSES,
  unknownCampaignVariables,
} from "./constants/email.ts";
import { LANGUAGES } from "./constants/languages.ts";
import { ZEmailBlocks, ZSegmentFilter } from "./email-segments.ts";
import { zText } from "./text.ts";

export * from "./constants/email.ts";

const email = (field: string) =>
  zText(field)
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: `${field} must be an email address` }).max(254));

/** An email address or "" (meaning: not set). */
const emailOrEmpty = (field: string) =>
  zText(field)
    .trim()
    .toLowerCase()
    .refine((value) => value === "" || z.email().max(254).safeParse(value).success, {
      error: `${field} must be an email address`,
    });

/** GET /api/email/service-status */
export const ZEmailServiceStatus = z.object({
  providers: z.record(z.enum(EMAIL_PROVIDERS), z.boolean()),
  activeProvider: z.enum(EMAIL_PROVIDERS),
  recommendation: z.string(),
});
export type TEmailServiceStatus = z.infer<typeof ZEmailServiceStatus>;

/** POST /api/email/verify-sender */
export const ZVerifySender = z.object({ email: email("email") });

/** GET /api/email/verification-status/{email} */
export const ZVerificationStatus = z.object({
  email: z.string(),
  status: z.enum(SENDER_STATUSES),
  verified: z.boolean(),
});
export type TVerificationStatus = z.infer<typeof ZVerificationStatus>;

/** POST /api/email/send (spec §7): to, subject, content, fromEmail. */
export const ZSendEmail = z.object({
  to: email("to"),
  subject: zText("subject")
    .trim()
    .min(1, { error: "subject is required" })
    .max(200, { error: "subject must be at most 200 characters" }),
  content: zText("content", { multiline: true })
    .trim()
    .min(1, { error: "content is required" })
    .max(50_000, { error: "content must be at most 50000 characters" }),
  fromEmail: email("fromEmail"),
});
export type TSendEmail = z.infer<typeof ZSendEmail>;

/** The spec's "success/error message" answers of send and verify-sender. */
export const ZEmailResult = z.object({ success: z.boolean(), message: z.string() });
export type TEmailResult = z.infer<typeof ZEmailResult>;

/** Email settings (spec: sender name, sender email, reply-to), saved per owner. Empty strings clear. */
export const ZEmailSettings = z.object({
  senderName: zText("senderName").trim().max(100, { error: "senderName must be at most 100 characters" }),
  senderEmail: emailOrEmpty("senderEmail"),
  replyTo: emailOrEmpty("replyTo"),
  /**
   * The sender details every marketing email carries (特定電子メール法 §4): the postal address and a
   * contact point (an email address or a web page) for questions and complaints. Optional in a
   * request (left as they are when absent); campaigns cannot start until they and senderName are set.
   */
  postalAddress: zText("postalAddress", { multiline: true })
    .trim()
    .max(300, { error: "postalAddress must be at most 300 characters" })
    .optional(),
  contactPoint: zText("contactPoint")
    .trim()
    .max(300, { error: "contactPoint must be at most 300 characters" })
    .refine(
      (v) =>
        v === "" ||
        z.email().safeParse(v).success ||
        (/^https?:\/\//i.test(v) && z.url().safeParse(v).success),
      { error: "contactPoint must be an email address or a web address (https://…)" },
    )
    .optional(),
});
export type TEmailSettings = z.infer<typeof ZEmailSettings>;

const campaignText = (field: string, max: number) =>
  zText(field, { multiline: field === "content" })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` })
    .superRefine((text, ctx) => {
      const unknown = unknownCampaignVariables(text);
      if (unknown.length > 0) {
        ctx.addIssue({
          code: "custom",
          message: `${field} uses unknown variables: ${unknown.map((v) => `{{${v}}}`).join(", ")}; allowed are {{firstName}}, {{lastName}}, {{company}}`,
        });
      }
    });

const campaignFields = {
  name: zText("name")
    .trim()
    .min(1, { error: "name is required" })
    .max(200, { error: "name must be at most 200 characters" }),
  type: z.enum(CAMPAIGN_TYPES, { error: `type must be one of ${CAMPAIGN_TYPES.join(", ")}` }),
  subject: campaignText("subject", 200),
  content: campaignText("content", 50_000),
  /** Contacts in these statuses receive it; empty means every status. */
  audience: z.array(z.enum(CONTACT_STATUSES)).max(CONTACT_STATUSES.length),
  /** Followup campaigns: days after a contact arrives (1–365). */
  followupDays: z.number().int().min(1).max(365).nullable(),
  /** A verified sender of the owner; empty uses the email settings' sender. */
  fromEmail: emailOrEmpty("fromEmail"),
};

/**
 * Who a newsletter reaches beyond its statuses, and how it looks: a saved segment (its current
 * conditions at sending time), else the campaign's own conditions; composed blocks (MJML-rendered
 * HTML, `content` becomes their plain text) or null for the plain text.
 */
const audienceFields = {
  segmentId: zText("segmentId").max(64).nullable().optional(),
  segment: ZSegmentFilter.nullable().optional(),
  blocks: ZEmailBlocks.nullable().optional(),
};

/** POST /api/email-campaigns (spec §7: name, type, subject, content). */
export const ZCreateCampaign = z.object({
  name: campaignFields.name,
  type: campaignFields.type.optional().default("welcome"),
  subject: campaignFields.subject,
  content: campaignFields.content,
  audience: campaignFields.audience.optional().default([]),
  followupDays: campaignFields.followupDays.optional(),
  fromEmail: campaignFields.fromEmail.optional().default(""),
  /** Counts opens with a 1×1 image (off by default: spam filters hold it against short mails). */
  trackOpens: z.boolean().optional().default(false),
  /** The footer's language (sender details, unsubscribe); null or absent: each recipient's language. */
  language: z.enum(LANGUAGES).nullable().optional(),
  ...audienceFields,
});
export type TCreateCampaign = z.input<typeof ZCreateCampaign>;

/** PATCH /api/email-campaigns/{id}: any field; isActive starts (true) or stops (false) it. */
export const ZUpdateCampaign = z
  .object({
    name: campaignFields.name,
    type: campaignFields.type,
    subject: campaignFields.subject,
    content: campaignFields.content,
    audience: campaignFields.audience,
    followupDays: campaignFields.followupDays,
    fromEmail: campaignFields.fromEmail,
    trackOpens: z.boolean(),
    isActive: z.boolean(),
    /**
     * Schedules a draft or stopped campaign to start at this time (it starts once, then), or cancels
     * the schedule (null). The time must be in the future.
     */
    scheduledAt: z.iso.datetime({ offset: true, error: "scheduledAt must be a date and time" }).nullable(),
    /** The language of the footer (sender details, unsubscribe); null: each recipient's language. */
    language: z.enum(LANGUAGES).nullable(),
    segmentId: zText("segmentId").max(64).nullable(),
    segment: ZSegmentFilter.nullable(),
    blocks: ZEmailBlocks.nullable(),
  })
  .partial();
export type TUpdateCampaign = z.input<typeof ZUpdateCampaign>;

export const ZCampaignStats = z.object({
  /** Deliveries planned so far (recipients reached by the campaign's rules). */
  recipients: z.number().int().nonnegative(),
  emailsSent: z.number().int().nonnegative(),
  /** Never delivered: refused by the provider, or still refused after 48 hours of retries. */
  failed: z.number().int().nonnegative(),
  /** Not sent because the person unsubscribed, bounced before or reported an earlier email as spam. */
  skipped: z.number().int().nonnegative(),
  /** Refused for good by the receiving side, at once or by a later bounce report. */
  bounced: z.number().int().nonnegative(),
  /** Reported as spam by their recipient. */
  complained: z.number().int().nonnegative(),
  /** Temporarily refused, waiting for another try (part of pending). */
  deferred: z.number().int().nonnegative(),
  /** Waiting to be sent (followups wait for their day), deferred ones included. */
  pending: z.number().int().nonnegative(),
  /**
   * Interrupted mid-send through a provider that cannot drop repeats (SMTP, SendGrid): maybe
   * delivered, never sent again so that nobody gets it twice.
   */
  unknown: z.number().int().nonnegative(),
  opened: z.number().int().nonnegative(),
  clicked: z.number().int().nonnegative(),
  /** Percent of sent, one decimal. */
  openRate: z.number().nonnegative(),
  clickRate: z.number().nonnegative(),
});

export const ZCampaign = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(CAMPAIGN_TYPES),
  subject: z.string(),
  content: z.string(),
  audience: z.array(z.enum(CONTACT_STATUSES)),
  followupDays: z.number().int().nullable(),
  fromEmail: z.string(),
  trackOpens: z.boolean(),
  isActive: z.boolean(),
  state: z.enum(CAMPAIGN_STATES),
  /** Why the sending engine stopped it: its sender is no longer a verified address of the account. */
  stopReason: z.enum(CAMPAIGN_STOP_REASONS).nullable(),
  /** When a scheduled campaign starts. */
  scheduledAt: z.iso.datetime().nullable().optional(),
  language: z.enum(LANGUAGES).nullable().optional(),
  segmentId: z.string().nullable().optional(),
  segment: ZSegmentFilter.nullable().optional(),
  blocks: ZEmailBlocks.nullable().optional(),
  stats: ZCampaignStats,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TCampaign = z.infer<typeof ZCampaign>;

/** What happened to one campaign email, for the owner's "details" list. */
export const CAMPAIGN_DELIVERY_PROBLEMS = [
  "bounced",
  "complained",
  "deferred",
  "failed",
  "skipped",
  "unknown",
] as const;
export const ZCampaignDeliveriesQuery = z.object({ status: z.enum(CAMPAIGN_DELIVERY_PROBLEMS) });
export const ZCampaignDelivery = z.object({
  address: z.string(),
  status: z.enum(CAMPAIGN_DELIVERY_PROBLEMS),
  /** The receiving side's or the provider's words, or why it was skipped. */
  reason: z.string(),
  /** When it happened (bounced, complained, last tried). */
  at: z.iso.datetime(),
  /** Deferred only: when the next try is due. */
  nextTryAt: z.iso.datetime().nullable(),
});
export const ZCampaignDeliveries = z.object({
  items: z.array(ZCampaignDelivery),
  /** All of that status, when more than the 500 listed. */
  total: z.number().int().nonnegative(),
});
export type TCampaignDelivery = z.infer<typeof ZCampaignDelivery>;
export type TCampaignDeliveryProblem = (typeof CAMPAIGN_DELIVERY_PROBLEMS)[number];

/** A message kept by the outbox provider (never left the machine). */
export const ZOutboxMessage = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  headers: z.record(z.string(), z.string()),
  createdAt: z.iso.datetime(),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;

/** GET /api/email/delivery-stats?range=: the owner's sent, opened and clicked emails per day. */
export const ZDeliveryStats = z.object({
  from: z.string(),
  to: z.string(),
  sent: z.array(z.object({ date: z.string(), value: z.number().int() })),
  opened: z.array(z.object({ date: z.string(), value: z.number().int() })),
  clicked: z.array(z.object({ date: z.string(), value: z.number().int() })),
  totals: z.object({ sent: z.number().int(), opened: z.number().int(), clicked: z.number().int() }),
});
export type TDeliveryStats = z.infer<typeof ZDeliveryStats>;

/** A record the owner publishes at their DNS host so that mail From their domain is signed by it. */
export const ZSendingDomainRecord = z.object({
  type: z.literal("TXT"),
  /** Full name, e.g. shobai1a2b3c._domainkey.example.jp */
  name: z.string(),
  value: z.string(),
  /**
   * dkim: required (the public key); dmarc: recommended when the domain has none; spf: the domain's
   * SPF record with the platform's include (a new record, or the domain's own one with it added).
   */
  purpose: z.enum(["dkim", "dmarc", "spf"]),
});

/**
 * An owner's own domain for sending (DKIM). Until it is verified, campaigns go From the platform's
 * address with the owner's name ("さくら食堂 via Shobai") and Reply-To the owner (decision 0036).
 */
export const ZSendingDomain = z.object({
  id: z.string(),
  domain: z.string(),
  status: z.enum(["pending", "verified"]),
  records: z.array(ZSendingDomainRecord),
  /**
   * What the last DNS check found wrong: no record at the DKIM name yet, a record without our key,
   * or a lookup that failed (try again); null when fine or never checked.
   */
  problem: z.enum(["missing", "mismatch", "lookup_failed"]).nullable(),
  /**
   * The domain's SPF at the last check: ok (its record includes the platform), missing (no SPF
   * record), no_include (a record without the platform's include), multiple (two SPF records, which
   * receivers treat as an error), lookup_failed; null when never checked.
   */
  spf: z.enum(["ok", "missing", "no_include", "multiple", "lookup_failed"]).nullable(),
  /** The include the domain's SPF record should carry, e.g. "include:bounces.shobai.jp". */
  spfInclude: z.string(),
  checkedAt: z.iso.datetime().nullable(),
  verifiedAt: z.iso.datetime().nullable(),
});
export type TSendingDomain = z.infer<typeof ZSendingDomain>;

export const ZAddSendingDomain = z.object({
  domain: zText("domain")
    .trim()
    .toLowerCase()
    .max(253)
    // Japanese names too (例え.jp): the server turns them into their ASCII form.
    .regex(/^[^\s@/:.]+(?:\.[^\s@/:.]+)+$/u, { error: "Enter a domain name such as example.jp" }),
});
export type TAddSendingDomain = z.infer<typeof ZAddSendingDomain>;

/**
 * Who a campaign would reach now: contacts in its audience statuses, those who get it, and those left
 * out with why (no recorded consent, waiting for their confirmation link, opted out or
 * unsubscribed, bounced or complained before).
 */
export const ZCampaignAudience = z.object({
  matching: z.number().int().nonnegative(),
  included: z.number().int().nonnegative(),
  excluded: z.object({
    noConsent: z.number().int().nonnegative(),
    pending: z.number().int().nonnegative(),
    optedOut: z.number().int().nonnegative(),
    suppressed: z.number().int().nonnegative(),
  }),
});
export type TCampaignAudience = z.infer<typeof ZCampaignAudience>;

/** POST /api/email/campaigns/{id}/preview: the email as one contact would get it. */
export const ZCampaignPreviewRequest = z.object({
  contactId: zText("contactId").max(100, { error: "contactId must be at most 100 characters" }).optional(),
});
export const ZCampaignPreview = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /** Whose values fill the variables (null: example values). */
  contactId: z.string().nullable(),
});
export type TCampaignPreview = z.infer<typeof ZCampaignPreview>;

/** GET /api/email/senders: the account's sender addresses with their verification status. */
export const ZSender = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(SENDER_STATUSES),
  verifiedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type TSender = z.infer<typeof ZSender>;
