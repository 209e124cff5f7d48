import { createHash, randomBytes } from "node:crypto";
import { isLanguage, type TLanguage } from "@shobai/shared";
import { and, desc, eq, gte, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { emailConsentConfirmations } from "../../db/schema/index";
import { sendWithRetry } from "../../providers/email/retry";
import type { EmailProvider } from "../../providers/email/types";
import { renderPlainEmail } from "./render";

/**
 * Double opt-in. A visitor who ticks the consent box of a site form gets one mail with a link; the
 * link opens a page with a button (mail scanners follow links, they do not press buttons), and
 * pressing it records the consent on the contact. Until then campaigns skip the contact.
 */

/** Days the link stays good, and the least time between two mails to the same contact. */
const LINK_DAYS = 7;
const RESEND_HOURS = 24;
const TOKEN = /^[A-Za-z0-9_-]{32}$/;
const hash = (token: string) => createHash("sha256").update(token).digest("hex");

type Texts = {
  subject: (business: string) => string;
  body: (business: string, link: string, days: number) => string;
  title: string;
  ask: (business: string) => string;
  button: string;
  done: (business: string) => string;
  invalid: string;
};

/** The mail and the pages speak the site's language (the visitor read the form in it). */
export const CONSENT_TEXTS: Record<TLanguage, Texts> = {
  ja: {
    subject: (b) => `【${b}】お知らせメール受け取りの確認`,
    body: (b, link, days) =>
      `${b} のウェブサイトのお問い合わせフォームで、お知らせメールの受け取りを希望されました。\n\n` +
      `次のリンクを開き「受け取る」を押すと登録が完了します（${days}日間有効）:\n${link}\n\n` +
      "お心当たりがない場合は、このメールを破棄してください。登録されることはありません。",
    title: "お知らせメールの受け取り",
    ask: (b) => `${b} からのお知らせメールを受け取りますか？ いつでも配信停止できます。`,
    button: "受け取る",
    done: (b) => `登録が完了しました。${b} からのお知らせをお送りします。`,
    invalid: "このリンクは無効か、有効期限が切れています。",
  },
  en: {
    subject: (b) => `${b}: please confirm you want our emails`,
    body: (b, link, days) =>
      `You asked for news by email on the contact form of ${b}'s website.\n\n` +
      `Open this link and press "Yes, send me emails" to confirm (valid for ${days} days):\n${link}\n\n` +
      "If this was not you, ignore this email: nothing will be sent.",
    title: "Email updates",
    ask: (b) => `Receive news by email from ${b}? You can unsubscribe at any time.`,
    button: "Yes, send me emails",
    done: (b) => `Thank you: you will receive news from ${b}.`,
    invalid: "This link is not valid or has expired.",
  },
  pl: {
    subject: (b) => `${b}: potwierdź chęć otrzymywania wiadomości`,
    body: (b, link, days) =>
      `W formularzu kontaktowym na stronie ${b} zaznaczono chęć otrzymywania wiadomości e-mail.\n\n` +
      `Otwórz ten link i naciśnij „Tak, chcę otrzymywać”, aby potwierdzić (ważny ${days} dni):\n${link}\n\n` +
      "Jeśli to nie Ty, zignoruj tę wiadomość: nic nie zostanie wysłane.",
    title: "Wiadomości e-mail",
    ask: (b) => `Otrzymywać wiadomości e-mail od ${b}? Możesz zrezygnować w każdej chwili.`,
    button: "Tak, chcę otrzymywać",
    done: (b) => `Dziękujemy: będziesz otrzymywać wiadomości od ${b}.`,
    invalid: "Ten link jest nieprawidłowy lub wygasł.",
  },
  ro: {
    subject: (b) => `${b}: confirmă că dorești e-mailurile noastre`,
    body: (b, link, days) =>
      `Ai cerut noutăți prin e-mail în formularul de contact de pe site-ul ${b}.\n\n` +
      `Deschide acest link și apasă „Da, trimiteți-mi” pentru a confirma (valabil ${days} zile):\n${link}\n\n` +
      "Dacă nu ai fost tu, ignoră acest e-mail: nu se va trimite nimic.",
    title: "Noutăți prin e-mail",
    ask: (b) => `Primești noutăți prin e-mail de la ${b}? Te poți dezabona oricând.`,
    button: "Da, trimiteți-mi",
    done: (b) => `Mulțumim: vei primi noutăți de la ${b}.`,
    invalid: "Acest link nu este valid sau a expirat.",
  },
  ms: {
    subject: (b) => `${b}: sila sahkan anda mahu menerima e-mel kami`,
    body: (b, link, days) =>
      `Anda meminta berita melalui e-mel dalam borang hubungan laman web ${b}.\n\n` +
      `Buka pautan ini dan tekan "Ya, hantar kepada saya" untuk mengesahkan (sah selama ${days} hari):\n${link}\n\n` +
      "Jika ini bukan anda, abaikan e-mel ini: tiada apa-apa akan dihantar.",
    title: "Berita melalui e-mel",
    ask: (b) => `Terima berita melalui e-mel daripada ${b}? Anda boleh berhenti melanggan bila-bila masa.`,
    button: "Ya, hantar kepada saya",
    done: (b) => `Terima kasih: anda akan menerima berita daripada ${b}.`,
    invalid: "Pautan ini tidak sah atau telah tamat tempoh.",
  },
  id: {
    subject: (b) => `${b}: mohon konfirmasi bahwa Anda ingin menerima email kami`,
    body: (b, link, days) =>
      `Anda meminta kabar melalui email di formulir kontak situs ${b}.\n\n` +
      `Buka tautan ini dan tekan "Ya, kirimi saya" untuk konfirmasi (berlaku ${days} hari):\n${link}\n\n` +
      "Jika ini bukan Anda, abaikan email ini: tidak akan ada yang dikirim.",
    title: "Kabar melalui email",
    ask: (b) => `Terima kabar melalui email dari ${b}? Anda bisa berhenti berlangganan kapan saja.`,
    button: "Ya, kirimi saya",
    done: (b) => `Terima kasih: Anda akan menerima kabar dari ${b}.`,
    invalid: "Tautan ini tidak valid atau sudah kedaluwarsa.",
  },
};

export type ConsentRequest = {
  ownerId: string;
  contactId: string;
  email: string;
  lang: TLanguage;
  /** The site's name: who asks for consent, in the mail and on the page. */
  businessName: string;
  /** The wording next to the box the visitor ticked: kept as the record of what was agreed. */
  consentText: string;
};

export type ConsentDeps = {
  db: Database;
  provider: EmailProvider;
  publicUrl: string;
  systemFrom: { email: string; name?: string };
  /** Records the confirmed consent on the contact (CRM). */
  confirm: (
    ownerId: string,
    contactId: string,
    record: { website: string; text: string },
  ) => Promise<boolean>;
  now: () => Date;
};

export function createConsentConfirmations(deps: ConsentDeps) {
  const { db, now } = deps;

  async function pendingRow(token: string) {
    if (!TOKEN.test(token)) return undefined;
    const [row] = await db
      .select()
      .from(emailConsentConfirmations)
      .where(
        and(
          eq(emailConsentConfirmations.tokenHash, hash(token)),
          isNull(emailConsentConfirmations.confirmedAt),
          gte(emailConsentConfirmations.expiresAt, now()),
        ),
      );
    return row;
  }

  const langOf = (value: string): TLanguage => (isLanguage(value) ? value : "ja");

  return {
    /**
     * Mails the confirmation link, at most once a day per contact (a form posted again does not
     * mail again). Nothing the visitor typed is in the mail: it cannot carry their words to anyone.
     */
    async request(input: ConsentRequest): Promise<{ sent: boolean }> {
      const at = now();
      const [recent] = await db
        .select({ createdAt: emailConsentConfirmations.createdAt })
        .from(emailConsentConfirmations)
        .where(eq(emailConsentConfirmations.contactId, input.contactId))
        .orderBy(desc(emailConsentConfirmations.createdAt))
        .limit(1);
      if (recent && at.getTime() - recent.createdAt.getTime() < RESEND_HOURS * 3_600_000)
        return { sent: false };
      const token = randomBytes(24).toString("base64url");
      await db.insert(emailConsentConfirmations).values({
        tokenHash: hash(token),
        ownerId: input.ownerId,
        contactId: input.contactId,
        lang: input.lang,
        businessName: input.businessName,
        consentText: input.consentText,
        createdAt: at,
        expiresAt: new Date(at.getTime() + LINK_DAYS * 86_400_000),
      });
      const t = CONSENT_TEXTS[input.lang];
      const text = t.body(input.businessName, `${deps.publicUrl}/e/k/${token}`, LINK_DAYS);
      const subject = t.subject(input.businessName);
      await sendWithRetry(deps.provider, {
        from: deps.systemFrom,
        to: { email: input.email },
        subject,
        text,
        html: renderPlainEmail(text, subject, input.lang).html,
        headers: { "Auto-Submitted": "auto-replied" },
        tags: { kind: "consent-confirmation", owner: input.ownerId },
        idempotencyKey: `consent-${hash(token)}`,
      });
      return { sent: true };
    },

    /** What the confirmation page shows for a link: its language and who asks, or null for a bad or used link. */
    async describe(token: string): Promise<{ lang: TLanguage; businessName: string } | null> {
      const row = await pendingRow(token);
      return row ? { lang: langOf(row.lang), businessName: row.businessName } : null;
    },

    /** The visitor pressed the button: the consent is recorded once; a used or old link does nothing. */
    async confirm(token: string): Promise<{ lang: TLanguage; businessName: string } | null> {
      const row = await pendingRow(token);
      if (!row) return null;
      const [taken] = await db
        .update(emailConsentConfirmations)
        .set({ confirmedAt: now() })
        .where(
          and(
            eq(emailConsentConfirmations.tokenHash, row.tokenHash),
            isNull(emailConsentConfirmations.confirmedAt),
          ),
        )
        .returning({ tokenHash: emailConsentConfirmations.tokenHash });
      if (!taken) return null;
      await deps.confirm(row.ownerId, row.contactId, { website: row.businessName, text: row.consentText });
      return { lang: langOf(row.lang), businessName: row.businessName };
    },
  };
}

export type ConsentConfirmations = ReturnType<typeof createConsentConfirmations>;

/**
 * Who a marketing campaign may reach (contact `k`): only a contact whose consent is recorded
 * (特定電子メール法: prior opt-in). Site-form contacts confirm by the mailed link, imported ones by the
 * file's declared basis, others by the owner recording it (decision 0040).
 */
export const MARKETING_AUDIENCE = sql.raw("(k.marketing_consent = 'opted_in' AND k.email <> '')");
