import type { TContactActivity } from "@shobai/shared";
import {
  ArrowRightLeft,
  FilePenLine,
  Globe,
  type LucideIcon,
  Mail,
  MailCheck,
  MailOpen,
  MailQuestion,
  MailWarning,
  MailX,
  Merge,
  MousePointerClick,
  Reply,
  ShieldAlert,
  ShieldCheck,
  StickyNote,
  UserPlus,
} from "lucide-react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/format";
import { useCurrentLanguage } from "@/lib/use-current-language";
import { useTranslation } from "@/lib/use-translation";
import { describeActivity } from "../activity-text";

const ICONS: Record<TContactActivity["type"], { icon: LucideIcon; tone: string }> = {
  created: { icon: UserPlus, tone: "bg-brand-50 text-primary" },
  status_changed: { icon: ArrowRightLeft, tone: "bg-violet-50 text-violet-700" },
  updated: { icon: FilePenLine, tone: "bg-muted text-muted-foreground" },
  note: { icon: StickyNote, tone: "bg-amber-50 text-amber-700" },
  email_sent: { icon: Mail, tone: "bg-sky-50 text-sky-700" },
  form_submitted: { icon: Globe, tone: "bg-success-soft text-success" },
  consent_requested: { icon: MailQuestion, tone: "bg-amber-50 text-amber-700" },
  consent_given: { icon: MailCheck, tone: "bg-success-soft text-success" },
  unsubscribed: { icon: MailX, tone: "bg-muted text-muted-foreground" },
  email_bounced: { icon: MailWarning, tone: "bg-destructive-soft text-destructive" },
  email_complained: { icon: ShieldAlert, tone: "bg-destructive-soft text-destructive" },
  consent_changed: { icon: ShieldCheck, tone: "bg-violet-50 text-violet-700" },
  email_opened: { icon: MailOpen, tone: "bg-sky-50 text-sky-700" },
  email_clicked: { icon: MousePointerClick, tone: "bg-sky-50 text-sky-700" },
  merged: { icon: Merge, tone: "bg-brand-50 text-primary" },
};

/** What happened with a contact, newest first, each entry a sentence with its date and time. */
export function ContactTimeline({
  activities,
  onReply,
}: {
  activities: TContactActivity[] | undefined;
  /** Reply to an enquiry (a site form message); absent: no reply buttons. */
  onReply?: (enquiry: TContactActivity) => void;
}) {
  const { t } = useTranslation("crm");
  const language = useCurrentLanguage();

  if (!activities) {
    return (
      <div className="grid gap-4" aria-hidden>
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex gap-3">
            <Skeleton className="size-8 rounded-full" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-1/3" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (activities.length === 0) {
    return <p className="text-sm text-muted-foreground">{t("drawer.noActivity")}</p>;
  }
  // Replies sit under the enquiry they answer (oldest first), not at their own place in time.
  const enquiryIds = new Set(activities.filter((a) => a.type === "form_submitted").map((a) => a.id));
  const repliesOf = new Map<string, TContactActivity[]>();
  for (const a of activities) {
    const parent = a.type === "email_sent" ? a.data.inReplyTo : undefined;
    if (parent && enquiryIds.has(parent)) repliesOf.set(parent, [a, ...(repliesOf.get(parent) ?? [])]);
  }
  const threaded = activities.filter(
    (a) => !(a.type === "email_sent" && a.data.inReplyTo && enquiryIds.has(a.data.inReplyTo)),
  );
  return (
    <ol className="relative grid gap-5 before:absolute before:top-2 before:bottom-2 before:left-4 before:w-px before:bg-border">
      {threaded.map((activity) => {
        const { title, body } = describeActivity(activity, t, language);
        const { icon: Icon, tone } = ICONS[activity.type] ?? ICONS.updated;
        return (
          <li
            key={activity.id}
            data-testid="crm-timeline-item"
            data-type={activity.type}
            className="relative flex gap-3"
          >
            <span
              className={cn(
                "z-10 grid size-8 shrink-0 place-items-center rounded-full ring-4 ring-background",
                tone,
              )}
            >
              <Icon className="size-4" aria-hidden />
            </span>
            <div className="min-w-0 flex-1 pt-1">
              <p className="text-sm font-medium">{title}</p>
              {body ? (
                <p className="mt-1.5 rounded-lg bg-surface px-3 py-2 text-sm whitespace-pre-wrap text-foreground/90">
                  {body}
                </p>
              ) : null}
              <time
                dateTime={activity.createdAt}
                className="mt-1 block text-xs text-muted-foreground tabular-nums"
              >
                {formatDateTime(activity.createdAt)}
              </time>
              {activity.type === "form_submitted" ? (
                <ReplyThread replies={repliesOf.get(activity.id) ?? []} />
              ) : null}
              {activity.type === "form_submitted" && onReply ? (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="mt-2"
                  data-testid="crm-timeline-reply"
                  onClick={() => onReply(activity)}
                >
                  <Reply aria-hidden />
                  {t("reply.open")}
                </Button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** The replies to one enquiry, as a thread under it. */
function ReplyThread({ replies }: { replies: TContactActivity[] }) {
  const { t } = useTranslation("crm");
  const language = useCurrentLanguage();
  if (replies.length === 0) return null;
  return (
    <ol className="mt-3 grid gap-3 border-l-2 border-sky-200 pl-3" data-testid="crm-reply-thread">
      {replies.map((reply) => {
        const { title, body } = describeActivity(reply, t, language);
        return (
          <li key={reply.id} data-testid="crm-timeline-item" data-type="email_sent" className="grid gap-1">
            <p className="flex items-center gap-1.5 text-sm font-medium">
              <Reply className="size-3.5 text-sky-700" aria-hidden />
              {title}
            </p>
            {body ? (
              <p className="rounded-lg bg-sky-50 px-3 py-2 text-sm whitespace-pre-wrap text-foreground/90">
                {body}
              </p>
            ) : null}
            <time dateTime={reply.createdAt} className="text-xs text-muted-foreground tabular-nums">
              {formatDateTime(reply.createdAt)}
            </time>
          </li>
        );
      })}
    </ol>
  );
}
