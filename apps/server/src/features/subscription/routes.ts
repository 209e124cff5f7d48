import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import {
  ZApiError,
  ZCreateCheckoutSession,
  ZPlan,
  ZRedirectUrl,
  ZSubscriptionStatusResponse,
} from "@shobai/shared";
import { z } from "zod";
import type { SubscriptionService } from "./service";

export type SubscriptionRoutesOptions = { service: SubscriptionService };

export const subscriptionRoutes: FastifyPluginAsyncZod<SubscriptionRoutesOptions> = async (app, opts) => {
  const tags = ["subscription"];
  const { service } = opts;

  app.get(
    "/api/subscription/plans",
    { schema: { tags, summary: "The plans on sale (monthly, JPY)", response: { 200: z.array(ZPlan) } } },
    async () => service.plans(),
  );

  app.get(
    "/api/subscription/status",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "The signed-in user's plan, status, usage and what the account may do",
        response: { 200: ZSubscriptionStatusResponse, 401: ZApiError },
      },
    },
    async (request) => service.status({ ...request.user, id: request.workspace.id }),
  );

  app.post(
    "/api/subscription/create-checkout-session",
    {
      config: { access: "verified", sensitive: true },
      schema: {
        tags,
        summary: "Select Plan: a Stripe Checkout address, or an upgrade of the running subscription",
        description:
          "Plans go up only (trial → any; starter → business, enterprise, white_label; …): 400 `plan_not_upgrade` " +
          "for the current or a smaller plan. A running subscription is moved at once (prorated) and the answer " +
          "points back to /subscription. 503 `billing_not_configured` when Stripe is not set up; 402 " +
          "`payment_failed` when the card is declined; 403 `email_unverified` until the owner's address is confirmed.",
        body: ZCreateCheckoutSession,
        response: {
          200: ZRedirectUrl,
          400: ZApiError,
          401: ZApiError,
          402: ZApiError,
          403: ZApiError,
          502: ZApiError,
          503: ZApiError,
        },
      },
    },
    async (request) =>
      service.startCheckout({ ...request.user, id: request.workspace.id }, request.body.planId),
  );

  app.post(
    "/api/subscription/portal-session",
    {
      config: { access: "user", sensitive: true },
      schema: {
        tags,
        summary: "Stripe's billing portal: payment method, invoices, cancellation, smaller plans",
        response: { 200: ZRedirectUrl, 401: ZApiError, 409: ZApiError, 502: ZApiError, 503: ZApiError },
      },
    },
    async (request) => service.portal({ ...request.user, id: request.workspace.id }),
  );

  // Stripe signs the exact bytes it sent, so this route reads its body raw (only in this scope).
  await app.register(async (raw) => {
    raw.addContentTypeParser(
      ["application/json", "text/plain"],
      { parseAs: "buffer", bodyLimit: 512 * 1024 },
      (_request, body, done) => done(null, body),
    );
    raw.post(
      "/api/billing/webhook",
      {
        schema: {
          tags,
          summary: "Stripe webhook (signed; each event taken once)",
          description:
            "Verifies the Stripe-Signature header over the raw body (tolerance 300 s). Handles " +
            "checkout.session.completed, customer.subscription.created/updated/deleted, invoice.paid and " +
            "invoice.payment_failed; events may come in any order and more than once.",
          response: {
            200: z.object({ received: z.literal(true), outcome: z.string() }),
            400: ZApiError,
            503: ZApiError,
          },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers["stripe-signature"];
        return service.webhook(body, Array.isArray(signature) ? signature[0] : signature);
      },
    );
  });
};
