import { desc } from "drizzle-orm";
import type { Database } from "../../db/client";
import { contactMessages } from "../../db/schema/index";

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type NewContactMessageRow = typeof contactMessages.$inferInsert;

export async function insertContactMessage(db: Database, row: NewContactMessageRow): Promise<void> {
  await db.insert(contactMessages).values(row);
}

/** Newest first. */
export async function listContactMessages(db: Database, limit: number): Promise<ContactMessageRow[]> {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(limit);
}
