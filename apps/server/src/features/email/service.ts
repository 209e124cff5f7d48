import { randomBytes, randomUUID } from "node:crypto";
import type {
  TCampaignPreview,
  TContactReply,
  TEmailResult,
  TEmailSettings,
  TOutboxMessage,
  TSendEmail,
} from "@shobai/shared";
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { contacts, emailDeliveries, emailOutbox, emailSettings, users } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Entitlements } from "../../lib/entitlements";
import type { SecretBox } from "../../lib/secret-box";
import { domainOf } from "../../providers/email/message";
import { sendWithRetry } from "../../providers/email/retry";
import type { EmailProvider } from "../../providers/email/types";
import type { CrmService } from "../crm/service";
import { createCampaigns } from "./campaigns";
import { createConsentConfirmations } from "./consent";
import { createDeliveryStats } from "./delivery-stats";
import { createLinkTracking } from "./link-tracking";
import { mailLanguage } from "./mail-texts";
import { providerFailure } from "./provider-failure";
import { renderCampaignEmail, renderPlainEmail } from "./render";
import { createSegments } from "./segments";
import { chooseSender, type PlatformSender, verpAddress } from "./sender-identity";
import { createSenders } from "./senders";
import { createSendingDomains, type TxtResolver } from "./sending-domains";

export type EmailServiceDeps = {
  db: Database;
  provider: EmailProvider;
  crm: CrmService;
  /** Origin for links in emails (PUBLIC_URL). */
  publicUrl: string;
  /** The platform's own sender (verification emails), e.g. "Shobai <noreply@example.jp>". */
  systemFrom: { email: string; name?: string };
  /** The plan's rules: a running plan to send, and the monthly email allowance. */
  entitlements: Entitlements;
  /** Owners' sending domains (DKIM keys sealed with this box, checked with this DNS lookup). */
  sendingDomains: { box: SecretBox; txt: TxtResolver };
  /** The platform's sending identity for mail "via" it (sender-identity.ts). */
  platform: PlatformSender;
  now?: () => Date;
};

/**
 * The email feature's rules, one module per concern: senders (verification), campaigns, link
 * tracking and delivery figures; this file keeps the settings, one-off sends and the outbox.
 */
