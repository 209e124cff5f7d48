/**
 * The support bot's understanding: which of its topics a question is about. Pure and synchronous,
 * so it is tested on its own; the answers themselves are text in `locales/<lang>/chat.json`.
 *
 * Every question is matched against the keywords of all six languages at once: a visitor reading
 * the Japanese interface may still type in English, and the other way round.
 */

export const CHAT_TOPICS = [
  "pricing",
  "trial",
  "websites",
  "languages",
  "crm",
  "email",
  "domains",
  "analytics",
  "billing",
  "account",
  "support",
] as const;
export type ChatTopic = (typeof CHAT_TOPICS)[number];

/**
 * Keywords per topic. Latin-script keywords match whole words (diacritics and case ignored); one
 * ending in `*` matches any word starting with it. Japanese keywords match anywhere in the text,
 * as Japanese is written without spaces.
 */
const KEYWORDS: Record<ChatTopic, readonly string[]> = {
  pricing: [
    // en
    "price*",
    "pricing",
    "cost",
    "costs",
    "how much",
    "plan",
    "plans",
    "fee",
    "fees",
    "yen",
    "expensive",
    "cheap*",
    "subscription*",
    // ja
    "料金",
    "値段",
    "価格",
    "プラン",
    "いくら",
    "月額",
    "費用",
    "金額",
    "円",
    // pl
    "cena",
    "ceny",
    "cennik*",
    "koszt*",
    "ile kosztuje",
    "plany",
    "planu",
    "planow",
    "abonament*",
    "oplat*",
    // ro
    "pret",
    "pretul",
    "preturi*",
    "costa",
    "cat costa",
    "tarif*",
    "planuri*",
    // ms, id
    "harga",
    "kos",
    "berapa",
    "pelan",
    "yuran",
    "langganan",
    "biaya",
    "paket",
  ],
  trial: [
    "trial",
    "free",
    "try",
    "test drive",
    "無料",
    "トライアル",
    "お試し",
    "試用",
    "体験",
    "okres probny",
    "probn*",
    "za darmo",
    "darmow*",
    "bezplatn*",
    "wyprobowa*",
    "perioada de proba",
    "proba",
    "gratuit*",
    "incerc*",
    "percubaan",
    "percuma",
    "cuba",
    "uji coba",
    "percobaan",
    "coba",
    "gratis",
  ],
  websites: [
    "website*",
    "site",
    "sites",
    "homepage*",
    "generat*",
    "build*",
    "create*",
    "template*",
    "ai",
    "import*",
    "サイト",
    "ウェブ",
    "ホームページ",
    "生成",
    "作成",
    "作り方",
    "テンプレート",
    "インポート",
    "stron*",
    "witryn*",
    "szablon*",
    "generow*",
    "stworz*",
    "utworz*",
    "site-ul",
    "site-uri",
    "sablon*",
    "creez",
    "creare",
    "pagin*",
    "laman web",
    "tapak web",
    "templat",
    "bina",
    "jana",
    "situs",
    "halaman",
    "buat",
    "membuat",
  ],
  languages: [
    "language*",
    "english",
    "japanese",
    "polish",
    "romanian",
    "malay",
    "indonesian",
    "translat*",
    "multilingual",
    "言語",
    "英語",
    "日本語",
    "翻訳",
    "多言語",
    "外国語",
    "jezyk*",
    "tlumacz*",
    "angielsk*",
    "japonsk*",
    "limba",
    "limbi",
    "limbile",
    "traduc*",
    "englez*",
    "japonez*",
    "multilingv*",
    "bahasa",
    "terjemah*",
    "inggeris",
    "inggris",
  ],
  crm: [
    "crm",
    "contacts",
    "customer*",
    "lead",
    "leads",
    "client*",
    "pipeline",
    "csv",
    "顧客",
    "リード",
    "連絡先",
    "コンタクト",
    "見込み客",
    "kontakty",
    "kontaktow",
    "klient*",
    "contacte",
    "contactele",
    "pelanggan",
    "kenalan",
    "prospek",
    "kontak",
  ],
  email: [
    "email*",
    "e-mail*",
    "mail*",
    "newsletter*",
    "campaign*",
    "メール",
    "キャンペーン",
    "ニュースレター",
    "配信",
    "一斉送信",
    "kampani*",
    "wysylk*",
    "campani*",
    "emel",
    "e-mel",
    "kempen",
    "surat berita",
    "surel",
    "kampanye",
    "buletin",
  ],
  domains: ["domain*", "dns", "nameserver*", "ドメイン", "ネームサーバー", "domen*", "domeni*"],
  analytics: [
    "analytic*",
    "statistic*",
    "stats",
    "visitor*",
    "traffic",
    "page view*",
    "pageview*",
    "tracking",
    "cookie*",
    "privacy",
    "gdpr",
    "conversion*",
    "分析",
    "解析",
    "訪問者",
    "アクセス数",
    "統計",
    "クッキー",
    "プライバシー",
    "個人情報",
    "コンバージョン",
    "analityk*",
    "statystyk*",
    "odwiedz*",
    "prywatnos*",
    "ciasteczk*",
    "rodo",
    "analiz*",
    "vizitator*",
    "trafic",
    "confidentialitate",
    "analitik",
    "statistik",
    "pelawat",
    "trafik",
    "privasi",
    "kuki",
    "pengunjung",
  ],
  billing: [
    "cancel*",
    "refund*",
    "money back",
    "money-back",
    "billing",
    "invoice*",
    "payment*",
    "pay",
    "charge*",
    "upgrad*",
    "downgrad*",
    "credit card",
    "解約",
    "キャンセル",
    "返金",
    "請求",
    "支払",
    "決済",
    "クレジットカード",
    "領収書",
    "アップグレード",
    "ダウングレード",
    "プラン変更",
    "退会",
    "anul*",
    "rezygn*",
    "zwrot*",
    "platnos*",
    "faktur*",
    "zaplac*",
    "karta kredytowa",
    "ramburs*",
    "banii inapoi",
    "plata",
    "platesc",
    "factur*",
    "batal*",
    "membatalkan",
    "bayaran balik",
    "pembayaran",
    "bayar",
    "invois",
    "kad kredit",
    "naik taraf",
    "pembatalan",
    "pengembalian dana",
    "tagihan",
    "kartu kredit",
  ],
  account: [
    "account*",
    "password*",
    "login",
    "log in",
    "sign in",
    "sign-in",
    "signin",
    "sign up",
    "register*",
    "google",
    "secur*",
    "two-factor",
    "2fa",
    "profile",
    "アカウント",
    "パスワード",
    "ログイン",
    "サインイン",
    "セキュリティ",
    "安全",
    "暗号化",
    "プロフィール",
    "konto",
    "konta",
    "koncie",
    "haslo",
    "hasla",
    "zaloguj*",
    "logowani*",
    "rejestr*",
    "bezpieczen*",
    "cont",
    "contul",
    "parol*",
    "autentific*",
    "conectare",
    "inregistr*",
    "securitat*",
    "akaun",
    "kata laluan",
    "log masuk",
    "keselamatan",
    "akun",
    "kata sandi",
    "sandi",
    "keamanan",
  ],
  support: [
    "support",
    "help",
    "contact",
    "contact us",
    "human",
    "staff",
    "agent",
    "reply",
    "respond*",
    "response*",
    "hours",
    "phone",
    "talk to",
    "サポート",
    "問い合わせ",
    "問合せ",
    "連絡",
    "返信",
    "担当者",
    "電話",
    "対応時間",
    "ヘルプ",
    "相談",
    "wsparci*",
    "pomoc*",
    "kontakt",
    "skontaktowa*",
    "obslug*",
    "odpowiedz*",
    "suport",
    "asistenta",
    "ajutor",
    "contactez",
    "contacta*",
    "raspuns*",
    "sokongan",
    "bantuan",
    "hubungi",
    "khidmat pelanggan",
    "balasan",
    "dukungan",
    "layanan pelanggan",
    "respons",
  ],
};

