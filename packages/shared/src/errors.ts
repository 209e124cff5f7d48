import { z } from "zod";
import { ERROR_CODES } from "./constants/errors.ts";

export * from "./constants/errors.ts";

/**
 * One problem with one field of a request. `path` is the dot-joined field path ("" for the whole
 * body), `code` the zod issue code (`invalid_type`, `too_small`, `too_big`, `invalid_format`,
 * `unrecognized_keys`, `invalid_value`, `custom`, …) or, for our own checks, a more specific one
 * (`control_character`), `message` an English sentence for logs and API users; the web shows its
 * own text chosen by `code` and `path`.
 */
export const ZApiIssue = z.object({
  path: z.string(),
  code: z.string(),
  message: z.string(),
});
export type TApiIssue = z.infer<typeof ZApiIssue>;

/** Every error answer of the API: `{ message, code, issues? }`, with the matching HTTP status. */
export const ZApiError = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  /** Validation errors (400 `validation_error`) name each field that failed. */
  issues: z.array(ZApiIssue).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;
