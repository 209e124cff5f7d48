import { Clock, LifeBuoy } from "lucide-react";
import { InfoHero } from "@/components/info-hero";
import { useTranslation } from "@/lib/use-translation";
import { ContactForm } from "../components/contact-form";
import { ContactMethods } from "../components/contact-methods";

/** /contact (spec §2 Contact): the form, saved for the Shobai team, and the other ways to reach us. */
export default function ContactPage() {
  const { t } = useTranslation("info");
  return (
    <div className="flex flex-col gap-10 sm:gap-14" data-testid="contact-page">
      <InfoHero icon={LifeBuoy} title={t("contact.title")} lead={t("contact.lead")} />
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-8">
        <section
          aria-labelledby="contact-form-title"
          className="self-start rounded-xl border border-border bg-background p-5 shadow-card sm:p-8"
        >
          <h2 id="contact-form-title" className="text-xl font-semibold">
            {t("contact.form.title")}
          </h2>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
            <Clock className="size-4 shrink-0 text-primary" aria-hidden />
            {t("contact.form.replyTime")}
          </p>
          <div className="mt-6">
            <ContactForm />
          </div>
        </section>
        <ContactMethods />
      </div>
    </div>
  );
}