/**
 * How strongly a topic's keywords count. Intent words (cancel, refund, sign in) outweigh the nouns
 * they usually come with (plan, price), so "how do I cancel my plan" is about billing.
 */
const TOPIC_WEIGHT: Record<ChatTopic, number> = {
  pricing: 1,
  trial: 1.5,
  websites: 1,
  languages: 2,
  crm: 1.2,
  email: 1.2,
  domains: 2.5,
  analytics: 1.2,
  billing: 3,
  account: 1.5,
  support: 1,
};

const LATIN_ONLY = /^[\p{Script=Latin}\p{N}\s'-]+$/u;
/** Word edges are looked for among Latin letters and digits only: "AIで" still contains "ai". */
const LATIN_CHAR = "[\\p{Script=Latin}\\p{N}]";
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** Lower case, full-width letters made half-width, Latin accents and Polish ł dropped. */
export function normalizeQuestion(text: string): string {
  return (
    text
      .normalize("NFKC")
      .toLowerCase()
      .replace(/ł/g, "l")
      // Only Latin letters lose their marks: in Japanese the marks are part of the kana (が, プ).
      .normalize("NFD")
      .replace(/(\p{Script=Latin})\p{M}+/gu, "$1")
      .normalize("NFC")
      .replace(/\s+/g, " ")
      .trim()
  );
}

type Matcher = { test: (text: string) => boolean; weight: number };

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A Japanese character carries about as much meaning as two Latin letters. */
function keywordWeight(keyword: string): number {
  let weight = 0;
  for (const char of keyword) weight += CJK.test(char) ? 2 : 1;
  return weight;
}

function compile(keyword: string, topicWeight: number): Matcher {
  const prefix = keyword.endsWith("*");
  const word = normalizeQuestion(prefix ? keyword.slice(0, -1) : keyword);
  const weight = keywordWeight(word) * topicWeight;
  if (!LATIN_ONLY.test(word)) return { test: (text) => text.includes(word), weight };
  const pattern = new RegExp(
    `(?<!${LATIN_CHAR})${escapeRegExp(word)}${prefix ? "" : `(?!${LATIN_CHAR})`}`,
    "u",
  );
  return { test: (text) => pattern.test(text), weight };
}

const MATCHERS: ReadonlyArray<readonly [ChatTopic, readonly Matcher[]]> = CHAT_TOPICS.map(
  (topic) => [topic, KEYWORDS[topic].map((keyword) => compile(keyword, TOPIC_WEIGHT[topic]))] as const,
);

/**
 * The topic a question is about, or null when nothing matches. Each matching keyword adds its
 * weight; the highest total wins, ties going to the topic listed first.
 */
export function matchTopic(question: string): ChatTopic | null {
  const text = normalizeQuestion(question);
  if (!text) return null;
  let best: ChatTopic | null = null;
  let bestScore = 0;
  for (const [topic, matchers] of MATCHERS) {
    let score = 0;
    for (const matcher of matchers) if (matcher.test(text)) score += matcher.weight;
    if (score > bestScore) {
      best = topic;
      bestScore = score;
    }
  }
  return best;
}
