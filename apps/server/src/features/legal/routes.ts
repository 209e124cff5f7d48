import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { type TOperatorInfo, ZOperatorInfo } from "@shobai/shared";
import type { OperatorConfig } from "../../config";

export type OperatorRoutesOptions = { operator?: Partial<OperatorConfig> | undefined };

/** The configured values, with null for every field the operator has not set. */
export function operatorInfo(operator: Partial<OperatorConfig> = {}): TOperatorInfo {
  const value = (v: string | undefined) => (v?.trim() ? v.trim() : null);
  return {
    name: value(operator.name),
    representative: value(operator.representative),
    address: value(operator.address),
    phone: value(operator.phone),
    email: value(operator.email),
    invoiceNumber: value(operator.invoiceNumber),
  };
}

/** GET /api/public/operator: who sells the service, for 特定商取引法に基づく表記 (/commercial-law). */
export const operatorRoutes: FastifyPluginAsyncZod<OperatorRoutesOptions> = async (app, opts) => {
  const info = operatorInfo(opts.operator);
  app.get(
    "/api/public/operator",
    {
      schema: {
        tags: ["public"],
        summary: "The operator's details for the 特定商取引法 page",
        description:
          "Seller, responsible person, address, telephone and email from the OPERATOR_* variables; " +
          "null for each one not configured. No sign-in needed.",
        response: { 200: ZOperatorInfo },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return info;
    },
  );
};
