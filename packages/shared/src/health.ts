import { z } from "zod";

export const ZHealth = z.object({
  status: z.literal("ok"),
  db: z.enum(["pglite", "postgres"]),
});
export type THealth = z.infer<typeof ZHealth>;

/** GET /api/ready: 200 when every check passes, 503 with the same shape when one does not. */
export const ZReady = z.object({
  status: z.enum(["ready", "not_ready"]),
  db: z.enum(["pglite", "postgres"]),
  checks: z.object({
    /** A quick query answered in time (null: not asked, the process is shutting down). */
    database: z.boolean().nullable(),
    /** Every migration this version knows is applied (null: not asked). */
    migrations: z.boolean().nullable(),
    /** The process is not shutting down. */
    accepting: z.boolean(),
  }),
  message: z.string().optional(),
});
export type TReady = z.infer<typeof ZReady>;
