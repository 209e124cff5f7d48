import type { TContactTask } from "@shobai/shared";
import { Trash2 } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { fieldErrors, topLevelField } from "@/lib/api-error";
import { cn } from "@/lib/cn";
import { formatDate } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useCreateContactTask } from "../api/create-contact-task";
import { useContactTasks } from "../api/get-contact-tasks";
import { useDeleteContactTask, useUpdateContactTask } from "../api/update-contact-task";
import { contactErrorText } from "../error-text";
import { dayInstant, tokyoToday } from "../task-day";

type TaskField = "title" | "dueOn";
const TASK_FIELDS = ["title", "dueOn"] as const;

/** A contact's tasks and follow-ups: add one with its day, tick it done, remove it. */
export function TaskSection({
  contactId,
  demoTasks,
  onDemo,
}: {
  contactId: string;
  /** Sample data (signed out): these tasks, and changes ask to log in. */
  demoTasks: TContactTask[] | null;
  onDemo: (() => void) | null;
}) {
  const { t } = useTranslation("crm");
  const query = useContactTasks(contactId, { enabled: demoTasks === null });
  const tasks = demoTasks ?? query.data;
  const create = useCreateContactTask();
  const update = useUpdateContactTask();
  const remove = useDeleteContactTask();
  const [title, setTitle] = useState("");
  const [dueOn, setDueOn] = useState(tokyoToday);
  const [errors, setErrors] = useState<Partial<Record<TaskField, string>>>({});
  const titleRef = useRef<HTMLInputElement>(null);
  const dueRef = useRef<HTMLInputElement>(null);
  const today = tokyoToday();

  const focus = (field: TaskField | undefined) =>
    (field === "dueOn" ? dueRef : field === "title" ? titleRef : null)?.current?.focus();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    if (onDemo) {
      onDemo();
      return;
    }
    const local: Partial<Record<TaskField, string>> = {};
    if (!title.trim()) local.title = t("tasks.titleRequired");
    if (!/^\d{4}-\d{2}-\d{2}$/.test(dueOn)) local.dueOn = t("tasks.dueRequired");
    if (Object.keys(local).length > 0) {
      setErrors(local);
      focus(TASK_FIELDS.find((f) => local[f]));
      return;
    }
    setErrors({});
    create.mutate(
      { contactId, input: { title: title.trim(), dueOn } },
      {
        onSuccess: () => {
          setTitle("");
          toast({ title: t("tasks.added") });
          titleRef.current?.focus();
        },
        onError: (error) => {
          const fields = fieldErrors(error, topLevelField(TASK_FIELDS));
          setErrors(fields);
          const first = TASK_FIELDS.find((f) => fields[f]);
          focus(first);
          if (!first)
            toast({
              variant: "destructive",
              title: t("toast.errorTitle"),
              description: contactErrorText(error, t),
            });
        },
      },
    );
  };

  const toggle = (task: TContactTask) => {
    if (onDemo) {
      onDemo();
      return;
    }
    update.mutate(
      { id: task.id, input: { done: !task.done } },
      {
        onError: (error) =>
          toast({
            variant: "destructive",
            title: t("toast.errorTitle"),
            description: contactErrorText(error, t),
          }),
      },
    );
  };

  return (
    <div className="grid gap-3" data-testid="crm-tasks">
      {!tasks ? (
        <Skeleton className="h-10 w-full" />
      ) : tasks.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("tasks.none")}</p>
      ) : (
        <ul className="grid gap-1.5">
          {tasks.map((task) => {
            const overdue = !task.done && task.dueOn < today;
            return (
              <li
                key={task.id}
                data-testid="crm-task"
                data-done={task.done}
                className="flex min-w-0 items-center gap-3 rounded-lg border border-border px-3 py-2"
              >
                <input
                  type="checkbox"
                  id={`crm-task-${task.id}`}
                  checked={task.done}
                  onChange={() => toggle(task)}
                  className="size-4 shrink-0 accent-primary"
                  data-testid="crm-task-done"
                />
                <label htmlFor={`crm-task-${task.id}`} className="grid min-w-0 flex-1 gap-0.5">
                  <span
                    className={cn("text-sm break-words", task.done && "text-muted-foreground line-through")}
                  >
                    {task.title}
                  </span>
                  <span
                    className={cn(
                      "text-xs tabular-nums",
                      overdue ? "font-medium text-destructive" : "text-muted-foreground",
                    )}
                  >
                    {overdue
                      ? t("tasks.overdue", { date: formatDate(dayInstant(task.dueOn)) })
                      : task.dueOn === today
                        ? t("tasks.dueToday")
                        : t("tasks.due", { date: formatDate(dayInstant(task.dueOn)) })}
                  </span>
                </label>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8 shrink-0"
                  aria-label={t("tasks.delete", { title: task.title })}
                  onClick={() => (onDemo ? onDemo() : remove.mutate(task.id))}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-start"
      >
        <div className="grid gap-1">
          <Label htmlFor="crm-task-title" className="sr-only">
            {t("tasks.titleLabel")}
          </Label>
          <Input
            id="crm-task-title"
            ref={titleRef}
            data-testid="crm-task-title"
            placeholder={t("tasks.titlePlaceholder")}
            maxLength={200}
            value={title}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errors.title ? "crm-task-title-error" : undefined}
            onChange={(e) => {
              setTitle(e.target.value);
              if (errors.title) setErrors((x) => ({ ...x, title: undefined }));
            }}
          />
          <FieldError id="crm-task-title-error" message={errors.title} testId="crm-task-title-error" />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="crm-task-due" className="sr-only">
            {t("tasks.dueLabel")}
          </Label>
          <Input
            id="crm-task-due"
            ref={dueRef}
            type="date"
            data-testid="crm-task-due"
            value={dueOn}
            aria-invalid={errors.dueOn ? true : undefined}
            aria-describedby={errors.dueOn ? "crm-task-due-error" : undefined}
            onChange={(e) => {
              setDueOn(e.target.value);
              if (errors.dueOn) setErrors((x) => ({ ...x, dueOn: undefined }));
            }}
          />
          <FieldError id="crm-task-due-error" message={errors.dueOn} />
        </div>
        <Button type="submit" variant="outline" data-testid="crm-task-add" disabled={create.isPending}>
          {create.isPending ? <Spinner /> : null}
          {t("tasks.add")}
        </Button>
      </form>
    </div>
  );
}
