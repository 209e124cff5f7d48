import type { ChatTopic } from "./match";

/**
 * Questions real shop owners ask, in the six languages, with the answer each should get (two when
 * it asks two things). Written as people type them (typos, no accents, casual), not from the
 * keyword lists; the matcher test holds the bot to ≥ 90% of them. Test data only.
 */
export const QUESTION_CORPUS: ReadonlyArray<{ question: string; topics: readonly ChatTopic[] }> = [
  // Pricing
  { question: "料金はいくらですか？", topics: ["pricing"] },
  { question: "月々いくらかかりますか", topics: ["pricing"] },
  { question: "一番安いプランは？", topics: ["pricing"] },
  { question: "How much is it per month?", topics: ["pricing"] },
  { question: "what does the business plan cost", topics: ["pricing"] },
  { question: "Ile kosztuje najtańszy plan?", topics: ["pricing"] },
  { question: "Cat costa pe luna?", topics: ["pricing"] },
  { question: "Berapa harga sebulan?", topics: ["pricing"] },
  { question: "Berapa biaya paket paling murah?", topics: ["pricing"] },
  // Two questions in one message
  { question: "料金はいくらですか？クレジットカードは必要ですか？", topics: ["pricing", "payment"] },
  { question: "How much does it cost? Do I need a credit card?", topics: ["pricing", "payment"] },
  // Credit card and payment
  { question: "クレジットカードは必要ですか", topics: ["payment"] },
  { question: "支払い方法は何がありますか？", topics: ["payment"] },
  { question: "銀行振込で払えますか", topics: ["payment"] },
  { question: "Do I need a credit card to sign up?", topics: ["payment"] },
  { question: "Can I pay by bank transfer?", topics: ["payment"] },
  { question: "where can I download my invoices", topics: ["payment"] },
  { question: "Czy mogę zapłacić kartą?", topics: ["payment"] },
  { question: "Pot plati cu cardul?", topics: ["payment"] },
  { question: "Boleh bayar guna kad kredit?", topics: ["payment"] },
  { question: "Apakah bisa bayar pakai kartu kredit?", topics: ["payment"] },
  // Trial
  { question: "無料で試せますか？", topics: ["trial"] },
  { question: "Is there a free trial?", topics: ["trial"] },
  { question: "Czy mogę najpierw przetestować za darmo?", topics: ["trial"] },
  { question: "Exista perioada de proba?", topics: ["trial"] },
  { question: "Ada uji coba gratis?", topics: ["trial"] },
  // Cancellation and refunds
  { question: "解約したい", topics: ["cancel"] },
  { question: "いつでもやめられますか？", topics: ["cancel"] },
  { question: "返金してもらえますか", topics: ["cancel"] },
  { question: "How do I cancel my subscription?", topics: ["cancel"] },
  { question: "can i get my money back", topics: ["cancel"] },
  { question: "Jak zrezygnować z abonamentu?", topics: ["cancel"] },
  { question: "Cum anulez abonamentul?", topics: ["cancel"] },
  { question: "Macam mana nak batalkan langganan?", topics: ["cancel"] },
  { question: "Bagaimana cara berhenti berlangganan?", topics: ["cancel"] },
  // Changing plans
  { question: "プランをアップグレードしたい", topics: ["planChange"] },
  { question: "Can I switch to a smaller plan later?", topics: ["planChange"] },
  { question: "Chcę przejść na wyższy plan", topics: ["planChange"] },
  { question: "Bagaimana cara upgrade paket?", topics: ["planChange"] },
  // Photos
  { question: "写真を変えたい", topics: ["photos"] },
  { question: "自分の写真をアップロードできますか？", topics: ["photos"] },
  { question: "トップの画像を差し替えたい", topics: ["photos"] },
  { question: "How do I change the photos on my site?", topics: ["photos"] },
  { question: "can I add my own pictures", topics: ["photos"] },
  { question: "Jak dodać własne zdjęcia?", topics: ["photos"] },
  { question: "Cum schimb pozele de pe site?", topics: ["photos"] },
  { question: "Boleh tukar gambar di laman web?", topics: ["photos"] },
  { question: "Bagaimana mengganti foto di situs saya?", topics: ["photos"] },
  // Editing the site
  { question: "サイトの文章を修正したい", topics: ["editing"] },
  { question: "How do I edit the text on my website?", topics: ["editing"] },
  { question: "Jak edytować tekst na stronie?", topics: ["editing"] },
  { question: "Cum modific textul de pe site?", topics: ["editing"] },
  // Creating a site
  { question: "ホームページを作りたい", topics: ["websites"] },
  { question: "How do I make a website for my bakery?", topics: ["websites"] },
  { question: "Jak stworzyć stronę dla mojej firmy?", topics: ["websites"] },
  { question: "Bagaimana membuat situs untuk toko saya?", topics: ["websites"] },
  // Domains
  { question: "独自ドメインは使えますか？", topics: ["domains"] },
  { question: "今持っているドメインをつなげたい", topics: ["domains"] },
  { question: "Can I use my own .com address?", topics: ["domains"] },
  { question: "Jak podłączyć własną domenę?", topics: ["domains"] },
  { question: "Pot folosi domeniul meu?", topics: ["domains"] },
  { question: "Boleh guna domain sendiri?", topics: ["domains"] },
  // Email
  { question: "お客様にメールを一斉送信できますか", topics: ["email"] },
  { question: "メルマガは送れますか？", topics: ["email"] },
  { question: "Can I send a newsletter to my customers?", topics: ["email"] },
  { question: "Jak wysłać newsletter do klientów?", topics: ["email"] },
  { question: "Pot trimite campanii prin email?", topics: ["email"] },
  { question: "Boleh hantar emel kepada pelanggan?", topics: ["email"] },
  { question: "Bisa kirim email promosi ke pelanggan?", topics: ["email"] },
  // Languages
  { question: "英語のサイトも作れますか？", topics: ["languages"] },
  { question: "何語に対応していますか", topics: ["languages"] },
  { question: "Which languages can my site be in?", topics: ["languages"] },
  { question: "Czy strona może być po angielsku?", topics: ["languages"] },
  { question: "Site-ul poate fi in limba engleza?", topics: ["languages"] },
  { question: "Bahasa apa saja yang didukung?", topics: ["languages"] },
  // Data export
  { question: "顧客データをエクスポートできますか？", topics: ["export"] },
  { question: "データをダウンロードしたい", topics: ["export"] },
  { question: "How can I export my contacts?", topics: ["export"] },
  { question: "Can I download all my data if I leave?", topics: ["export"] },
  { question: "Jak pobrać moje dane?", topics: ["export"] },
  { question: "Cum export contactele?", topics: ["export"] },
  { question: "Bagaimana cara ekspor data pelanggan?", topics: ["export"] },
  // CRM
  { question: "問い合わせしてきたお客様はどこで見られますか", topics: ["crm"] },
  { question: "Where do I see my leads?", topics: ["crm"] },
  // Analytics
  { question: "アクセス数は見られますか", topics: ["analytics"] },
  { question: "How many visitors does my site get?", topics: ["analytics"] },
  { question: "Czy są statystyki odwiedzin?", topics: ["analytics"] },
  // Account
  { question: "パスワードを忘れました", topics: ["account"] },
  { question: "I can't log in", topics: ["account"] },
  { question: "Jak zmienić hasło?", topics: ["account"] },
  { question: "Lupa kata sandi", topics: ["account"] },
  // Support
  { question: "人と話したい", topics: ["support"] },
  { question: "How fast do you reply?", topics: ["support"] },
  { question: "Cum contactez suportul?", topics: ["support"] },
  { question: "Bagaimana menghubungi layanan pelanggan?", topics: ["support"] },
];
