import type { TBusinessCategory, TLanguage } from "@shobai/shared";

/**
 * Trades owners name, in the six languages, with the template that suits them and what the
 * business is called in each site language. A trade decides the template before the general
 * keyword scores do, and gives copy its noun ("ヨガスタジオ", "yoga studio") and, for trades whose
 * template would otherwise speak of patients or parents, the neutral copy family.
 * Keywords: Japanese match anywhere; Latin ones at a word start (stems: "fryzjer" matches fryzjerka).
 */
export type TCopyFamily = "wellness" | "lodging" | "workshop";
export type TTrade = {
  id: string;
  category: TBusinessCategory;
  family?: TCopyFamily;
  keywords: string[];
  noun: Record<TLanguage, string>;
};

const t = (
  id: string,
  category: TBusinessCategory,
  keywords: string,
  noun: [string, string, string, string, string, string],
  family?: TCopyFamily,
): TTrade => ({
  id,
  category,
  ...(family ? { family } : {}),
  keywords: keywords.split("|"),
  noun: { ja: noun[0], en: noun[1], pl: noun[2], ro: noun[3], ms: noun[4], id: noun[5] },
});

export const TRADES: TTrade[] = [
  t(
    "yoga",
    "healthcare",
    "ヨガ|ピラティス|yoga|pilates|joga",
    ["ヨガスタジオ", "yoga studio", "studio jogi", "studio de yoga", "studio yoga", "studio yoga"],
    "wellness",
  ),
  t(
    "gym",
    "healthcare",
    "ジム|フィットネス|パーソナルトレーニング|gym|fitness|siłownia|sală de fitness|gimnasium",
    ["ジム", "gym", "siłownia", "sală de fitness", "gim", "gym"],
    "wellness",
  ),
  t(
    "hair",
    "healthcare",
    "ヘアサロン|美容室|美容院|理容|床屋|barber|hair salon|hairdresser|fryzjer|salon fryzjerski|frizerie|coafor|gunting rambut|kedai gunting|tukang cukur|salon rambut|pangkas rambut",
    ["ヘアサロン", "hair salon", "salon fryzjerski", "salon de coafură", "salon rambut", "salon rambut"],
    "wellness",
  ),
  t(
    "nail",
    "healthcare",
    "ネイル|まつげ|まつ毛|エステ|nail|beauty salon|esthetic|manicure|kosmetyczn|salon de înfrumusețare|salon kecantikan",
    [
      "サロン",
      "beauty salon",
      "salon kosmetyczny",
      "salon de înfrumusețare",
      "salon kecantikan",
      "salon kecantikan",
    ],
    "wellness",
  ),
  t(
    "bodywork",
    "healthcare",
    "整体|整骨|接骨|鍼灸|マッサージ|massage|masaż|fizjoterap|physio|masaj|urut|pijat",
    ["整体院", "bodywork clinic", "gabinet terapii", "cabinet de terapie", "pusat terapi", "tempat terapi"],
    "wellness",
  ),
  t(
    "dental",
    "healthcare",
    "歯科|デンタル|dental|dentist|stomatolog|dentar|klinik gigi|dokter gigi|pergigian",
    [
      "歯科医院",
      "dental clinic",
      "gabinet stomatologiczny",
      "clinică dentară",
      "klinik pergigian",
      "klinik gigi",
    ],
  ),
  t(
    "clinic",
    "healthcare",
    "クリニック|医院|内科|皮膚科|小児科|眼科|病院|clinic|doctor|przychodnia|lekarz|clinică|klinik|dokter",
    ["クリニック", "clinic", "przychodnia", "clinică", "klinik", "klinik"],
  ),
  t("pharmacy", "healthcare", "薬局|ドラッグストア|pharmacy|apteka|farmacia|farmacie|farmasi|apotek", [
    "薬局",
    "pharmacy",
    "apteka",
    "farmacie",
    "farmasi",
    "apotek",
  ]),
  t("ramen", "restaurant", "ラーメン|らーめん|つけ麺|ramen", [
    "ラーメン店",
    "ramen shop",
    "ramenownia",
    "restaurant de ramen",
    "kedai ramen",
    "kedai ramen",
  ]),
  t("izakaya", "restaurant", "居酒屋|酒場|焼き鳥|焼鳥|焼肉|izakaya|bar", [
    "居酒屋",
    "izakaya",
    "izakaya",
    "izakaya",
    "izakaya",
    "izakaya",
  ]),
  t("cafe", "restaurant", "カフェ|喫茶|コーヒー|cafe|café|coffee|kawiarnia|cafenea|kafe|kedai kopi|kopi", [
    "カフェ",
    "café",
    "kawiarnia",
    "cafenea",
    "kafe",
    "kafe",
  ]),
  t(
    "bakery",
    "restaurant",
    "パン屋|ベーカリー|パン|bakery|piekarnia|brutărie|patiserie|cofetări|kedai roti|toko roti|toko kue|kue|kuih|bolu|cukiernia|torturi",
    ["ベーカリー", "bakery", "piekarnia", "brutărie", "kedai roti", "toko kue"],
  ),
  t("wagashi", "retail", "和菓子|菓子|京菓子|羊羹|sweets|confectioner|słodycz|dulciuri", [
    "和菓子店",
    "sweet shop",
    "sklep ze słodyczami",
    "magazin de dulciuri",
    "kedai manisan",
    "toko kue",
  ]),
  t(
    "restaurant",
    "restaurant",
    "レストラン|食堂|料理|そば|うどん|寿司|定食|弁当|ビストロ|restaurant|bistro|diner|sushi|restauracja|pierogarnia|bar mleczny|restaurantul|restoran|warung|rumah makan|kedai makan|nasi|katering|catering",
    ["飲食店", "restaurant", "restauracja", "restaurant", "restoran", "restoran"],
  ),
  t(
    "inn",
    "restaurant",
    "旅館|宿|民宿|ホテル|ゲストハウス|ryokan|inn|hotel|guesthouse|hostel|pensjonat|hotelik|pensiune|hotel|homestay|penginapan",
    ["宿", "inn", "pensjonat", "pensiune", "rumah tumpangan", "penginapan"],
    "lodging",
  ),
  t("farm", "retail", "農園|農家|果樹園|直売所|ぶどう|farm|orchard|gospodarstwo|fermă|ladang|kebun", [
    "農園",
    "farm",
    "gospodarstwo",
    "fermă",
    "ladang",
    "kebun",
  ]),
  t("florist", "retail", "花屋|フラワー|生花|florist|flower|kwiaciarnia|florărie|kedai bunga|toko bunga", [
    "花屋",
    "florist",
    "kwiaciarnia",
    "florărie",
    "kedai bunga",
    "toko bunga",
  ]),
  t("bookshop", "retail", "古本|書店|本屋|bookshop|bookstore|księgarnia|librărie|kedai buku|toko buku", [
    "書店",
    "bookshop",
    "księgarnia",
    "librărie",
    "kedai buku",
    "toko buku",
  ]),
  t(
    "clothing",
    "retail",
    "呉服|着物|洋服|古着|アパレル|boutique|clothing|fashion|odzież|haine|butik|tudung|batik|pakaian",
    ["衣料品店", "clothing shop", "sklep odzieżowy", "magazin de haine", "butik", "butik"],
  ),
  t(
    "grocery",
    "retail",
    "食料品|金物|雑貨|商店|grocery|hardware|record store|vintage|sklep|magazin|kedai runcit|toko bahan|toko",
    ["商店", "shop", "sklep", "magazin", "kedai", "toko"],
  ),
  t(
    "workshop",
    "retail",
    "修理|整備|自動車|車検|クリーニング|repair|mechanic|auto|warsztat|serwis|service auto|reparații|bengkel|laundry|dobi|cuci",
    ["修理工場", "workshop", "warsztat", "atelier", "bengkel", "bengkel"],
    "workshop",
  ),
  t(
    "tax",
    "finance",
    "税理士|会計|経理|記帳|確定申告|tax|accounting|accountant|bookkeeping|payroll|księgow|biuro rachunkowe|rachunkow|contabil|perakaunan|akauntan|cukai|pajak|akuntan|konsultan pajak",
    [
      "会計事務所",
      "accounting office",
      "biuro rachunkowe",
      "birou de contabilitate",
      "firma perakaunan",
      "kantor akuntan",
    ],
  ),
  t("insurance", "finance", "保険|insurance|ubezpiecz|asigur|insurans|asuransi", [
    "保険代理店",
    "insurance agency",
    "agencja ubezpieczeniowa",
    "agenție de asigurări",
    "agensi insurans",
    "agen asuransi",
  ]),
  t(
    "lawyer",
    "legal",
    "弁護士|法律事務所|司法書士|行政書士|lawyer|attorney|solicitor|advocate|law firm|legal|immigration|adwokat|radca|kancelaria|avocat|peguam|notaris|notary|notar|ppat|pengacara|hukum",
    ["法律事務所", "law office", "kancelaria", "cabinet de avocatură", "firma guaman", "kantor hukum"],
  ),
  t(
    "realestate",
    "real-estate",
    "不動産|賃貸|仲介|real estate|realtor|apartment search|rental apartment|property|properties|nieruchomoś|imobiliar|hartanah|properti|perunding hartanah",
    [
      "不動産会社",
      "real estate agency",
      "biuro nieruchomości",
      "agenție imobiliară",
      "agensi hartanah",
      "agen properti",
    ],
  ),
  t(
    "tutoring",
    "education",
    "塾|教室|英会話|スクール|レッスン|講座|tutor|tuition|school|lesson|classes|course|korepetycj|lekcj|szkoła|kurs|școal|cursuri|meditați|tuisyen|kelas|les privat|les |kursus|bimbel|sekolah",
    ["教室", "school", "szkoła", "școală", "pusat tuisyen", "tempat les"],
  ),
  t("tours", "education", "ツアー|体験|tour|tours|wycieczk|excursi|lawatan|wisata", [
    "体験ツアー",
    "tours",
    "wycieczki",
    "excursii",
    "lawatan",
    "wisata",
  ]),
  t("diving", "retail", "ダイビング|サーフ|スキー|diving|divers|surf|ski|nurkow|scufund|selam", [
    "ショップ",
    "shop",
    "szkoła",
    "școală",
    "pusat",
    "pusat",
  ]),
  t("photo", "creative", "写真|カメラマン|撮影|フォト|photograph|photo|fotograf|foto", [
    "写真スタジオ",
    "photo studio",
    "studio fotograficzne",
    "studio foto",
    "studio foto",
    "studio foto",
  ]),
  t(
    "design",
    "creative",
    "デザイン|デザイナー|ロゴ|イラスト|映像|design|logo|illustrat|tattoo|tatuaż|ceramic|ceramik|ceramică|atelier|desain|reka bentuk|grafik|kreatif|translator|copywriter|translation|tłumacz",
    [
      "デザインスタジオ",
      "design studio",
      "studio projektowe",
      "studio de design",
      "studio reka bentuk",
      "studio desain",
    ],
  ),
  t(
    "it",
    "technology",
    "システム開発|アプリ|ソフトウェア|エンジニア|IT|web制作|ホームページ制作|software|developer|app development|cloud|IT consultancy|informatyk|oprogramowani|dezvoltare software|perisian|syarikat IT|aplikasi|pembangunan laman web",
    ["IT企業", "IT company", "firma IT", "firmă IT", "syarikat IT", "perusahaan IT"],
  ),
  t(
    "consulting",
    "consulting",
    "コンサル|経営相談|経営支援|経営研究|診断士|補助金|consult|advisory|coaching|doradztw|doradca|consultanț|perunding|konsultan",
    [
      "コンサルティング事務所",
      "consultancy",
      "firma doradcza",
      "firmă de consultanță",
      "firma perunding",
      "kantor konsultan",
    ],
  ),
];

const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;

function hit(text: string, lower: string, word: string): number {
  if (/^[A-Z]{2,3}$/.test(word))
    return new RegExp(`(?:^|[^A-Za-z])${word}(?:[^A-Za-z]|$)`).exec(text)?.index ?? -1;
  if (JAPANESE.test(word)) return text.indexOf(word);
  const escaped = word.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const m = new RegExp(`(?:^|[^\\p{L}])${escaped}`, "u").exec(lower);
  return m ? m.index : -1;
}

/**
 * The trades a description names, the earliest first: owners name their trade near the start
 * (「京都・祇園の老舗和菓子店」, "Small surf shop in Chiba"), and later words are more often items.
 */
export function findTrades(text: string): TTrade[] {
  const lower = text.toLowerCase();
  const hits: { trade: TTrade; at: number }[] = [];
  for (const trade of TRADES) {
    const positions = trade.keywords.map((k) => hit(text, lower, k)).filter((i) => i >= 0);
    if (positions.length > 0) hits.push({ trade, at: Math.min(...positions) });
  }
  return hits.sort((a, b) => a.at - b.at).map((h) => h.trade);
}
