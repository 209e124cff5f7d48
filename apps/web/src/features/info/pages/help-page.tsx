import {
  ArrowRight,
  BookOpen,
  CodeXml,
  GraduationCap,
  LifeBuoy,
  type LucideIcon,
  MessageCircleQuestion,
  Send,
} from "lucide-react";
import { Link } from "wouter";
import { InfoHero } from "@/components/info-hero";
import { useTranslation } from "@/lib/use-translation";

const RESOURCES: readonly { id: string; href: string; icon: LucideIcon }[] = [
  { id: "faq", href: "/faq", icon: MessageCircleQuestion },
  { id: "tutorials", href: "/tutorials", icon: GraduationCap },
  { id: "contact", href: "/contact", icon: Send },
  { id: "apiDocs", href: "/api-docs", icon: CodeXml },
];

/** Common questions, each a link into its FAQ category. */
const TOPICS: readonly { id: string; href: string }[] = [
  { id: "firstSite", href: "/faq#websites" },
  { id: "importSite", href: "/faq#websites" },
  { id: "importContacts", href: "/faq#crm" },
  { id: "sendCampaign", href: "/faq#technical" },
  { id: "changePlan", href: "/faq#pricing" },
  { id: "replyTimes", href: "/faq#support" },
];

const PLAN_REPLY = ["starter", "business", "enterprise", "whiteLabel"] as const;

/** /help: the help centre, pointing to the FAQ, the tutorials, the contact form and the API reference. */
export default function HelpPage() {
  const { t } = useTranslation("info");
  return (
    <div className="flex flex-col gap-12 sm:gap-14" data-testid="help-page">
      <InfoHero icon={LifeBuoy} title={t("help.title")} lead={t("help.lead")} />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {RESOURCES.map(({ id, href, icon: Icon }) => (
          <li key={id}>
            <Link
              href={href}
              className="group flex h-full flex-col rounded-xl border border-border bg-background p-5 text-foreground no-underline shadow-card transition-colors hover:border-brand-300"
              data-testid={`help-${id}`}
            >
              <span className="grid size-10 place-items-center rounded-lg bg-brand-50 text-primary">
                <Icon className="size-5" aria-hidden />
              </span>
              <span className="mt-3 text-base font-semibold group-hover:text-primary">
                {t(`help.resources.${id}.title`)}
              </span>
              <span className="mt-1 flex-1 text-sm text-muted-foreground">
                {t(`help.resources.${id}.description`)}
              </span>
              <span className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-primary">
                {t(`help.resources.${id}.action`)}
                <ArrowRight className="size-4" aria-hidden />
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <section
          aria-labelledby="help-topics"
          className="rounded-xl border border-border bg-background p-5 shadow-card sm:p-6"
        >
          <h2 id="help-topics" className="flex items-center gap-2 text-lg font-semibold">
            <BookOpen className="size-5 text-primary" aria-hidden />
            {t("help.topics.title")}
          </h2>
          <ul className="mt-3 divide-y divide-border">
            {TOPICS.map(({ id, href }) => (
              <li key={id}>
                <Link
                  href={href}
                  className="flex items-center justify-between gap-3 py-3 text-sm font-medium text-foreground no-underline hover:text-primary"
                >
                  {t(`help.topics.${id}`)}
                  <ArrowRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="help-support" className="rounded-xl bg-brand-50 p-5 sm:p-6">
          <h2 id="help-support" className="text-lg font-semibold">
            {t("help.support.title")}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t("help.support.description")}</p>
          <dl className="mt-4 grid grid-cols-2 gap-2">
            {PLAN_REPLY.map((plan) => (
              <div key={plan} className="rounded-lg bg-background p-3">
                <dt className="text-xs text-muted-foreground">{t(`help.support.plans.${plan}`)}</dt>
                <dd className="text-base font-semibold">{t(`help.support.hours.${plan}`)}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-sm">{t("help.support.chat")}</p>
        </section>
      </div>
    </div>
  );
}
