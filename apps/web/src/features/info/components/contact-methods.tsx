import { BookOpen, type LucideIcon, Mail, MessageCircle, MessageCircleQuestion } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { openSupportChat } from "@/lib/open-chat";
import { useTranslation } from "@/lib/use-translation";
import { useSupportEmail } from "../api/get-support-email";

function MethodCard({
  icon: Icon,
  title,
  children,
  testId,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <li
      className="flex gap-4 rounded-xl border border-border bg-background p-5 shadow-card"
      data-testid={testId}
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-50 text-primary">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 text-sm">
        <h3 className="text-base font-semibold">{title}</h3>
        {children}
      </div>
    </li>
  );
}

const linkClass = "mt-2 inline-block font-medium text-primary underline-offset-4 hover:underline";

/** The other ways to reach us (spec §2 Contact): email, the chat, the help centre, the FAQ. */
export function ContactMethods() {
  const { t } = useTranslation("info");
  const email = useSupportEmail();
  return (
    <section aria-labelledby="contact-methods-title">
      <h2 id="contact-methods-title" className="text-lg font-semibold">
        {t("contact.methods.title")}
      </h2>
      <ul className="mt-4 grid gap-3">
        <MethodCard icon={Mail} title={t("contact.methods.email.title")} testId="contact-method-email">
          <p className="mt-1 text-muted-foreground">
            {email ? t("contact.methods.email.description") : t("contact.methods.email.noAddress")}
          </p>
          {email ? (
            <a href={`mailto:${email}`} className={`${linkClass} break-all`}>
              {email}
            </a>
          ) : null}
        </MethodCard>
        <MethodCard icon={MessageCircle} title={t("contact.methods.chat.title")} testId="contact-method-chat">
          <p className="mt-1 text-muted-foreground">{t("contact.methods.chat.description")}</p>
          <button
            type="button"
            onClick={openSupportChat}
            className={`${linkClass} cursor-pointer text-left`}
            data-testid="contact-open-chat"
          >
            {t("contact.methods.chat.action")}
          </button>
        </MethodCard>
        <MethodCard icon={BookOpen} title={t("contact.methods.help.title")} testId="contact-method-help">
          <p className="mt-1 text-muted-foreground">{t("contact.methods.help.description")}</p>
          <Link href="/help" className={linkClass}>
            {t("contact.methods.help.action")}
          </Link>
        </MethodCard>
        <MethodCard
          icon={MessageCircleQuestion}
          title={t("contact.methods.faq.title")}
          testId="contact-method-faq"
        >
          <p className="mt-1 text-muted-foreground">{t("contact.methods.faq.description")}</p>
          <Link href="/faq" className={linkClass}>
            {t("contact.methods.faq.action")}
          </Link>
        </MethodCard>
      </ul>
    </section>
  );
}
