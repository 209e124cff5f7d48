import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import {
  type TRegisterDomain,
  type TRegisterDomainResult,
  ZApiError,
  ZDomainSearchQuery,
  ZDomainSearchResult,
  ZDomainServiceStatus,
  ZOwnedDomain,
  ZRegisterDomain,
  ZRegisterDomainResult,
  ZRegistrableDomain,
  ZUpdateNameServers,
} from "@shobai/shared";
import { z } from "zod";
import type { SessionUser } from "../auth/service";
import type { DomainsService } from "./service";

export type DomainsRoutesOptions = {
  service: DomainsService;
  /**
   * Registration without a card payment: only for accounts billed by invoice (decision 0042);
   * the purchases service decides and records it.
   */
  registerOnInvoice: (
    user: SessionUser,
    input: TRegisterDomain,
    idempotencyKey: string | undefined,
  ) => Promise<TRegisterDomainResult>;
};

const ZDomainParams = z.object({ domain: ZRegistrableDomain });
const registrarErrors = { 400: ZApiError, 401: ZApiError, 502: ZApiError, 503: ZApiError, 504: ZApiError };

/** Domain search, registration and name servers (spec §7 /api/domain/*; decision 0010). */
export const domainsRoutes: FastifyPluginAsyncZod<DomainsRoutesOptions> = async (app, opts) => {
  const tags = ["domains"];
  const { service } = opts;

  app.get(
    "/api/domain/service-status",
    {
      schema: {
        tags,
        summary: "Whether domain registration is configured on this server",
        response: { 200: ZDomainServiceStatus },
      },
    },
    async () => service.status(),
  );

  app.get(
    "/api/domain/search/:domain",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Availability and price (integer JPY) of a domain",
        description:
          "The name may be internationalised (日本語.jp is searched as xn--wgv71a119e.jp) and must be one label " +
          "under an offered TLD. `registrationPeriod` (1–10, default 1) sets the years priced. 400 names what " +
          "is wrong with the name; 503 `not_configured` without a registrar; 403 `email_unverified` until the owner's address is confirmed; 502 `registrar_failed` when the " +
          "registrar fails, 504 when it does not answer in time.",
        params: ZDomainParams,
        querystring: ZDomainSearchQuery,
        response: { 200: ZDomainSearchResult, ...registrarErrors },
      },
    },
    async (request) => {
      return service.search(request.params.domain, request.query.registrationPeriod);
    },
  );

  app.post(
    "/api/domain/register",
    {
      config: { access: "verified" },
      schema: {
        tags,
        summary: "Register a domain billed on the operator's invoice (at most once per Idempotency-Key)",
        description:
          "Only for accounts on a paid plan that the operator bills by invoice, on a server without Stripe " +
          "(403 `domain_purchase_not_allowed` otherwise: buy through POST /api/domain/purchase). " +
          "Send an `Idempotency-Key` header to make retries safe; without one the request body itself is the " +
          "key. A repeat returns the first outcome and never orders twice. When the registrar declines (name " +
          "taken, contact refused) the answer is 200 with `success: false` and the reason in `message`. 503 " +
          "`not_configured` without a registrar; 403 `email_unverified` until the owner's address is confirmed; 502/504 `registrar_failed` when it fails or does not answer; " +
          "409 while a request with the same key is still running or when the key was used for another domain.",
        body: ZRegisterDomain,
        response: { 200: ZRegisterDomainResult, ...registrarErrors, 403: ZApiError, 409: ZApiError },
      },
    },
    async (request) => {
      // The workspace owns what is made; the person's own details (language, email) come along.
      const user = { ...request.user, id: request.workspace.id };
      const header = request.headers["idempotency-key"];
      return opts.registerOnInvoice(user, request.body, Array.isArray(header) ? header[0] : header);
    },
  );

  app.get(
    "/api/domain/domains",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "The signed-in owner's domains, newest first",
        response: { 200: z.object({ domains: z.array(ZOwnedDomain) }), 401: ZApiError },
      },
    },
    async (request) => {
      return { domains: await service.list(request.workspace.id) };
    },
  );

  app.put(
    "/api/domain/domains/:domain/nameservers",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Replace an owned domain's name servers (at least two)",
        description:
          "404 for a domain that is not the signed-in owner's; 409 while it is still being registered.",
        params: ZDomainParams,
        body: ZUpdateNameServers,
        response: { 200: ZOwnedDomain, ...registrarErrors, 404: ZApiError, 409: ZApiError },
      },
    },
    async (request) => {
      return service.updateNameServers(request.workspace.id, request.params.domain, request.body.nameServers);
    },
  );
};