export function createEmailService(deps: EmailServiceDeps) {
  const { db, provider } = deps;
  const now = deps.now ?? (() => new Date());

  async function settingsOf(ownerId: string): Promise<TEmailSettings> {
    const [row] = await db.select().from(emailSettings).where(eq(emailSettings.ownerId, ownerId));
    return {
      senderName: row?.senderName ?? "",
      senderEmail: row?.senderEmail ?? "",
      replyTo: row?.replyTo ?? "",
      postalAddress: row?.postalAddress ?? "",
      contactPoint: row?.contactPoint ?? "",
    };
  }

  const senders = createSenders({
    db,
    provider,
    publicUrl: deps.publicUrl,
    systemFrom: deps.systemFrom,
    now,
  });
  const sendingDomains = createSendingDomains({
    db,
    ...deps.sendingDomains,
    now,
    spfDomain: deps.platform.bounceDomain ?? domainOf(deps.platform.from),
  });
  const segments = createSegments({ db, now });
  const campaigns = createCampaigns({
    segments,
    db,
    senders,
    entitlements: deps.entitlements,
    settingsSender: async (ownerId) => (await settingsOf(ownerId)).senderEmail,
    settings: settingsOf,
    now,
  });

  const consent = createConsentConfirmations({
    db,
    provider,
    publicUrl: deps.publicUrl,
    systemFrom: deps.systemFrom,
    confirm: deps.crm.confirmConsent,
    now,
  });

  return {
    ...createLinkTracking({ db, now, onUnsubscribe: deps.crm.recordOptOut }),
    /** Double opt-in for a site form's consent box (consent.ts). */
    requestConsent: consent.request,
    describeConsentLink: consent.describe,
    confirmConsent: consent.confirm,
    ...campaigns,
    ...createDeliveryStats({ db, now }),
    sendingDomains,
    segments,

    settings: settingsOf,

    async saveSettings(ownerId: string, input: TEmailSettings): Promise<TEmailSettings> {
      const values = { ...input, updatedAt: now() };
      await db
        .insert(emailSettings)
        .values({ ownerId, ...values })
        .onConflictDoUpdate({ target: emailSettings.ownerId, set: values });
      return settingsOf(ownerId);
    },

    verificationStatus: senders.status,
    listSenders: senders.listSenders,
    removeSender: senders.removeSender,
    requestVerification: senders.requestVerification,
    confirmVerification: senders.confirmVerification,

    /** POST /api/email/send: from a verified sender; kept in the recipient's timeline when a contact. */
    async send(ownerId: string, input: TSendEmail): Promise<TEmailResult> {
      await senders.requireVerified(ownerId, input.fromEmail);
      await deps.entitlements.requireEmailAllowance(ownerId);
      const settings = await settingsOf(ownerId);
      const body = renderPlainEmail(input.content, input.subject);
      const id = randomUUID();
      const token = randomBytes(32).toString("hex");
      const { via: _via, ...sender } = chooseSender({
        address: input.fromEmail,
        name: settings.senderName,
        replyTo: settings.replyTo,
        ownKey: await sendingDomains.signingKey(ownerId, input.fromEmail),
        platform: deps.platform,
      });
      let result: { providerMessageId: string | null };
      try {
        result = await sendWithRetry(provider, {
          ...sender,
          to: { email: input.to },
          ...(deps.platform.bounceDomain
            ? { envelopeFrom: verpAddress(token, deps.platform.bounceDomain) }
            : {}),
          subject: input.subject,
          html: body.html,
          text: body.text,
          tags: { kind: "one-off", owner: ownerId, delivery: token },
          idempotencyKey: `send-${id}`,
        });
      } catch (error) {
        throw providerFailure(error);
      }
      const [contact] = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.ownerId, ownerId), eq(contacts.email, input.to)));
      const at = now();
      await db.insert(emailDeliveries).values({
        id,
        ownerId,
        contactId: contact?.id ?? null,
        toAddress: input.to,
        status: "sent",
        dueAt: at,
        attempts: 1,
        provider: provider.name,
        providerMessageId: result.providerMessageId,
        token,
        sentAt: at,
      });
      if (contact) {
        await deps.crm.recordActivity(ownerId, contact.id, "email_sent", {
          subject: input.subject,
          from: input.fromEmail,
        });
      }
      return { success: true, message: `Email sent to ${input.to}.` };
    },

    /**
     * POST /api/contacts/:id/reply: a one-off transactional reply to a person who wrote in through
     * a site form (issue 22: transactional replies go to anyone who wrote in; marketing needs
     * consent), from the owner's verified sender, with the enquiry quoted; kept on the timeline as
     * an `email_sent` entry that names the enquiry it answers.
     */
    async replyToContact(ownerId: string, contactId: string, input: TContactReply): Promise<TEmailResult> {
      const contact = await deps.crm.get(ownerId, contactId);
      const enquiries = contact.activities.filter((a) => a.type === "form_submitted");
      const enquiry = input.inReplyTo ? enquiries.find((a) => a.id === input.inReplyTo) : enquiries[0];
      if (input.inReplyTo && !enquiry) throw AppError.notFound("Enquiry not found");
      if (!enquiry) {
        throw new AppError(
          403,
          "forbidden",
          "Only a person who wrote in can get a reply; mail others through a campaign, with their consent",
        );
      }
      const settings = await settingsOf(ownerId);
      const verified = (await senders.listSenders(ownerId)).filter((x) => x.status === "verified");
      const fromEmail =
        input.fromEmail ??
        (verified.some((x) => x.email === settings.senderEmail) ? settings.senderEmail : verified[0]?.email);
      if (!fromEmail) {
        throw new AppError(
          403,
          "sender_unverified",
          "No verified sender yet. Verify an address on the email service page first.",
        );
      }
      await senders.requireVerified(ownerId, fromEmail);
      await deps.entitlements.requireEmailAllowance(ownerId);
      const name = [contact.lastName, contact.firstName].filter(Boolean).join(" ") || contact.email;
      const at = new Date(enquiry.createdAt).toLocaleString("sv-SE", { timeZone: "Asia/Tokyo" });
      const quoted = (enquiry.data.message ?? "")
        .split(/\r?\n/)
        .map((line) => `> ${line}`)
        .join("\n");
      const content = `${input.text.trim()}\n\n${at.slice(0, 16).replaceAll("-", "/")} ${name} <${contact.email}>:\n${quoted}`;
      const subject = input.subject.trim().replace(/[\r\n]+/g, " ");
      const body = renderPlainEmail(content, subject);
      const id = randomUUID();
      const token = randomBytes(32).toString("hex");
      const { via: _via, ...sender } = chooseSender({
        address: fromEmail,
        name: settings.senderName,
        replyTo: settings.replyTo,
        ownKey: await sendingDomains.signingKey(ownerId, fromEmail),
        platform: deps.platform,
      });
      let result: { providerMessageId: string | null };
      try {
        result = await sendWithRetry(provider, {
          ...sender,
          to: { email: contact.email },
          ...(deps.platform.bounceDomain
            ? { envelopeFrom: verpAddress(token, deps.platform.bounceDomain) }
            : {}),
          subject,
          html: body.html,
          text: body.text,
          tags: { kind: "reply", owner: ownerId, delivery: token },
          idempotencyKey: `reply-${id}`,
        });
      } catch (error) {
        throw providerFailure(error);
      }
      const sentAt = now();
      await db.insert(emailDeliveries).values({
        id,
        ownerId,
        contactId,
        toAddress: contact.email,
        status: "sent",
        dueAt: sentAt,
        attempts: 1,
        provider: provider.name,
        providerMessageId: result.providerMessageId,
        token,
        sentAt,
      });
      await deps.crm.recordActivity(ownerId, contactId, "email_sent", {
        subject,
        from: fromEmail,
        text: input.text.trim(),
        inReplyTo: enquiry.id,
      });
      return { success: true, message: `Reply sent to ${contact.email}.` };
    },

    /**
     * The campaign as one contact would get it (the owner's contact, else example values), with the
     * footer in its language; links lead where written and nothing is tracked.
     */
    async previewCampaign(ownerId: string, id: string, contactId?: string): Promise<TCampaignPreview> {
      const row = await campaigns.ownedCampaign(ownerId, id);
      const settings = await settingsOf(ownerId);
      let contact: typeof contacts.$inferSelect | undefined;
      if (contactId) {
        [contact] = await db
          .select()
          .from(contacts)
          .where(and(eq(contacts.ownerId, ownerId), eq(contacts.id, contactId)));
        if (!contact) throw AppError.notFound("Contact not found");
      }
      const [owner] = await db.select({ language: users.language }).from(users).where(eq(users.id, ownerId));
      const message = renderCampaignEmail({
        subject: row.subject,
        content: row.content,
        bodyHtml: row.bodyHtml,
        recipient: contact
          ? { firstName: contact.firstName, lastName: contact.lastName, company: contact.company }
          : { firstName: "太郎", lastName: "山田", company: "山田商店" },
        senderName: settings.senderName,
        postalAddress: settings.postalAddress ?? "",
        contactPoint: settings.contactPoint ?? "",
        trackOpens: false,
        automatic: row.type !== "newsletter",
        listId: `${ownerId}.preview`,
        lang: mailLanguage(row.language ?? contact?.language ?? owner?.language),
        preview: true,
        links: { base: deps.publicUrl, token: "preview", linkId: () => "preview" },
      });
      return {
        subject: message.subject,
        html: message.html,
        text: message.text,
        contactId: contact?.id ?? null,
      };
    },

    /**
     * A test of the campaign to the owner's own (account) address: the real footer and sender, the
     * subject marked [TEST], variables filled with example values; not counted in the campaign.
     */
    async testSendCampaign(ownerId: string, id: string): Promise<TEmailResult> {
      const row = await campaigns.ownedCampaign(ownerId, id);
      await campaigns.requireSenderDetails(ownerId);
      const [owner] = await db
        .select({ email: users.email, language: users.language })
        .from(users)
        .where(eq(users.id, ownerId));
      if (!owner) throw AppError.notFound("Account not found");
      const preview = await this.previewCampaign(ownerId, id);
      const settings = await settingsOf(ownerId);
      const address = row.fromEmail || settings.senderEmail;
      if (address) await senders.requireVerified(ownerId, address);
      const { via: _via, ...sender } = address
        ? chooseSender({
            address,
            name: settings.senderName,
            replyTo: settings.replyTo,
            ownKey: await sendingDomains.signingKey(ownerId, address),
            platform: deps.platform,
          })
        : { from: deps.systemFrom, via: true };
      try {
        await sendWithRetry(provider, {
          ...sender,
          to: { email: owner.email },
          subject: `[TEST] ${preview.subject}`,
          html: preview.html,
          text: preview.text,
          tags: { kind: "campaign-test", owner: ownerId },
          idempotencyKey: `campaign-test-${id}-${randomUUID()}`,
        });
      } catch (error) {
        throw providerFailure(error);
      }
      return { success: true, message: `Test email sent to ${owner.email}.` };
    },

    async outbox(ownerId: string): Promise<TOutboxMessage[]> {
      const rows = await db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.ownerId, ownerId))
        .orderBy(desc(emailOutbox.createdAt))
        .limit(200);
      return rows.map((r) => ({
        id: r.id,
        from: r.fromAddress,
        to: r.toAddress,
        subject: r.subject,
        text: r.text,
        html: r.html,
        headers: r.headers,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  };
}

export type EmailService = ReturnType<typeof createEmailService>;
