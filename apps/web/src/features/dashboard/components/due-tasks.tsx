import { formatContactName } from "@shobai/shared/constants";
import { CheckCircle2, ListTodo } from "lucide-react";
import { useRef } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useCompleteTask, useDueTasks } from "../api/due-tasks";

/** Today's follow-ups: open CRM tasks due today or overdue, each linked to its contact. */
export function DueTasks() {
  const { t } = useTranslation("dashboard");
  const due = useDueTasks({ enabled: true });
  const complete = useCompleteTask();
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <Card data-testid="dashboard-due-tasks">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ListTodo className="size-5 text-primary" aria-hidden />
          <span ref={heading} tabIndex={-1} className="outline-none">
            {t("dueTasks.title")}
          </span>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        {due.isLoading ? (
          <Skeleton className="h-12 w-full" />
        ) : due.isError ? (
          <p className="text-sm text-muted-foreground">{t("dueTasks.loadFailed")}</p>
        ) : (due.data?.length ?? 0) === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="dashboard-due-tasks-empty">
            {t("dueTasks.none")}
          </p>
        ) : (
          <ul className="grid gap-2">
            {due.data?.map((task) => (
              <li
                key={task.id}
                data-testid="dashboard-due-task"
                data-overdue={task.overdue}
                className="flex min-w-0 items-center gap-3 rounded-lg border border-border px-3 py-2"
              >
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <span className="text-sm font-medium break-words">{task.title}</span>
                  <span className="flex min-w-0 flex-wrap gap-x-2 text-xs text-muted-foreground">
                    <Link
                      href={`/crm?contact=${encodeURIComponent(task.contact.id)}`}
                      className="truncate text-primary hover:underline"
                    >
                      {formatContactName(task.contact) || task.contact.email}
                    </Link>
                    <span className={task.overdue ? "font-medium text-destructive" : undefined}>
                      {task.overdue
                        ? t("dueTasks.overdue", { date: formatDate(`${task.dueOn}T12:00:00+09:00`) })
                        : t("dueTasks.today")}
                    </span>
                  </span>
                </div>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  className="shrink-0"
                  data-testid="dashboard-due-task-done"
                  disabled={complete.isPending}
                  onClick={() =>
                    complete.mutate(task.id, {
                      onSuccess: () => {
                        toast({ title: t("dueTasks.doneToast", { title: task.title }) });
                        heading.current?.focus();
                      },
                      onError: () => toast({ variant: "destructive", title: t("dueTasks.doneFailed") }),
                    })
                  }
                >
                  <CheckCircle2 aria-hidden />
                  {t("dueTasks.done")}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
