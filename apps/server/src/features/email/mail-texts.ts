import { LANGUAGES, type TLanguage } from "@shobai/shared";

/** The words around an owner's email and on its unsubscribe pages, in the recipient's language. */
type MailTexts = {
  unsubscribe: string;
  /** Footer labels (特定電子メール法: the sender, their address and a contact point). */
  footerSender: string;
  footerAddress: string;
  footerContact: string;
  unsubscribeTitle: string;
  unsubscribeQuestion: (address: string) => string;
  unsubscribeButton: string;
  unsubscribedTitle: string;
  unsubscribedText: (address: string) => string;
  senderSubject: string;
  senderBody: (address: string, link: string, hours: number) => string;
};

export const MAIL_TEXTS: Record<TLanguage, MailTexts> = {
  ja: {
    footerSender: "送信者",
    footerAddress: "住所",
    footerContact: "お問い合わせ",
    unsubscribe: "配信停止",
    unsubscribeTitle: "配信停止",
    unsubscribeQuestion: (a) => `${a} へのメール配信を停止しますか？`,
    unsubscribeButton: "配信を停止する",
    unsubscribedTitle: "配信を停止しました",
    unsubscribedText: (a) => `${a} にはこれ以上お送りしません。`,
    senderSubject: "送信元メールアドレスの確認",
    senderBody: (a, link, h) =>
      `Shobai（商売）で ${a} を送信元として使うための確認です。\n次のリンクを開くと確認が完了します（${h}時間有効）:\n${link}\n\nお心当たりがない場合は、このメールを破棄してください。`,
  },
  en: {
    footerSender: "Sender",
    footerAddress: "Address",
    footerContact: "Contact",
    unsubscribe: "Unsubscribe",
    unsubscribeTitle: "Unsubscribe",
    unsubscribeQuestion: (a) => `Stop emails to ${a}?`,
    unsubscribeButton: "Unsubscribe",
    unsubscribedTitle: "Unsubscribed",
    unsubscribedText: (a) => `${a} will not receive these emails any more.`,
    senderSubject: "Confirm your sender address",
    senderBody: (a, link, h) =>
      `Please confirm that ${a} may send email from your Shobai account by opening this link (valid for ${h} hours):\n${link}\n\nIf you did not ask for this, ignore this email.`,
  },
  pl: {
    footerSender: "Nadawca",
    footerAddress: "Adres",
    footerContact: "Kontakt",
    unsubscribe: "Wypisz się",
    unsubscribeTitle: "Wypisanie z listy",
    unsubscribeQuestion: (a) => `Przestać wysyłać wiadomości na adres ${a}?`,
    unsubscribeButton: "Wypisz mnie",
    unsubscribedTitle: "Wypisano",
    unsubscribedText: (a) => `Na adres ${a} nie będziemy już wysyłać tych wiadomości.`,
    senderSubject: "Potwierdź adres nadawcy",
    senderBody: (a, link, h) =>
      `Potwierdź, że z adresu ${a} można wysyłać wiadomości z Twojego konta Shobai, otwierając ten link (ważny ${h} godz.):\n${link}\n\nJeśli to nie Ty, zignoruj tę wiadomość.`,
  },
  ro: {
    footerSender: "Expeditor",
    footerAddress: "Adresă",
    footerContact: "Contact",
    unsubscribe: "Dezabonare",
    unsubscribeTitle: "Dezabonare",
    unsubscribeQuestion: (a) => `Oprim e-mailurile către ${a}?`,
    unsubscribeButton: "Dezabonează-mă",
    unsubscribedTitle: "Te-ai dezabonat",
    unsubscribedText: (a) => `${a} nu va mai primi aceste e-mailuri.`,
    senderSubject: "Confirmă adresa expeditorului",
    senderBody: (a, link, h) =>
      `Confirmă că ${a} poate trimite e-mailuri din contul tău Shobai deschizând acest link (valabil ${h} ore):\n${link}\n\nDacă nu ai cerut acest lucru, ignoră acest e-mail.`,
  },
  ms: {
    footerSender: "Pengirim",
    footerAddress: "Alamat",
    footerContact: "Hubungi",
    unsubscribe: "Berhenti melanggan",
    unsubscribeTitle: "Berhenti melanggan",
    unsubscribeQuestion: (a) => `Hentikan e-mel kepada ${a}?`,
    unsubscribeButton: "Berhenti melanggan",
    unsubscribedTitle: "Telah berhenti melanggan",
    unsubscribedText: (a) => `${a} tidak akan menerima e-mel ini lagi.`,
    senderSubject: "Sahkan alamat penghantar anda",
    senderBody: (a, link, h) =>
      `Sila sahkan bahawa ${a} boleh menghantar e-mel dari akaun Shobai anda dengan membuka pautan ini (sah selama ${h} jam):\n${link}\n\nJika anda tidak memintanya, abaikan e-mel ini.`,
  },
  id: {
    footerSender: "Pengirim",
    footerAddress: "Alamat",
    footerContact: "Kontak",
    unsubscribe: "Berhenti berlangganan",
    unsubscribeTitle: "Berhenti berlangganan",
    unsubscribeQuestion: (a) => `Hentikan email ke ${a}?`,
    unsubscribeButton: "Berhenti berlangganan",
    unsubscribedTitle: "Sudah berhenti berlangganan",
    unsubscribedText: (a) => `${a} tidak akan menerima email ini lagi.`,
    senderSubject: "Konfirmasi alamat pengirim Anda",
    senderBody: (a, link, h) =>
      `Konfirmasikan bahwa ${a} boleh mengirim email dari akun Shobai Anda dengan membuka tautan ini (berlaku ${h} jam):\n${link}\n\nJika Anda tidak memintanya, abaikan email ini.`,
  },
};

/** The first of the given values that is one of the six languages, else Japanese. */
export function mailLanguage(...candidates: (string | null | undefined)[]): TLanguage {
  for (const c of candidates) {
    if (c && (LANGUAGES as readonly string[]).includes(c)) return c as TLanguage;
  }
  return "ja";
}
