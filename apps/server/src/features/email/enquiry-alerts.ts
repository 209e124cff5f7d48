import { isLanguage, type TLanguage } from "@shobai/shared";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { users, websites } from "../../db/schema/index";
import { sendWithRetry } from "../../providers/email/retry";
import type { EmailProvider } from "../../providers/email/types";
import { renderPlainEmail } from "./render";

/**
 * Enquiry alerts (issue 20): each accepted submission of a site's contact form is mailed to the
 * owner (the site's alert address, else the account's) in the owner's interface language, with the
 * message and a link to the contact in the CRM. Spam the form drops (honeypot, rate limit) never
 * reaches here. The mail goes through the configured provider, so with the default outbox it waits
 * in the owner's outbox in the app.
 */

type AlertTexts = {
  subject: (site: string, name: string) => string;
  intro: (site: string) => string;
  name: string;
  email: string;
  phone: string;
  company: string;
  message: string;
  open: string;
  reply: string;
};

export const ENQUIRY_ALERT_TEXTS: Record<TLanguage, AlertTexts> = {
  ja: {
    subject: (site, name) => `【${site}】${name} 様からお問い合わせがありました`,
    intro: (site) => `${site} のお問い合わせフォームから、新しいお問い合わせが届きました。`,
    name: "お名前",
    email: "メール",
    phone: "電話",
    company: "会社・店舗",
    message: "お問い合わせ内容",
    open: "顧客管理で見る",
    reply: "このメールに返信すると、お問い合わせした方に届きます。",
  },
  en: {
    subject: (site, name) => `${site}: new enquiry from ${name}`,
    intro: (site) => `Someone sent a new enquiry through the contact form of ${site}.`,
    name: "Name",
    email: "Email",
    phone: "Phone",
    company: "Company",
    message: "Message",
    open: "Open in the CRM",
    reply: "Reply to this email to answer the person who wrote.",
  },
  pl: {
    subject: (site, name) => `${site}: nowe zapytanie od ${name}`,
    intro: (site) => `Przez formularz kontaktowy strony ${site} przyszło nowe zapytanie.`,
    name: "Imię i nazwisko",
    email: "E-mail",
    phone: "Telefon",
    company: "Firma",
    message: "Wiadomość",
    open: "Otwórz w CRM",
    reply: "Odpowiedz na tę wiadomość, aby odpisać osobie, która napisała.",
  },
  ro: {
    subject: (site, name) => `${site}: cerere nouă de la ${name}`,
    intro: (site) => `Ai primit o cerere nouă prin formularul de contact al site-ului ${site}.`,
    name: "Nume",
    email: "E-mail",
    phone: "Telefon",
    company: "Companie",
    message: "Mesaj",
    open: "Deschide în CRM",
    reply: "Răspunde la acest e-mail pentru a-i scrie persoanei care a trimis cererea.",
  },
  ms: {
    subject: (site, name) => `${site}: pertanyaan baharu daripada ${name}`,
    intro: (site) => `Seseorang menghantar pertanyaan baharu melalui borang hubungan ${site}.`,
    name: "Nama",
    email: "E-mel",
    phone: "Telefon",
    company: "Syarikat",
    message: "Mesej",
    open: "Buka dalam CRM",
    reply: "Balas e-mel ini untuk menjawab orang yang menulis.",
  },
  id: {
    subject: (site, name) => `${site}: pertanyaan baru dari ${name}`,
    intro: (site) => `Seseorang mengirim pertanyaan baru melalui formulir kontak ${site}.`,
    name: "Nama",
    email: "Email",
    phone: "Telepon",
    company: "Perusahaan",
    message: "Pesan",
    open: "Buka di CRM",
    reply: "Balas email ini untuk menjawab orang yang menulis.",
  },
};

export type EnquiryAlert = {
  ownerId: string;
  websiteId: string;
  siteName: string;
  contactId: string;
  name: string;
  /** Empty when the visitor left only a phone number (the site's form allows it). */
  email: string;
  phone?: string;
  company: string;
  message: string;
};

export type EnquiryAlertDeps = {
  db: Database;
  provider: EmailProvider;
  /** The app's origin: the link to the contact opens there. */
  appUrl: string;
  systemFrom: { email: string; name?: string };
};

/** Headers and subjects must stay one line whatever a visitor typed. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, " ").trim();

export function createEnquiryAlerts(deps: EnquiryAlertDeps) {
  return {
    /** Mails the alert; true when it was handed to the provider. */
    async send(alert: EnquiryAlert): Promise<boolean> {
      const [row] = await deps.db
        .select({
          ownerEmail: users.email,
          language: users.language,
          alertEmail: websites.enquiryAlertEmail,
        })
        .from(websites)
        .innerJoin(users, eq(users.id, websites.ownerId))
        .where(and(eq(websites.id, alert.websiteId), eq(websites.ownerId, alert.ownerId)));
      if (!row) return false;
      const lang: TLanguage = isLanguage(row.language ?? "") ? (row.language as TLanguage) : "ja";
      const t = ENQUIRY_ALERT_TEXTS[lang];
      const to = row.alertEmail || row.ownerEmail;
      const link = `${deps.appUrl.replace(/\/$/, "")}/crm?contact=${encodeURIComponent(alert.contactId)}`;
      const name = oneLine(alert.name);
      const lines = [
        t.intro(alert.siteName),
        "",
        `${t.name}: ${name}`,
        ...(alert.email ? [`${t.email}: ${alert.email}`] : []),
        ...(alert.phone?.trim() ? [`${t.phone}: ${oneLine(alert.phone)}`] : []),
        ...(alert.company.trim() ? [`${t.company}: ${oneLine(alert.company)}`] : []),
        "",
        `${t.message}:`,
        alert.message.trim(),
        "",
        `${t.open}: ${link}`,
        "",
        ...(alert.email ? [t.reply] : []),
      ];
      const text = lines.join("\n");
      const subject = oneLine(t.subject(alert.siteName, name));
      await sendWithRetry(
        deps.provider,
        {
          from: deps.systemFrom,
          to: { email: to },
          ...(alert.email ? { replyTo: { email: alert.email, ...(name ? { name } : {}) } } : {}),
          subject,
          text,
          html: renderPlainEmail(text, subject, lang).html,
          headers: { "Auto-Submitted": "auto-generated" },
          tags: { kind: "enquiry-alert", owner: alert.ownerId },
          idempotencyKey: `enquiry-${alert.contactId}-${Date.now()}`,
        },
        // A visitor waits for the thank-you page: two quick tries, then the enquiry stands alone.
        { attempts: 2, maxDelayMs: 2_000 },
      );
      return true;
    },
  };
}

export type EnquiryAlerts = ReturnType<typeof createEnquiryAlerts>;
