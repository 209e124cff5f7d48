import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import {
  ZAddSendingDomain,
  ZAnalyticsQuery,
  ZApiError,
  ZCampaign,
  ZCampaignAudience,
  ZCampaignDeliveries,
  ZCampaignDeliveriesQuery,
  ZCampaignPreview,
  ZCampaignPreviewRequest,
  ZContactReply,
  ZCreateCampaign,
  ZDeliveryStats,
  ZEmailResult,
  ZEmailServiceStatus,
  ZEmailSettings,
  ZIdParams,
  ZOutboxMessage,
  ZSaveSegment,
  ZSegment,
  ZSegmentFilter,
  ZSendEmail,
  ZSender,
  ZSendingDomain,
  ZUpdateCampaign,
  ZVerificationStatus,
  ZVerifySender,
  zText,
} from "@shobai/shared";
import { z } from "zod";
import type { EmailServiceStatus } from "../../providers/email/config";
import { assertVerified } from "../auth/session";
import type { EmailService } from "./service";

export type EmailRoutesOptions = {
  service: EmailService;
  status: EmailServiceStatus;
};

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const providerErrors = { 502: ZApiError, 503: ZApiError };

export const emailRoutes: FastifyPluginAsyncZod<EmailRoutesOptions> = async (app, opts) => {
  const { service } = opts;
  const tags = ["email"];

  app.get(
    "/api/email/service-status",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Which email providers are configured, which one sends, and advice",
        description: "Signed-in owners only: the provider set-up is nobody else's business.",
        response: { 200: ZEmailServiceStatus, 401: ZApiError },
      },
    },
    async (_request, _reply) => {
      return opts.status;
    },
  );

  app.post(
    "/api/email/send",
    {
      config: { access: "verified" },
      schema: {
        tags,
        summary: "Send one email from a verified sender",
        description:
          "403 `sender_unverified` when fromEmail is not a verified sender of the account; 502/503 " +
          "`email_failed` with the provider's reason. A recipient who is a contact gets it in the timeline.",
        body: ZSendEmail,
        response: { 200: ZEmailResult, ...errors, ...providerErrors },
      },
    },
    async (request) => service.send(request.workspace.id, request.body),
  );

  app.post(
    "/api/contacts/:id/reply",
    {
      config: { access: "verified" },
      schema: {
        tags: ["crm", ...tags],
        summary: "Reply to a person who wrote in (a site form enquiry), from a verified sender",
        description:
          "A one-off transactional email, allowed to anyone who wrote in (marketing needs consent): " +
          "the enquiry (`inReplyTo`, else the latest) is quoted below the text and the reply is kept on the " +
          "timeline. 403 `forbidden` when the contact never wrote in; 403 `sender_unverified` without a " +
          "verified sender; 404 for another account's contact.",
        params: ZIdParams,
        body: ZContactReply,
        response: { 200: ZEmailResult, ...errors, ...providerErrors },
      },
    },
    async (request) => service.replyToContact(request.workspace.id, request.params.id, request.body),
  );

  app.post(
    "/api/email/verify-sender",
    {
      config: { access: "verified" },
      schema: {
        tags,
        summary: "Email a verification link to a sender address",
        description:
          "429 `rate_limited`: at most 5 verification emails an hour per account, and one an hour per address.",
        body: ZVerifySender,
        response: { 200: ZEmailResult, ...errors, ...providerErrors },
      },
    },
    async (request) => service.requestVerification(request.workspace.id, request.body.email),
  );

  app.get(
    "/api/email/verify-sender/confirm",
    {
      config: {
        documents: {
          redirect: 303,
          to: "/email-management?verified={email} or /email-management?verified=invalid",
        },
      },
      schema: {
        tags,
        summary: "The link in the verification email: verifies the sender, then opens the email service page",
        querystring: z.object({ token: zText("token").max(200).optional() }),
      },
    },
    async (request, reply) => {
      const email = request.query.token ? await service.confirmVerification(request.query.token) : null;
      const target = email
        ? `/email-management?verified=${encodeURIComponent(email)}`
        : "/email-management?verified=invalid";
      return reply.redirect(target, 303);
    },
  );

  app.get(
    "/api/email/verification-status/:email",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Verification state of a sender address (unverified, pending, verified)",
        params: z.object({ email: zText("email").trim().toLowerCase().max(254) }),
        response: { 200: ZVerificationStatus, 401: ZApiError },
      },
    },
    async (request) => service.verificationStatus(request.workspace.id, request.params.email),
  );

  app.get(
    "/api/email/senders",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "The account's sender addresses with their verification status",
        response: { 200: z.array(ZSender), 401: ZApiError },
      },
    },
    async (request) => service.listSenders(request.workspace.id),
  );

  app.delete(
    "/api/email/senders/:id",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Remove a sender address (it must be verified again to send)",
        params: ZIdParams,
        response: { 204: z.null(), 401: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      await service.removeSender(request.workspace.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/email/settings",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Sender name, sender email, reply-to and the sender details campaigns carry",
        response: { 200: ZEmailSettings, 401: ZApiError },
      },
    },
    async (request) => service.settings(request.workspace.id),
  );

  app.put(
    "/api/email/settings",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary:
          "Save sender name, sender email, reply-to, postal address, contact point and consent wording",
        body: ZEmailSettings,
        response: { 200: ZEmailSettings, 400: ZApiError, 401: ZApiError },
      },
    },
    async (request) => service.saveSettings(request.workspace.id, request.body),
  );

  app.get(
    "/api/email/outbox",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Emails the outbox provider kept (they never left the machine), newest first",
        response: { 200: z.array(ZOutboxMessage), 401: ZApiError },
      },
    },
    async (request) => service.outbox(request.workspace.id),
  );

  app.get(
    "/api/email/delivery-stats",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Emails sent, opened and clicked per day (Asia/Tokyo)",
        querystring: ZAnalyticsQuery,
        response: { 200: ZDeliveryStats, 400: ZApiError, 401: ZApiError },
      },
    },
    async (request) => service.deliveryStats(request.workspace.id, request.query.range),
  );

  app.get(
    "/api/email-campaigns",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "The owner's campaigns with their figures",
        response: { 200: z.array(ZCampaign), 401: ZApiError },
      },
    },
    async (request) => service.listCampaigns(request.workspace.id),
  );

  app.post(
    "/api/email-campaigns",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Create a campaign (stopped until started)",
        description: "Variables {{firstName}}, {{lastName}}, {{company}}; any other is refused with 400.",
        body: ZCreateCampaign,
        response: { 201: ZCampaign, ...errors },
      },
    },
    async (request, reply) => {
      return reply.status(201).send(await service.createCampaign(request.workspace.id, request.body));
    },
  );

  app.patch(
    "/api/email-campaigns/:id",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Edit a campaign; isActive true starts it, false stops it; scheduledAt schedules it",
        description:
          "Starting needs a verified sender (403 `sender_unverified`) and the sender details in the settings " +
          "(400 `sender_details_missing`). A newsletter is queued for its opted-in audience when started; " +
          "welcome and followup campaigns reach opted-in contacts who arrive afterwards. `scheduledAt` (a future " +
          "time, else 400 `schedule_in_past`) starts it once at that time; `scheduledAt: null` cancels the schedule.",
        params: ZIdParams,
        body: ZUpdateCampaign,
        response: { 200: ZCampaign, ...errors },
      },
    },
    async (request) => {
      // Starting mails other people: it waits for the owner's confirmed address. Editing and stopping do not.
      if (request.body.isActive === true || request.body.scheduledAt) assertVerified(request.user);
      return service.updateCampaign(request.workspace.id, request.params.id, request.body);
    },
  );

  app.get(
    "/api/email-campaigns/:id/audience",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Who the campaign would reach now, and who it leaves out and why",
        description:
          "Contacts in its audience statuses (`matching`); `included` are opted in and not suppressed; the others " +
          "are counted by reason: no recorded consent, waiting for the confirmation link, opted out or unsubscribed, " +
          "bounced or complained before.",
        params: ZIdParams,
        response: { 200: ZCampaignAudience, 401: ZApiError, 404: ZApiError },
      },
    },
    async (request) => service.campaignAudience(request.workspace.id, request.params.id),
  );

  app.get(
    "/api/email/segments",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "The account's saved segments (named contact conditions any campaign can use)",
        response: { 200: z.array(ZSegment), 401: ZApiError },
      },
    },
    async (request) => service.segments.list(request.workspace.id),
  );

  app.post(
    "/api/email/segments",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Save a segment",
        body: ZSaveSegment,
        response: { 201: ZSegment, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.segments.create(request.workspace.id, request.body)),
  );

  app.put(
    "/api/email/segments/:id",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Rename a saved segment or change its conditions (campaigns using it follow)",
        params: ZIdParams,
        body: ZSaveSegment,
        response: { 200: ZSegment, ...errors },
      },
    },
    async (request) => service.segments.update(request.workspace.id, request.params.id, request.body),
  );

  app.delete(
    "/api/email/segments/:id",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Remove a saved segment; campaigns using it keep their statuses only",
        params: ZIdParams,
        response: { 204: z.null(), 401: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      await service.segments.remove(request.workspace.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/email/segments/count",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "How many contacts match these conditions, who would get a campaign and who is left out",
        description: "Only opted-in contacts receive campaigns; the others are counted by reason.",
        body: ZSegmentFilter,
        response: { 200: ZCampaignAudience, ...errors },
      },
    },
    async (request) => service.countSegment(request.workspace.id, request.body),
  );

  app.post(
    "/api/email-campaigns/:id/preview",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "The campaign as one contact would receive it (HTML and text, footer included)",
        description:
          "`contactId` fills the variables with that contact's values; without it, example values.",
        params: ZIdParams,
        body: ZCampaignPreviewRequest,
        response: { 200: ZCampaignPreview, ...errors },
      },
    },
    async (request) =>
      service.previewCampaign(request.workspace.id, request.params.id, request.body.contactId),
  );

  app.post(
    "/api/email-campaigns/:id/test",
    {
      config: { access: "verified" },
      schema: {
        tags,
        summary: "Send the campaign once to the account's own address, marked [TEST]",
        params: ZIdParams,
        response: { 200: ZEmailResult, ...errors, ...providerErrors },
      },
    },
    async (request) => service.testSendCampaign(request.workspace.id, request.params.id),
  );

  app.get(
    "/api/email/domains",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "The account's sending domains (DKIM) with the records to publish",
        response: { 200: z.array(ZSendingDomain), 401: ZApiError },
      },
    },
    async (request) => service.sendingDomains.list(request.workspace.id),
  );

  app.post(
    "/api/email/domains",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Add a sending domain: makes its DKIM key and answers the TXT records to publish",
        description:
          "Japanese domain names are kept in their ASCII form. 400 `free_mail_domain` for a mailbox " +
          "provider's domain (gmail.com, yahoo.co.jp…): mail from such addresses always goes “via Shobai”.",
        body: ZAddSendingDomain,
        response: { 201: ZSendingDomain, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.sendingDomains.add(request.workspace.id, request.body.domain)),
  );

  app.post(
    "/api/email/domains/:id/check",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Look the domain's DKIM record up in DNS; verified once it carries the key",
        params: ZIdParams,
        response: { 200: ZSendingDomain, 401: ZApiError, 404: ZApiError },
      },
    },
    async (request) => service.sendingDomains.check(request.workspace.id, request.params.id),
  );

  app.delete(
    "/api/email/domains/:id",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Remove a sending domain: its mail goes “via Shobai” again",
        params: ZIdParams,
        response: { 204: z.null(), 401: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      await service.sendingDomains.remove(request.workspace.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/email-campaigns/:id/deliveries",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary:
          "A campaign's emails that bounced, drew a complaint, wait for a retry, failed, were skipped or are unknown",
        description:
          "Addresses with the receiving side's reason and the time, newest first, at most 500 (total counts all).",
        params: ZIdParams,
        querystring: ZCampaignDeliveriesQuery,
        response: { 200: ZCampaignDeliveries, 400: ZApiError, 401: ZApiError, 404: ZApiError },
      },
    },
    async (request) =>
      service.campaignDeliveries(request.workspace.id, request.params.id, request.query.status),
  );

  app.delete(
    "/api/email-campaigns/:id",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Delete a campaign and its delivery records",
        params: ZIdParams,
        response: { 204: z.null(), 401: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      await service.deleteCampaign(request.workspace.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
