import { z } from "zod";
import { LANGUAGES } from "./constants/languages.ts";
import { ZContactEmail } from "./crm.ts";
import { zText } from "./text.ts";

/** The public contact form (/contact): a message to the Shobai team, no sign-in needed (spec §3). */
export const ZContactMessage = z.object({
  name: zText("name")
    .trim()
    .min(1, { error: "name is required" })
    .max(100, { error: "name must be at most 100 characters" }),
  email: ZContactEmail,
  company: zText("company")
    .trim()
    .max(200, { error: "company must be at most 200 characters" })
    .optional()
    .default(""),
  message: zText("message", { multiline: true })
    .trim()
    .min(1, { error: "message is required" })
    .max(5000, { error: "message must be at most 5000 characters" }),
  /** The interface language the visitor wrote in; the Accept-Language header when absent. */
  language: z.enum(LANGUAGES).optional().catch(undefined),
  /** Honeypot: hidden from people, filled by form bots. A filled one is accepted and dropped. */
  website: z.string().max(500).optional(),
});
export type TContactMessage = z.infer<typeof ZContactMessage>;
/** What the form holds before parsing (company optional). */
export type TContactMessageInput = z.input<typeof ZContactMessage>;

export const ZContactMessageSent = z.object({ ok: z.literal(true) });
export type TContactMessageSent = z.infer<typeof ZContactMessageSent>;
