import type { SendMailOptions } from "nodemailer";

/** See fast-compose.mjs: nodemailer's bytes for the SMTP provider's common message shape, or null. */
export function composeFast(
  mail: SendMailOptions,
): Promise<{ raw: Buffer; envelope: { from: string | false; to: string[] }; messageId: string } | null>;
