import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import {
  ZApiError,
  ZConnectCustomDomain,
  ZCustomDomain,
  ZIdParams,
  ZRemovedCustomDomain,
} from "@shobai/shared";
import { z } from "zod";
import type { CustomDomainsService } from "./service";

export type CustomDomainsRoutesOptions = { service: CustomDomainsService };

const errors = { 401: ZApiError, 404: ZApiError };

/**
 * The owner's own host names (www.example.jp) that serve one of their websites once the owner has
 * proven control (TXT `_shobai.<host>`) and DNS points here (decision 0019).
 */
export const customDomainsRoutes: FastifyPluginAsyncZod<CustomDomainsRoutesOptions> = async (app, opts) => {
  const { service } = opts;
  const tags = ["domains"];

  app.get(
    "/api/domain/connections",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "The owner's custom domains and the websites they serve",
        response: { 200: z.object({ connections: z.array(ZCustomDomain) }), 401: ZApiError },
      },
    },
    async (request) => ({
      connections: await service.list(request.workspace.id),
    }),
  );

  app.post(
    "/api/domain/connections",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Connect a domain or sub-domain the owner controls to one of their websites",
        description:
          "Starts `pending` for 7 days (`expiresAt`); `dnsRecords` says what to set at the DNS provider: " +
          "the TXT record `_shobai.<host>` = `shobai-verify=<token>` (unique to this claim) that proves " +
          "control, and the CNAME or A record that points the host here; then call verify. Another " +
          "account's claim of the same host does not block this one: whoever proves control wins. " +
          "For a host in the owner's domain registered through Shobai on the registrar's default name " +
          "servers, Shobai sets the record at the registrar itself (`dnsManaged` true); if that fails the " +
          "connection is still created and `lastError` says what to do. " +
          "Business plan and up (and the trial): 403 `plan_required` otherwise. 409 `domain_in_use` when the " +
          "owner already has a live claim of the host, or it lies in a domain another account registered " +
          "through Shobai; 400 for Shobai's own host names.",
        body: ZConnectCustomDomain,
        response: { 201: ZCustomDomain, 400: ZApiError, 403: ZApiError, 409: ZApiError, ...errors },
      },
    },
    async (request, reply) => {
      return reply.status(201).send(await service.connect(request.workspace.id, request.body));
    },
  );

  app.post(
    "/api/domain/connections/:id/verify",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Check the host's DNS now",
        description:
          "Verified when the TXT record `_shobai.<host>` holds this claim's `shobai-verify=` value (not " +
          "needed when `proof` is `registration`) AND the host has a CNAME (directly or through a chain) " +
          "to the site's name or the platform's target, or an A/AAAA record with the platform's address; " +
          "the site is then served on it, and any other account's claim of the host is marked `lost`. " +
          "A verified host whose routing record is gone goes back to `pending`; one whose TXT proof is " +
          "gone stays served for 7 days (`proofMissingSince`, `servingEndsAt`). `lastError` says what " +
          "was found; a `dnsManaged` host gets its record set at the registrar again.",
        params: ZIdParams,
        response: { 200: ZCustomDomain, ...errors },
      },
    },
    async (request) => service.verify(request.workspace.id, request.params.id),
  );

  app.delete(
    "/api/domain/connections/:id",
    {
      config: { access: "user" },
      schema: {
        tags,
        summary: "Disconnect a custom domain (the site stops answering on it)",
        description: "Answers the DNS records the owner may now remove at their DNS provider.",
        params: ZIdParams,
        response: { 200: ZRemovedCustomDomain, ...errors },
      },
    },
    async (request) => service.remove(request.workspace.id, request.params.id),
  );
};
