import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { emailOutbox } from "../../db/schema/index";
import type { OutboxStore } from "../../providers/email/outbox";

/** Outbox messages in the database, one copy per idempotency key; the sender tags each with its owner. */
export function createDbOutboxStore(db: Database): OutboxStore {
  return {
    async save(message, meta) {
      const id = randomUUID();
      const from = message.from.name ? `${message.from.name} <${message.from.email}>` : message.from.email;
      const inserted = await db
        .insert(emailOutbox)
        .values({
          id,
          ownerId: message.tags?.owner ?? null,
          fromAddress: from,
          toAddress: message.to.email,
          subject: message.subject,
          text: message.text,
          html: message.html,
          // Reply-To is shown with the other headers: with mail "via Shobai" it is the owner's address.
          headers: {
            ...(message.replyTo
              ? {
                  "Reply-To": message.replyTo.name
                    ? `${message.replyTo.name} <${message.replyTo.email}>`
                    : message.replyTo.email,
                }
              : {}),
            ...(message.headers ?? {}),
          },
          idempotencyKey: message.idempotencyKey ?? null,
          createdAt: meta.storedAt,
        })
        .onConflictDoNothing({ target: emailOutbox.idempotencyKey })
        .returning({ id: emailOutbox.id });
      if (inserted[0]) return { id: inserted[0].id };
      const [earlier] = await db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(eq(emailOutbox.idempotencyKey, message.idempotencyKey ?? ""));
      return { id: earlier?.id ?? id };
    },
  };
}
