import { ZContactTask } from "@shobai/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiGet } from "@/lib/api-request";

export const TASKS_QUERY_KEY = ["/api/tasks"] as const;
export const contactTasksKey = (contactId: string) => [...TASKS_QUERY_KEY, "contact", contactId] as const;

/** GET /api/contacts/{id}/tasks: the contact's tasks and follow-ups, soonest due first. */
export const contactTasksQueryOptions = (contactId: string) =>
  queryOptions({
    queryKey: contactTasksKey(contactId),
    queryFn: ({ signal }) =>
      apiGet(`/api/contacts/${encodeURIComponent(contactId)}/tasks`, z.array(ZContactTask), { signal }),
  });

export function useContactTasks(contactId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...contactTasksQueryOptions(contactId), enabled });
}
