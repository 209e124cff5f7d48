import { randomUUID } from "node:crypto";
import { assertSendable } from "./message";
import type { EmailProvider, OutgoingEmail } from "./types";

export type OutboxMeta = { storedAt: Date };

/** Where outbox messages are kept (a database table in the app, memory in tests). */
export interface OutboxStore {
  /** Saves the message; a repeat of an idempotencyKey already saved returns the first message's id. */
  save(message: OutgoingEmail, meta: OutboxMeta): Promise<{ id: string }>;
}

/**
 * The default provider: nothing leaves the machine. Messages are stored so the app can show them
 * ("outbox"), which lets an owner try every flow before configuring a real provider.
 */
export function createOutboxProvider(store: OutboxStore, now: () => Date = () => new Date()): EmailProvider {
  return {
    name: "outbox",
    async send(message) {
      assertSendable("outbox", message);
      const { id } = await store.save(message, { storedAt: now() });
      return { providerMessageId: id };
    },
  };
}

export type StoredOutboxEmail = { id: string; message: OutgoingEmail; meta: OutboxMeta };

/** An OutboxStore in memory, for tests and for tools that need no database. */
export function createMemoryOutboxStore(): OutboxStore & { readonly messages: StoredOutboxEmail[] } {
  const messages: StoredOutboxEmail[] = [];
  return {
    messages,
    async save(message, meta) {
      if (message.idempotencyKey !== undefined) {
        const earlier = messages.find((m) => m.message.idempotencyKey === message.idempotencyKey);
        if (earlier) return { id: earlier.id };
      }
      const id = randomUUID();
      messages.push({ id, message: structuredClone(message), meta });
      return { id };
    },
  };
}
