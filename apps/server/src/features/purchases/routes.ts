import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import {
  ZApiError,
  ZAutoRenew,
  ZDomainOrder,
  ZDomainPurchase,
  ZDomainPurchaseResult,
  ZDomainPurchaseTerms,
  ZOwnedDomain,
  ZReceiptList,
  ZRegistrableDomain,
} from "@shobai/shared";
import { z } from "zod";
import type { ReceiptsService } from "./receipts";
import type { PurchasesService } from "./service";

export type PurchasesRoutesOptions = { service: PurchasesService; receipts: ReceiptsService };

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

/** Buying domains, their renewal switch and the owner's receipts (decisions 0042, 0043). */
export const purchasesRoutes: FastifyPluginAsyncZod<PurchasesRoutesOptions> = async (app, opts) => {
  const { service, receipts } = opts;
  const tags = ["domains"];

  app.get(
    "/api/domain/purchase-terms",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Whether the signed-in owner may buy domains now, and how they would pay",
        response: { 200: ZDomainPurchaseTerms, 401: ZApiError },
      },
    },
    async (request) => service.terms(request.workspace.id),
  );

  app.post(
    "/api/domain/purchase",
    {
      config: { access: "verified" },
      schema: {
        tags,
        summary: "Buy a domain: an order, then Stripe's payment page (or the operator's invoice)",
        description:
          "The body is the registration plus `confirmedPriceJpy`, the tax-inclusive price the owner confirmed " +
          "(409 `price_changed` when it is no longer the price) and `autoRenew`. With Stripe the answer carries " +
          "the payment page's `url`; the domain is registered only once the payment is confirmed, and a registrar " +
          "failure after payment is refunded. 403 `domain_purchase_not_allowed` on the trial or an ended plan; " +
          "503 `billing_not_configured` without Stripe for accounts not billed by invoice.",
        body: ZDomainPurchase,
        response: {
          200: ZDomainPurchaseResult,
          ...errors,
          409: ZApiError,
          502: ZApiError,
          503: ZApiError,
          504: ZApiError,
        },
      },
    },
    async (request) => service.purchase({ ...request.user, id: request.workspace.id }, request.body),
  );

  app.get(
    "/api/domain/orders",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "The signed-in owner's domain orders, newest first",
        response: { 200: z.object({ orders: z.array(ZDomainOrder) }), 401: ZApiError },
      },
    },
    async (request) => ({ orders: await service.orders(request.workspace.id) }),
  );

  app.get(
    "/api/domain/orders/:id",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "One order, brought up to date with the payment first",
        params: z.object({ id: z.string().uuid() }),
        response: { 200: ZDomainOrder, ...errors, 502: ZApiError },
      },
    },
    async (request) => service.order(request.workspace.id, request.params.id),
  );

  app.put(
    "/api/domain/domains/:domain/auto-renew",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Switch a domain's automatic renewal on or off",
        params: z.object({ domain: ZRegistrableDomain }),
        body: ZAutoRenew,
        response: { 200: ZOwnedDomain, ...errors },
      },
    },
    async (request) =>
      service.setAutoRenew(request.workspace.id, request.params.domain, request.body.autoRenew),
  );

  app.get(
    "/api/billing/receipts",
    {
      config: { access: "user" },
      schema: {
        tags: ["subscription"],
        summary: "The signed-in owner's receipts (適格請求書), newest first",
        response: { 200: ZReceiptList, 401: ZApiError },
      },
    },
    async (request) => ({ receipts: await receipts.list(request.workspace.id) }),
  );
};
