import { verify } from "node:crypto";
import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { ERROR_CODES, ZApiError } from "@shobai/shared";
import type { FastifyBaseLogger } from "fastify";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { z } from "zod";
import { AppError } from "../../lib/app-error";
import { ecPublicKey } from "../../lib/public-key";
import type { DeliveryProblem } from "./suppression";
import { DELIVERY_TOKEN } from "./verp";

/**
 * Resend's and SendGrid's event webhooks (decision 0037): a hard bounce or a spam complaint the
 * provider learnt of after it took the message is recorded against the delivery, as the inbound
 * SMTP listener does for DSNs and feedback reports. Each request's signature is checked over the
 * exact bytes received; without the operator's secret the route does not exist (404).
 */
export type EmailWebhooksOptions = {
  /** recordDeliveryProblem on the app's database: true when the event named a delivery of ours. */
  record: (problem: DeliveryProblem) => Promise<boolean>;
  /** RESEND_WEBHOOK_SECRET: the endpoint's signing secret, whsec_<base64>. */
  resendSecret?: string | undefined;
  /** SENDGRID_WEBHOOK_PUBLIC_KEY: the Event Webhook's verification key (base64 DER or PEM). */
  sendgridPublicKey?: string | undefined;
  log: FastifyBaseLogger;
  now?: () => Date;
};

/** Signed requests older or newer than this are refused (replays). */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

const ZOutcome = z.object({
  received: z.literal(true),
  /** How many events were recorded against a delivery of ours. */
  recorded: z.number().int(),
  /** Events of other types, soft bounces, or about mail we do not know. */
  ignored: z.number().int(),
});

const ZResendTags = z
  .union([
    z.record(z.string(), z.unknown()),
    z.array(z.object({ name: z.string(), value: z.unknown() }).loose()),
  ])
  .optional();
const ZResendEvent = z
  .object({
    type: z.string(),
    created_at: z.string().optional(),
    data: z
      .object({
        email_id: z.string().max(200).optional(),
        to: z.union([z.array(z.string()), z.string()]).optional(),
        bounce: z
          .object({
            type: z.string().optional(),
            subType: z.string().optional(),
            message: z.string().optional(),
          })
          .loose()
          .optional(),
        tags: ZResendTags,
      })
      .loose(),
  })
  .loose();

const ZSendgridEvents = z.array(
  z
    .object({
      event: z.string(),
      email: z.string().optional(),
      timestamp: z.number().optional(),
      type: z.string().optional(),
      reason: z.string().optional(),
      status: z.string().optional(),
      sg_message_id: z.string().max(300).optional(),
      // Our custom_args come back as top-level fields (engine.ts: kind, owner, delivery).
      delivery: z.string().optional(),
    })
    .loose(),
);

const tagOf = (tags: z.infer<typeof ZResendTags>, name: string): string | undefined => {
  if (!tags) return undefined;
  const value = Array.isArray(tags) ? tags.find((t) => t.name === name)?.value : tags[name];
  return typeof value === "string" ? value : undefined;
};

const dateOr = (value: string | number | undefined, fallback: Date) => {
  const date = typeof value === "number" ? new Date(value * 1000) : value ? new Date(value) : fallback;
  return Number.isNaN(date.getTime()) ? fallback : date;
};

const headerOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

const badSignature = (message: string) => new AppError(403, ERROR_CODES.forbidden, message);

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    throw AppError.badRequest(ERROR_CODES.validation, "Request body is not valid JSON");
  }
}

function parseWith<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.map(String).join(".") || "body";
    throw AppError.badRequest(ERROR_CODES.validation, `${path}: ${issue?.message ?? "is invalid"}`);
  }
  return parsed.data;
}

