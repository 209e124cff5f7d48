import {
  type TContactTask,
  type TCreateContactTask,
  type TDueTask,
  type TUpdateContactTask,
  ZCreateContactTask,
  ZUpdateContactTask,
} from "@shobai/shared";
import type { Database } from "../../db/client";
import { AppError } from "../../lib/app-error";
import * as q from "./queries";
import * as k from "./task-queries";

export const TASK_NOT_FOUND = "Task not found";
export const DUE_TASKS_MAX = 100;

/** The calendar day in Tokyo (yyyy-MM-dd) at an instant: tasks are due on days, not instants. */
export function tokyoDay(at: Date): string {
  return at.toLocaleDateString("sv-SE", { timeZone: "Asia/Tokyo" });
}

function toTask(row: k.TaskRow): TContactTask {
  return {
    id: row.id,
    contactId: row.contactId,
    title: row.title,
    dueOn: row.dueOn,
    done: row.doneAt !== null,
    doneAt: row.doneAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Tasks and follow-ups on contacts; the dashboard's list of what is due today (and overdue). */
export function createContactTasks(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;

  async function requireContact(ownerId: string, contactId: string) {
    const row = await q.findContact(db, ownerId, contactId);
    if (!row) throw AppError.notFound("Contact not found");
  }

  return {
    async listTasks(ownerId: string, contactId: string): Promise<TContactTask[]> {
      await requireContact(ownerId, contactId);
      return (await k.listTasksOfContact(db, ownerId, contactId)).map(toTask);
    },

    async createTask(ownerId: string, contactId: string, input: TCreateContactTask): Promise<TContactTask> {
      const { title, dueOn } = ZCreateContactTask.parse(input);
      await requireContact(ownerId, contactId);
      return toTask(await k.insertTask(db, { id: crypto.randomUUID(), ownerId, contactId, title, dueOn }));
    },

    async updateTask(ownerId: string, id: string, input: TUpdateContactTask): Promise<TContactTask> {
      const { title, dueOn, done } = ZUpdateContactTask.parse(input);
      const current = await k.findTask(db, ownerId, id);
      if (!current) throw AppError.notFound(TASK_NOT_FOUND);
      const doneAt = done === undefined ? current.doneAt : done ? (current.doneAt ?? now()) : null;
      const row = await k.updateTask(db, ownerId, id, {
        ...(title !== undefined ? { title } : {}),
        ...(dueOn !== undefined ? { dueOn } : {}),
        doneAt,
      });
      if (!row) throw AppError.notFound(TASK_NOT_FOUND);
      return toTask(row);
    },

    async deleteTask(ownerId: string, id: string): Promise<void> {
      if (!(await k.deleteTask(db, ownerId, id))) throw AppError.notFound(TASK_NOT_FOUND);
    },

    /** Open tasks due today or before in Tokyo, oldest first; `overdue` marks the ones before today. */
    async dueTasks(ownerId: string): Promise<TDueTask[]> {
      const today = tokyoDay(now());
      const rows = await k.listDueTasks(db, ownerId, today, DUE_TASKS_MAX);
      return rows.map(({ task, contact }) => ({ ...toTask(task), contact, overdue: task.dueOn < today }));
    },
  };
}
