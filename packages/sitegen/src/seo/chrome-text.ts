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
  },
};
