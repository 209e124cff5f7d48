import { and, asc, eq, isNull, lte } from "drizzle-orm";
import type { Database } from "../../db/client";
import { contacts, contactTasks } from "../../db/schema/index";

export type TaskRow = typeof contactTasks.$inferSelect;
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Database | Tx;

export async function listTasksOfContact(
  db: Executor,
  ownerId: string,
  contactId: string,
): Promise<TaskRow[]> {
  return db
    .select()
    .from(contactTasks)
    .where(and(eq(contactTasks.ownerId, ownerId), eq(contactTasks.contactId, contactId)))
    .orderBy(asc(contactTasks.dueOn), asc(contactTasks.createdAt));
}

export async function findTask(db: Executor, ownerId: string, id: string): Promise<TaskRow | undefined> {
  const [row] = await db
    .select()
    .from(contactTasks)
    .where(and(eq(contactTasks.ownerId, ownerId), eq(contactTasks.id, id)));
  return row;
}

export async function insertTask(db: Executor, row: typeof contactTasks.$inferInsert): Promise<TaskRow> {
  const [inserted] = await db.insert(contactTasks).values(row).returning();
  if (!inserted) throw new Error("task insert returned nothing");
  return inserted;
}

export async function updateTask(
  db: Executor,
  ownerId: string,
  id: string,
  set: Partial<Pick<TaskRow, "title" | "dueOn" | "doneAt">>,
): Promise<TaskRow | undefined> {
  const [row] = await db
    .update(contactTasks)
    .set(set)
    .where(and(eq(contactTasks.ownerId, ownerId), eq(contactTasks.id, id)))
    .returning();
  return row;
}

export async function deleteTask(db: Executor, ownerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(contactTasks)
    .where(and(eq(contactTasks.ownerId, ownerId), eq(contactTasks.id, id)))
    .returning({ id: contactTasks.id });
  return rows.length > 0;
}

/** Open tasks due on or before `day` (yyyy-MM-dd), oldest first, with their contact's name. */
export async function listDueTasks(db: Executor, ownerId: string, day: string, limit: number) {
  return db
    .select({
      task: contactTasks,
      contact: {
        id: contacts.id,
        firstName: contacts.firstName,
        lastName: contacts.lastName,
        company: contacts.company,
        email: contacts.email,
      },
    })
    .from(contactTasks)
    .innerJoin(contacts, and(eq(contacts.id, contactTasks.contactId), eq(contacts.ownerId, ownerId)))
    .where(and(eq(contactTasks.ownerId, ownerId), isNull(contactTasks.doneAt), lte(contactTasks.dueOn, day)))
    .orderBy(asc(contactTasks.dueOn), asc(contactTasks.createdAt))
    .limit(limit);
}

/** A merge moves the other contact's tasks onto the kept one. */
export async function moveTasks(db: Executor, ownerId: string, fromId: string, toId: string): Promise<void> {
  await db
    .update(contactTasks)
    .set({ contactId: toId })
    .where(and(eq(contactTasks.ownerId, ownerId), eq(contactTasks.contactId, fromId)));
}
