import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { ZApiError, ZContactMessage, ZContactMessageSent } from "@shobai/shared";
import type { ContactService } from "./service";

export type ContactRoutesOptions = {
  service: ContactService;
  rateLimit: { max: number; windowSeconds: number };
};

/** The public /contact form: no sign-in, limited per IP address. */
export const contactRoutes: FastifyPluginAsyncZod<ContactRoutesOptions> = async (app, opts) => {
  app.post(
    "/api/contact-messages",
    {
      config: { rateLimit: { max: opts.rateLimit.max, timeWindow: opts.rateLimit.windowSeconds * 1000 } },
      schema: {
        tags: ["contact"],
        summary: "Send a message to the Shobai team (public contact form)",
        description:
          "No sign-in. `name`, `email` and `message` are required, `company` is optional. `language` " +
          "(ja, en, pl, ro, ms, id) defaults to the Accept-Language header. Limited per IP address (429).",
        body: ZContactMessage,
        response: { 201: ZContactMessageSent, 400: ZApiError, 429: ZApiError },
      },
    },
    async (request, reply) => {
      const { stored } = await opts.service.send(request.body, {
        ip: request.ip,
        acceptLanguage: request.headers["accept-language"],
      });
      if (!stored) request.log.info("contact form honeypot filled: dropped");
      return reply.status(201).send({ ok: true as const });
    },
  );
};
