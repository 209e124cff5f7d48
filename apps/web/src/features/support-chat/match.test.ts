import { describe, expect, it } from "vitest";
import { type ChatTopic, matchTopic, normalizeQuestion } from "./match";

describe("normalizeQuestion", () => {
  it("drops case, Latin accents and full-width forms, but keeps Japanese marks", () => {
    expect(normalizeQuestion("  Ile KOSZTUJE  płatność? ")).toBe("ile kosztuje platnosc?");
    expect(normalizeQuestion("Cât costă?")).toBe("cat costa?");
    expect(normalizeQuestion("ＡＩでプランを")).toBe("aiでプランを");
  });
});

const QUESTIONS: Record<ChatTopic, string[]> = {
  pricing: [
    "料金はいくらですか？",
    "プランの値段を教えて",
    "How much does it cost?",
    "What are your prices?",
    "Ile kosztuje abonament?",
    "Cât costă un plan?",
    "Berapa harga pelan?",
    "Berapa biaya paket bulanan?",
  ],
  trial: [
    "無料トライアルはありますか",
    "お試しできますか",
    "Is there a free trial?",
    "Czy jest okres próbny?",
    "Există o perioadă de probă gratuită?",
    "Adakah percubaan percuma?",
    "Apakah ada uji coba gratis?",
  ],
  websites: [
    "ウェブサイトの作り方",
    "AIでホームページを作成したい",
    "How do I create a website?",
    "Jak stworzyć stronę?",
    "Cum creez un site?",
    "Bagaimana membuat situs?",
  ],
  languages: [
    "対応している言語は？",
    "英語のサイトも作れますか",
    "Which languages do you support?",
    "Jakie języki są dostępne?",
    "Ce limbi sunt disponibile?",
    "Bahasa apa yang tersedia?",
  ],
  crm: [
    "顧客管理について",
    "連絡先をCSVで取り込めますか",
    "How do I manage my leads?",
    "Jak dodać klientów?",
    "Unde găsesc contactele?",
    "Bagaimana mengurus pelanggan?",
    "Bagaimana mengelola kontak?",
  ],
  email: [
    "メール配信はできますか",
    "How do email campaigns work?",
    "Jak wysłać kampanię e-mail?",
    "Cum trimit o campanie?",
    "Boleh hantar kempen emel?",
    "Bagaimana mengirim kampanye email?",
  ],
  domains: [
    "独自ドメインは使えますか",
    "Can I use my own domain?",
    "Jak podłączyć domenę?",
    "Pot folosi domeniul meu?",
    "Bolehkah saya guna domain sendiri?",
    "How much does a domain cost?",
  ],
  analytics: [
    "アクセス解析について",
    "Cookieは使っていますか",
    "Do you have analytics?",
    "Czy są statystyki odwiedzin?",
    "Aveți statistici despre vizitatori?",
    "Adakah analitik pelawat?",
    "Bagaimana dengan privasi pengunjung?",
  ],
  billing: [
    "解約したい",
    "プランを解約するにはどうすればいいですか",
    "返金はできますか",
    "How do I cancel my plan?",
    "Can I get a refund?",
    "Jak anulować subskrypcję?",
    "Cum anulez abonamentul?",
    "Bagaimana cara membatalkan langganan?",
    "Macam mana nak batal langganan?",
  ],
  account: [
    "パスワードを忘れました",
    "Googleでログインできますか",
    "How do I change my password?",
    "Jak zmienić hasło?",
    "Cum îmi schimb parola?",
    "Bagaimana menukar kata laluan?",
    "Bagaimana mengganti kata sandi akun?",
  ],
  support: [
    "サポートに問い合わせたい",
    "返信はいつ来ますか",
    "How can I contact support?",
    "Jak skontaktować się z pomocą?",
    "Cum contactez suportul?",
    "Bagaimana hubungi sokongan?",
    "Bagaimana menghubungi layanan pelanggan?",
  ],
};

describe("matchTopic", () => {
  for (const [topic, questions] of Object.entries(QUESTIONS)) {
    it.each(questions)(`finds ${topic} in %s`, (question) => {
      expect(matchTopic(question)).toBe(topic);
    });
  }

  it.each(["asdfghjkl", "qwerty zxcv", "🙂", "", "   ", "今日はいい天気ですね", "xyz 123"])(
    "matches nothing in %j",
    (question) => {
      expect(matchTopic(question)).toBeNull();
    },
  );

  it("matches whole words, not parts of other words", () => {
    // "cost" is a pricing keyword; "costume" is not about pricing.
    expect(matchTopic("costume")).toBeNull();
    expect(matchTopic("contactless")).toBeNull();
  });
});

describe("the quick questions", () => {
  const locales = import.meta.glob<{ quick: Record<string, string> }>("../../locales/*/chat.json", {
    eager: true,
    import: "default",
  });

  it("are understood by the matcher too, in every language", () => {
    expect(Object.keys(locales)).toHaveLength(6);
    for (const [path, { quick }] of Object.entries(locales)) {
      for (const [topic, question] of Object.entries(quick)) {
        expect({ path, question, topic: matchTopic(question) }).toEqual({ path, question, topic });
      }
    }
  });
});
