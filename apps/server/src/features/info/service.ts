import { createHmac } from "node:crypto";
import type { TContactMessage } from "@shobai/shared";
import type { Database } from "../../db/client";
import { languageFromHeader } from "../../lib/accept-language";
import { terminalSafe } from "../../lib/terminal-text";
import * as q from "./queries";

export type ContactMessageListItem = q.ContactMessageRow;

/** One line per message for the admin command: Tokyo time, name, email, company, first line. */
export function formatContactMessage(row: q.ContactMessageRow): string {
  const date = row.createdAt.toLocaleString("ja-JP", { timeZone: "Asia/Tokyo" });
  const firstLine = row.message.split(/\r?\n/).find((line) => line.trim() !== "") ?? "";
  const preview = firstLine.length > 120 ? `${firstLine.slice(0, 119)}…` : firstLine;
  // Visitors wrote these fields: each is neutralised before it reaches an operator's terminal.
  return [date, row.name, row.email, row.company || "-", `[${row.language}]`, preview]
    .map(terminalSafe)
    .join("\t");
}

export function createContactService(deps: { db: Database; secret: string; now?: (() => Date) | undefined }) {
  const { db, secret } = deps;
  const now = deps.now ?? (() => new Date());

  /** The address is kept only as a keyed hash: enough to see that messages came from one sender. */
  function hashIp(ip: string): string {
    return createHmac("sha256", secret).update(`contact:${ip}`).digest("base64url").slice(0, 32);
  }

  return {
    /** Saves a message; a filled honeypot is accepted and dropped, so bots learn nothing. */
    async send(
      input: TContactMessage,
      sender: { ip: string; acceptLanguage?: string | undefined },
    ): Promise<{ stored: boolean }> {
      if (input.website) return { stored: false };
      await q.insertContactMessage(db, {
        id: crypto.randomUUID(),
        name: input.name,
        email: input.email,
        company: input.company,
        message: input.message,
        language: input.language ?? languageFromHeader(sender.acceptLanguage),
        ipHash: hashIp(sender.ip),
        createdAt: now(),
      });
      return { stored: true };
    },

    /** Newest first, for operators (npm run admin -- list-contact-messages). */
    list(limit = 100): Promise<ContactMessageListItem[]> {
      return q.listContactMessages(db, limit);
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
