import { isLanguage, type TLanguage } from "@shobai/shared";
import { sendWithRetry } from "../../providers/email/retry";
import type { EmailProvider } from "../../providers/email/types";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] as string);

type Notice = { domain: string; expiresAt: Date; daysLeft: number; amountJpy: number };
type Text = (n: Notice, date: string, yen: string, link: string) => { subject: string; lines: string[] };

const LOCALES: Record<TLanguage, string> = {
  ja: "ja-JP",
  en: "en-GB",
  pl: "pl-PL",
  ro: "ro-RO",
  ms: "ms-MY",
  id: "id-ID",
};

// The renewal of a domain could not be charged: mailed 30, 7 and 1 days before it expires.
const TEXTS: Record<TLanguage, Text> = {
  ja: (n, date, yen, link) => ({
    subject: `【Shobai】${n.domain} の更新料をお支払いいただけませんでした（残り${n.daysLeft}日）`,
    lines: [
      `ドメイン ${n.domain} の自動更新（1年、${yen}・税込）の決済ができませんでした。`,
      `有効期限は ${date} です。期限を過ぎるとドメインは失効し、サイトやメールに使えなくなります。`,
      `カード情報をご確認のうえ、ドメイン管理画面をご確認ください: ${link}`,
    ],
  }),
  en: (n, date, yen, link) => ({
    subject: `Shobai: the renewal of ${n.domain} could not be charged (${n.daysLeft} days left)`,
    lines: [
      `The automatic renewal of ${n.domain} (1 year, ${yen} incl. tax) could not be charged.`,
      `It expires on ${date}; after that the domain lapses and stops working for your site and email.`,
      `Please check your card and the domain management screen: ${link}`,
    ],
  }),
  pl: (n, date, yen, link) => ({
    subject: `Shobai: nie udało się pobrać opłaty za odnowienie ${n.domain} (zostało dni: ${n.daysLeft})`,
    lines: [
      `Nie udało się pobrać opłaty za automatyczne odnowienie ${n.domain} (1 rok, ${yen} z podatkiem).`,
      `Domena wygasa ${date}; potem przestanie działać dla strony i poczty.`,
      `Sprawdź kartę i ekran zarządzania domenami: ${link}`,
    ],
  }),
  ro: (n, date, yen, link) => ({
    subject: `Shobai: reînnoirea ${n.domain} nu a putut fi încasată (${n.daysLeft} zile rămase)`,
    lines: [
      `Reînnoirea automată a ${n.domain} (1 an, ${yen} cu taxe) nu a putut fi încasată.`,
      `Expiră la ${date}; apoi domeniul nu mai funcționează pentru site și e-mail.`,
      `Verificați cardul și ecranul de administrare a domeniilor: ${link}`,
    ],
  }),
  ms: (n, date, yen, link) => ({
    subject: `Shobai: bayaran pembaharuan ${n.domain} gagal (${n.daysLeft} hari lagi)`,
    lines: [
      `Pembaharuan automatik ${n.domain} (1 tahun, ${yen} termasuk cukai) tidak dapat dicaj.`,
      `Ia tamat pada ${date}; selepas itu domain tidak lagi berfungsi untuk laman dan e-mel anda.`,
      `Sila semak kad anda dan skrin pengurusan domain: ${link}`,
    ],
  }),
  id: (n, date, yen, link) => ({
    subject: `Shobai: perpanjangan ${n.domain} gagal ditagih (${n.daysLeft} hari lagi)`,
    lines: [
      `Perpanjangan otomatis ${n.domain} (1 tahun, ${yen} termasuk pajak) gagal ditagih.`,
      `Domain berakhir pada ${date}; setelah itu domain tidak lagi berfungsi untuk situs dan email Anda.`,
      `Periksa kartu Anda dan layar pengelolaan domain: ${link}`,
    ],
  }),
};

/** The renewal warning, in the owner's interface language, into their outbox or mailbox. */
export function createRenewalMailer(deps: {
  provider: EmailProvider;
  publicUrl: string;
  from: { email: string; name?: string };
}) {
  return async (owner: { id: string; email: string; language: string | null }, notice: Notice) => {
    const language: TLanguage = isLanguage(owner.language) ? owner.language : "ja";
    const locale = LOCALES[language];
    const date = notice.expiresAt.toLocaleDateString(locale, { timeZone: "Asia/Tokyo", dateStyle: "long" });
    const yen = `¥${notice.amountJpy.toLocaleString(locale)}`;
    const text = TEXTS[language](notice, date, yen, `${deps.publicUrl}/domain-management`);
    await sendWithRetry(deps.provider, {
      from: deps.from,
      to: { email: owner.email },
      subject: text.subject,
      text: text.lines.join("\n\n"),
      html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.8">${text.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}</body></html>`,
      tags: { kind: "domain-renewal-failed", owner: owner.id },
      idempotencyKey: `renewal-${notice.domain}-${notice.expiresAt.toISOString()}-${notice.daysLeft <= 1 ? 1 : notice.daysLeft <= 7 ? 7 : 30}`,
    });
  };
}