export const emailWebhookRoutes: FastifyPluginAsyncZod<EmailWebhooksOptions> = async (app, opts) => {
  const tags = ["email"];
  const now = opts.now ?? (() => new Date());
  const resend = opts.resendSecret ? new Webhook(opts.resendSecret) : null;
  const sendgrid = opts.sendgridPublicKey ? ecPublicKey(opts.sendgridPublicKey) : null;
  const log = opts.log.child({ component: "email-webhooks" });

  /** Tries each way of naming the delivery until one matches; false when none does. */
  async function record(
    problem: Omit<DeliveryProblem, "deliveryId" | "token" | "providerMessageId">,
    matches: ({ token: string } | { providerMessageId: string })[],
  ): Promise<boolean> {
    for (const match of matches) {
      if ("token" in match && !DELIVERY_TOKEN.test(match.token)) continue;
      if (await opts.record({ ...problem, ...match } as DeliveryProblem)) return true;
    }
    return false;
  }

  // The providers sign the exact bytes they sent, so these routes read their bodies raw.
  app.addContentTypeParser(
    ["application/json", "text/plain"],
    { parseAs: "buffer", bodyLimit: 5 * 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );

  const response = { 200: ZOutcome, 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

  app.post(
    "/api/email/webhooks/resend",
    {
      schema: {
        tags,
        summary: "Resend event webhook: hard bounces and spam complaints (signed)",
        description:
          "Verifies the Svix signature (svix-id, svix-timestamp, svix-signature) over the raw body with " +
          "RESEND_WEBHOOK_SECRET, 5 minutes either way: 401 without the headers, 403 for a wrong or stale " +
          "signature, 404 when no secret is configured. email.bounced (Permanent only) suppresses the " +
          "address for the delivery's owner; email.complained also unsubscribes it. The delivery is found " +
          "by data.email_id, else by the delivery tag.",
        response,
      },
    },
    async (request) => {
      if (!resend) throw AppError.notFound();
      const headers = {
        "webhook-id": headerOf(request.headers["svix-id"]) ?? "",
        "webhook-timestamp": headerOf(request.headers["svix-timestamp"]) ?? "",
        "webhook-signature": headerOf(request.headers["svix-signature"]) ?? "",
      };
      if (!headers["webhook-id"] || !headers["webhook-timestamp"] || !headers["webhook-signature"])
        throw AppError.unauthorized("Missing svix-id, svix-timestamp or svix-signature");
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      try {
        resend.verify(body, headers, { jsonParse: false });
      } catch (error) {
        if (error instanceof WebhookVerificationError)
          throw badSignature(`Signature refused: ${error.message}`);
        throw error;
      }
      const event = parseWith(ZResendEvent, parseJson(body));
      const kind =
        event.type === "email.bounced" && event.data.bounce?.type?.toLowerCase() === "permanent"
          ? "bounce"
          : event.type === "email.complained"
            ? "complaint"
            : null;
      if (!kind) return { received: true as const, recorded: 0, ignored: 1 };
      const bounce = event.data.bounce;
      const reason =
        kind === "bounce"
          ? [bounce?.message, bounce?.subType && `(${bounce.subType})`].filter(Boolean).join(" ") ||
            "Permanent bounce (Resend)"
          : "Spam complaint (Resend)";
      const token = tagOf(event.data.tags, "delivery");
      const recorded = await record({ kind, reason, at: dateOr(event.created_at, now()) }, [
        ...(event.data.email_id ? [{ providerMessageId: event.data.email_id }] : []),
        ...(token ? [{ token }] : []),
      ]);
      if (!recorded)
        log.info({ type: event.type, emailId: event.data.email_id }, "event names no delivery of ours");
      return { received: true as const, recorded: recorded ? 1 : 0, ignored: recorded ? 0 : 1 };
    },
  );

  app.post(
    "/api/email/webhooks/sendgrid",
    {
      schema: {
        tags,
        summary: "SendGrid Event Webhook: hard bounces and spam reports (signed)",
        description:
          "Verifies X-Twilio-Email-Event-Webhook-Signature (ECDSA P-256, SHA-256 over the timestamp header " +
          "followed by the raw body) with SENDGRID_WEBHOOK_PUBLIC_KEY; the timestamp must be within 5 minutes. " +
          "401 without the headers, 403 for a wrong or stale signature, 404 when no key is configured. Events " +
          "`bounce` of type bounce (not `blocked`) suppress the address for the delivery's owner; `spamreport` " +
          "also unsubscribes it. The delivery is found by the `delivery` custom argument, else by sg_message_id.",
        response,
      },
    },
    async (request) => {
      if (!sendgrid) throw AppError.notFound();
      const signature = headerOf(request.headers["x-twilio-email-event-webhook-signature"]);
      const timestamp = headerOf(request.headers["x-twilio-email-event-webhook-timestamp"]);
      if (!signature || !timestamp)
        throw AppError.unauthorized(
          "Missing X-Twilio-Email-Event-Webhook-Signature or X-Twilio-Email-Event-Webhook-Timestamp",
        );
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signed = verify(
        "sha256",
        Buffer.concat([Buffer.from(timestamp, "utf8"), body]),
        { key: sendgrid, dsaEncoding: "der" },
        Buffer.from(signature, "base64"),
      );
      if (!signed) throw badSignature("Signature refused: no matching signature");
      const seconds = Number(timestamp);
      if (
        !/^\d{1,12}$/.test(timestamp) ||
        Math.abs(now().getTime() / 1000 - seconds) > SIGNATURE_TOLERANCE_SECONDS
      )
        throw badSignature("Signature refused: timestamp too old or too new");
      const events = parseWith(ZSendgridEvents, parseJson(body));
      let recorded = 0;
      for (const event of events) {
        const kind =
          event.event === "bounce" && (event.type ?? "bounce") === "bounce"
            ? "bounce"
            : event.event === "spamreport"
              ? "complaint"
              : null;
        if (!kind) continue;
        const reason =
          kind === "bounce"
            ? [event.status, event.reason].filter(Boolean).join(" ") || "Bounce (SendGrid)"
            : "Spam report (SendGrid)";
        // sg_message_id is the X-Message-Id SendGrid answered, then ".filter…" or ".recvd-…".
        const messageId = event.sg_message_id?.split(".")[0];
        const ok = await record({ kind, reason, at: dateOr(event.timestamp, now()) }, [
          ...(event.delivery ? [{ token: event.delivery }] : []),
          ...(messageId ? [{ providerMessageId: messageId }] : []),
        ]);
        if (ok) recorded++;
        else
          log.info(
            { event: event.event, sgMessageId: event.sg_message_id },
            "event names no delivery of ours",
          );
      }
      return { received: true as const, recorded, ignored: events.length - recorded };
    },
  );
};
