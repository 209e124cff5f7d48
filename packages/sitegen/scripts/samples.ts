import type { TBusinessCategory, TLanguage, TTargetMarket } from "@shobai/shared";

/** Realistic owner descriptions, one per template, for previews and tests. */
export const SAMPLES: Record<
  TBusinessCategory,
  { businessDescription: string; languages: TLanguage[]; targetMarket: TTargetMarket }
> = {
  restaurant: {
    businessDescription:
      "渋谷で20年続く家族経営のラーメン店です。醤油ラーメンと餃子が人気、営業は11時〜22時、水曜定休。",
    languages: ["ja", "en"],
    targetMarket: "asia",
  },
  legal: {
    businessDescription:
      "「みなと総合法律事務所」は港区の法律事務所です。相続、離婚、企業法務のご相談を承ります。電話 03-5555-1234、受付は9:30-18:00、土日祝休み。",
    languages: ["ja", "en"],
    targetMarket: "japan",
  },
  consulting: {
    businessDescription:
      "中小企業向けの経営コンサルティングを行っています。事業計画、資金繰り、人材育成のご相談を承ります。名古屋市を中心に活動しています。",
    languages: ["ja"],
    targetMarket: "japan",
  },
  technology: {
    businessDescription:
      "「ソフトラボ福岡」は福岡市の小さなIT会社です。業務システム、スマホアプリ、ホームページ制作を手がけています。info@softlab.example.jp",
    languages: ["ja", "en", "ms", "id"],
    targetMarket: "asia",
  },
  healthcare: {
    businessDescription:
      "「さくら歯科クリニック」は世田谷区の歯科医院です。一般歯科、小児歯科、予防歯科に対応しています。診療時間 9:00-18:00、日曜・祝日休診。電話 03-1234-5678",
    languages: ["ja", "en"],
    targetMarket: "japan",
  },
  finance: {
    businessDescription:
      "大阪市北区の税理士事務所です。確定申告、記帳代行、会社設立のご相談を承ります。個人事業主の方も歓迎です。",
    languages: ["ja", "en"],
    targetMarket: "japan",
  },
  retail: {
    businessDescription:
      "「花と雑貨 こもれび」は吉祥寺の小さなお店です。季節の花束、ドライフラワー、器などを販売しています。営業は10:00-19:00、年中無休。",
    languages: ["ja", "en"],
    targetMarket: "global",
  },
  "real-estate": {
    businessDescription:
      "横浜市の地域密着の不動産会社です。賃貸、売買、空き家の管理のご相談を承ります。電話 045-123-4567",
    languages: ["ja", "en", "pl", "ro", "ms", "id"],
    targetMarket: "global",
  },
  education: {
    businessDescription:
      "「こども英会話ひかり」は京都市の子ども向け英会話教室です。幼児クラス、小学生クラス、英検対策コースを開講しています。平日15時〜20時。",
    languages: ["ja", "en"],
    targetMarket: "japan",
  },
  creative: {
    businessDescription:
      "「STUDIO NAMI」は大阪のデザイン事務所です。ロゴ、パッケージ、ウェブサイトのデザインと撮影を手がけています。hello@studionami.example.jp",
    languages: ["ja", "en"],
    targetMarket: "global",
  },
};
