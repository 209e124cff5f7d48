import type { TLanguage } from "@shobai/shared";

/** What a site shows around the owner's content, in the site's language (not in the lexicons). */
export const CHROME_TEXT: Record<
  TLanguage,
  {
    poweredBy: string;
    whatsapp: string;
    line: string;
    map: string;
    profile: string;
    representative: string;
    qualifications: string;
    /** The heading of the owner's photo gallery (issue 19). */
    gallery: string;
    /** Credit for a stock photo (Unsplash's required attribution): "Photo by {author} on {provider}". */
    photoBy: string;
    /** The heading of the owner's testimonials until they write their own. */
    testimonials: string;
    /** Under the form's email and phone fields when either one will do. */
    eitherHint: string;
    /** Form problems of the phone field (issue 30). */
    phoneProblem: string;
    eitherProblem: string;
  }
> = {
  ja: {
    poweredBy: "Powered by {brand}",
    whatsapp: "WhatsAppで連絡",
    line: "LINEで友だち追加",
    map: "地図で見る",
    profile: "プロフィール",
    representative: "代表",
    qualifications: "資格",
    gallery: "ギャラリー",
    photoBy: "写真: {author} / {provider}",
    testimonials: "お客様の声",
    eitherHint: "メールアドレスか電話番号のどちらかをご記入ください。",
    phoneProblem: "電話番号を正しく入力してください（数字、+、-、括弧）。",
    eitherProblem: "メールアドレスか電話番号のどちらかを入力してください。",
  },
  en: {
    poweredBy: "Powered by {brand}",
    whatsapp: "Chat on WhatsApp",
    line: "Add us on LINE",
    map: "View on map",
    profile: "Profile",
    representative: "Representative",
    qualifications: "Qualifications",
    gallery: "Gallery",
    photoBy: "Photo by {author} on {provider}",
    testimonials: "What our customers say",
    eitherHint: "Please give your email address or phone number (one is enough).",
    phoneProblem: "Please enter a valid phone number (digits, +, -, brackets).",
    eitherProblem: "Please give an email address or a phone number.",
  },
  pl: {
    poweredBy: "Strona stworzona w {brand}",
    whatsapp: "Napisz na WhatsAppie",
    line: "Dodaj nas na LINE",
    map: "Zobacz na mapie",
    profile: "O nas",
    representative: "Osoba reprezentująca",
    qualifications: "Kwalifikacje",
    gallery: "Galeria",
    photoBy: "Zdjęcie: {author}, {provider}",
    testimonials: "Opinie klientów",
    eitherHint: "Podaj adres e-mail lub numer telefonu (wystarczy jedno).",
    phoneProblem: "Podaj poprawny numer telefonu (cyfry, +, -, nawiasy).",
    eitherProblem: "Podaj adres e-mail lub numer telefonu.",
  },
  ro: {
    poweredBy: "Site realizat cu {brand}",
    whatsapp: "Scrieți-ne pe WhatsApp",
    line: "Adăugați-ne pe LINE",
    map: "Vedeți pe hartă",
    profile: "Profil",
    representative: "Reprezentant",
    qualifications: "Calificări",
    gallery: "Galerie",
    photoBy: "Fotografie de {author} pe {provider}",
    testimonials: "Ce spun clienții noștri",
    eitherHint: "Vă rugăm să indicați adresa de e-mail sau numărul de telefon (este suficient unul).",
    phoneProblem: "Vă rugăm să introduceți un număr de telefon valid (cifre, +, -, paranteze).",
    eitherProblem: "Vă rugăm să indicați o adresă de e-mail sau un număr de telefon.",
  },
  ms: {
    poweredBy: "Dikuasakan oleh {brand}",
    whatsapp: "Sembang di WhatsApp",
    line: "Tambah kami di LINE",
    map: "Lihat di peta",
    profile: "Profil",
    representative: "Wakil",
    qualifications: "Kelayakan",
    gallery: "Galeri",
    photoBy: "Foto oleh {author} di {provider}",
    testimonials: "Kata pelanggan kami",
    eitherHint: "Sila berikan alamat e-mel atau nombor telefon anda (satu sudah memadai).",
    phoneProblem: "Sila masukkan nombor telefon yang sah (digit, +, -, kurungan).",
    eitherProblem: "Sila berikan alamat e-mel atau nombor telefon.",
  },
  id: {
    poweredBy: "Didukung oleh {brand}",
    whatsapp: "Chat lewat WhatsApp",
    line: "Tambahkan kami di LINE",
    map: "Lihat di peta",
    profile: "Profil",
    representative: "Penanggung jawab",
    qualifications: "Kualifikasi",
    gallery: "Galeri",
    photoBy: "Foto oleh {author} di {provider}",
    testimonials: "Kata pelanggan kami",
    eitherHint: "Cantumkan alamat email atau nomor telepon Anda (salah satu saja cukup).",
    phoneProblem: "Masukkan nomor telepon yang valid (angka, +, -, tanda kurung).",
    eitherProblem: "Cantumkan alamat email atau nomor telepon.",
  },
};
