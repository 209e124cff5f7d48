import { z } from "zod";

export * from "./constants/errors.ts";

/** Every error answer of the API: `{ message, code? }`, with the matching HTTP status. */
export const ZApiError = z.object({
  message: z.string(),
  code: z.string().optional(),
});
export type TApiError = z.infer<typeof ZApiError>;
