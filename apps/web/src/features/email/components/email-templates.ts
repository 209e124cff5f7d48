import type { TEmailBlock, TLanguage } from "@shobai/shared";

export const TEMPLATE_KINDS = ["news", "offer", "event"] as const;
export type TTemplateKind = (typeof TEMPLATE_KINDS)[number];

type Words = { heading: string; text: string; button: string };

/**
 * Starting points for the composer, in the six languages (the owner's email goes out in the
 * language they write it in; these are content, so they live here, loaded with the composer).
 * Links start as "https://" for the owner to finish. The footer brings its own divider.
 */
const WORDS: Record<TTemplateKind, Record<TLanguage, Words>> = {
  news: {
    ja: {
      heading: "{{lastName}}様、今月のお知らせ",
      text: "いつもご利用いただきありがとうございます。\n今月の新しいメニューとお店の様子をお届けします。",
      button: "詳しく見る",
    },
    en: {
      heading: "This month's news, {{firstName}}",
      text: "Thank you for being with us.\nHere is what is new at the shop this month.",
      button: "Read more",
    },
    pl: {
      heading: "Nowości w tym miesiącu, {{firstName}}",
      text: "Dziękujemy, że jesteś z nami.\nOto co nowego u nas w tym miesiącu.",
      button: "Czytaj dalej",
    },
    ro: {
      heading: "Noutățile lunii, {{firstName}}",
      text: "Vă mulțumim că sunteți alături de noi.\nIată ce este nou la noi luna aceasta.",
      button: "Citiți mai mult",
    },
    ms: {
      heading: "Berita bulan ini, {{firstName}}",
      text: "Terima kasih kerana bersama kami.\nInilah yang baharu di kedai kami bulan ini.",
      button: "Baca lagi",
    },
    id: {
      heading: "Kabar bulan ini, {{firstName}}",
      text: "Terima kasih telah bersama kami.\nInilah yang baru di toko kami bulan ini.",
      button: "Baca selengkapnya",
    },
  },
  offer: {
    ja: {
      heading: "{{lastName}}様だけの特別なご案内",
      text: "期間限定で全品10%オフ。\nこのメールを店頭でお見せください。",
      button: "対象の商品を見る",
    },
    en: {
      heading: "A special offer for you, {{firstName}}",
      text: "10% off everything for a limited time.\nShow this email at the shop.",
      button: "See the offer",
    },
    pl: {
      heading: "Specjalna oferta dla Ciebie, {{firstName}}",
      text: "10% zniżki na wszystko przez ograniczony czas.\nPokaż tego e-maila w sklepie.",
      button: "Zobacz ofertę",
    },
    ro: {
      heading: "O ofertă specială pentru dvs., {{firstName}}",
      text: "10% reducere la tot, pentru o perioadă limitată.\nArătați acest e-mail în magazin.",
      button: "Vedeți oferta",
    },
    ms: {
      heading: "Tawaran istimewa untuk anda, {{firstName}}",
      text: "Diskaun 10% untuk semua barang dalam tempoh terhad.\nTunjukkan e-mel ini di kedai.",
      button: "Lihat tawaran",
    },
    id: {
      heading: "Penawaran khusus untuk Anda, {{firstName}}",
      text: "Diskon 10% untuk semua produk dalam waktu terbatas.\nTunjukkan email ini di toko.",
      button: "Lihat penawaran",
    },
  },
  event: {
    ja: {
      heading: "イベントのご案内",
      text: "{{lastName}}様\n\n日時：○月○日（○）14:00〜\n場所：当店\nご予約はボタンからどうぞ。",
      button: "予約する",
    },
    en: {
      heading: "You're invited",
      text: "Dear {{firstName}},\n\nWhen: (date), 2 pm\nWhere: at our shop\nBook your place with the button.",
      button: "Book a place",
    },
    pl: {
      heading: "Zaproszenie",
      text: "Drogi/Droga {{firstName}},\n\nKiedy: (data), 14:00\nGdzie: w naszym sklepie\nZarezerwuj miejsce przyciskiem.",
      button: "Zarezerwuj",
    },
    ro: {
      heading: "Sunteți invitat",
      text: "Dragă {{firstName}},\n\nCând: (data), ora 14:00\nUnde: la magazinul nostru\nRezervați un loc cu butonul.",
      button: "Rezervați",
    },
    ms: {
      heading: "Anda dijemput",
      text: "Kepada {{firstName}},\n\nBila: (tarikh), 2 petang\nDi mana: di kedai kami\nTempah tempat anda dengan butang ini.",
      button: "Tempah tempat",
    },
    id: {
      heading: "Anda diundang",
      text: "Kepada {{firstName}},\n\nKapan: (tanggal), pukul 14.00\nDi mana: di toko kami\nPesan tempat Anda lewat tombol ini.",
      button: "Pesan tempat",
    },
  },
};

export function templateBlocks(kind: TTemplateKind, lang: TLanguage): TEmailBlock[] {
  const w = WORDS[kind][lang];
  return [
    { type: "heading", text: w.heading },
    { type: "text", text: w.text },
    { type: "button", label: w.button, href: "https://" },
  ];
}
