import type {
  TBusinessCategory,
  TFactItem,
  TLanguage,
  TOpeningHours,
  TPriceInput,
  TProfile,
  TSiteFacts,
} from "@shobai/shared";
import {
  detectLanguage,
  extractAddress,
  extractFounded,
  extractHours,
  extractPhone,
  extractPrices,
  normalizeText,
  readDescription,
} from "@shobai/sitegen/facts";
import type { PageBlock, PageFacts } from "./page-facts";

/**
 * The owner's old site read as a person reads it (decision 0030): the name from where a site states
 * it (structured data, og:site_name, the logo, the copyright line, a 名称 row), never the title's
 * search keywords; items and prices from the page structure (tables, lists, headings with the text
 * under them), labelled facts (営業時間, 定休日, 所在地, TEL) from labelled rows, and nothing from
 * the site's navigation or footer except its name and contact lines.
 */

export type ReadPage = PageFacts & { url: string };

export type SiteReading = {
  facts: TSiteFacts;
  industry: TBusinessCategory;
  candidates: TBusinessCategory[];
  /** The site retold as a description, stored with the site (regeneration reads the stored facts). */
  description: string;
};

type CountryCode = Parameters<typeof extractPhone>[1][number];

const LANGUAGE_COUNTRY: Record<TLanguage, CountryCode> = {
  ja: "JP",
  en: "JP",
  pl: "PL",
  ro: "RO",
  ms: "MY",
  id: "ID",
};

/** Row and term labels, by the fact they name. Whole-label matches only (after trimming ：). */
const LABELS = {
  name: /^(?:事務所名|名称|商号|会社名|店名|屋号|店舗名|医院名|院名|法人名|サロン名|教室名|business name|company name|company|name|nama usaha|nama perusahaan|nama)$/i,
  representative:
    /^(?:代表|代表者|代表者名|代表税理士|代表取締役|所長|院長|店主|オーナー|representative|owner|director|founder|pemilik|pendiri)$/i,
  qualifications: /^(?:資格|保有資格|所属|所属団体|qualifications?|certifications?|sertifikasi)$/i,
  address: /^(?:所在地|住所|事務所所在地|店舗住所|address|location|alamat|lokasi)$/i,
  phone: /^(?:tel|電話|電話番号|お電話|phone|telephone|telp|telepon|no\.? telp|hp|whatsapp|wa|連絡先)\.?$/i,
  email: /^(?:e-?mail|メール|メールアドレス|email address)$/i,
  hours:
    /^(?:営業時間|受付時間|診療時間|営業日|営業日時|開館時間|hours|opening hours|business hours|office hours|jam buka|jam operasional|jam kerja|waktu operasional|buka)$/i,
  closed: /^(?:定休日|休業日|休診日|休日|休館日|closed|holidays|closed on|libur|hari libur|tutup)$/i,
  access: /^(?:アクセス|最寄り駅|最寄駅|交通|交通アクセス|access|directions|akses)$/i,
  founded: /^(?:設立|創業|開業|開設|founded|established|since|berdiri|didirikan)$/i,
};
type LabelKey = keyof typeof LABELS;

/** Headings over a site's services, menu or prices. */
const OFFER_HEADING =
  /業務|サービス|メニュー|料金|価格|費用|報酬|取扱|取り扱い|商品|コース|プラン|施術|診療科目|診療内容|お品書き|品書|menu|service|price|pricing|rates|what we do|treatments|courses|products|our work|layanan|harga|paket|produk|daftar menu|menu kami/i;
/** Cells and items that name a column or a total, not an item. */
const NOT_ITEM =
  /^(?:項目|内容|サービス|サービス名|業務|業務内容|料金|価格|金額|費用|報酬|報酬額|備考|合計|小計|消費税|税込|税抜|税別|メニュー|品名|商品名|コース|menu|item|items|service|services|price|prices|fee|fees|total|note|notes|harga|layanan|paket|keterangan|jumlah|home|top|トップ|ホーム|お問い合わせ|contact|access|アクセス|会社概要|事務所概要|プロフィール|profile|about|about us|tentang kami|kontak|hubungi kami|blog|news|お知らせ|ブログ)$/i;
/** Remarks customers need, kept as the owner wrote them. */
const NOTE =
  /初回(?:の)?(?:ご)?相談(?:は)?無料|無料相談(?:実施中|受付中)?|相談無料|完全予約制|予約制|駐車場(?:あり|有り|完備)|出張(?:対応|可)|土日祝?(?:も)?(?:対応|相談可|営業)|free (?:initial |first )?consultation|free parking|by appointment only|by appointment|free delivery|konsultasi gratis|gratis konsultasi|gratis ongkir|free ongkir|halal|melayani pesanan|pesan antar/i;
/** Words that make a candidate name a business's name (not a description of one). */
const ENTITY =
  /事務所|株式会社|有限会社|合同会社|（株）|\(株\)|店|院|堂|屋|舎|庵|亭|館|サロン|スタジオ|カフェ|工房|教室|クリニック|医院|歯科|法人|商店|ベーカリー|食堂|\b(?:co\.?|ltd\.?|inc\.?|llc|k\.k\.|pt|cv|sdn\.? bhd\.?|catering|studio|salon|clinic|cafe|café|bakery|dental|office|kitchen|restaurant|shop|store|house|warung|dapur|rumah makan|katering)\b/i;
/** The title of a page of the site: its name is around it (「山田税理士事務所のご案内」). */
const PAGE_WORDS =
  /(?:へのアクセス|のアクセス|アクセス|のご案内|ご案内|について|のご紹介|紹介|概要|のプロフィール|プロフィール|公式(?:ホームページ|サイト|ウェブサイト)|ホームページ|オフィシャルサイト|official (?:web)?site|website|home|へようこそ|welcome to)/gi;
const COPYRIGHT = /©|\(c\)|copyright|all rights reserved|無断転載/i;

const fold = (s: string) =>
  s
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s・･.,、。'’"]/g, "");

function clean(text: string): string {
  return normalizeText(text).replace(/\s+/g, " ").trim();
}

/** A name-like string: short, one line, no sentence. */
function isSentence(text: string): boolean {
  return (
    /[。！？!?]/.test(text) ||
    /\.\s+\p{Lu}/u.test(text) ||
    /[はがをにでも]、/.test(text) ||
    (/\.$/.test(text) && text.split(/\s+/).length >= 4)
  );
}

/** Whether a short text can be an item's name (not a fragment of a sentence, not a label). */
function itemName(raw: string): string | undefined {
  const name = clean(raw)
    .replace(/^[■□●○◆◇▼▽★☆・※\-–*•>»\d.)\s]+(?=\D)/u, "")
    .replace(/[:：\s–-]+$/u, "")
    .trim();
  if (name.length < 2 || name.length > 40) return undefined;
  if (isSentence(name) || NOT_ITEM.test(name)) return undefined;
  // A fragment: ends on a particle or opens with one (「一件一件」 is caught by the repeat).
  if (/[のはがをにでとも、]$|^[のはがをにでと]/u.test(name)) return undefined;
  if (/^(.{2,})\1$/u.test(name)) return undefined;
  if (/^[\d\s,.:;–-]+$/.test(name)) return undefined;
  if (/(?:円|¥|rp\.?|rm)\s?\d|\d\s?(?:円|yen)/i.test(name)) return undefined;
  if (/[@＠]|https?:|www\./i.test(name)) return undefined;
  if (NOTE.test(name) && name.length <= 20) return undefined;
  return name;
}

/** A labelled fact in a text block: 「営業時間：9:00〜18:00」, "Tel. 06-…", "Alamat: Jl. …". */
function labelled(text: string): [string, string] | undefined {
  const m =
    /^([^:：]{1,16}?)\s*[:：]\s*(.+)$/u.exec(text) ??
    /^(TEL|FAX|E-?mail|営業時間|受付時間|定休日|休業日|所在地|住所|アクセス)\s+(.+)$/iu.exec(text);
  if (!m) return undefined;
  return [clean(m[1] ?? ""), clean(m[2] ?? "")];
}

type Pair = { label: string; value: string; page: number };

/** Every labelled value on the site, from two-cell rows, <dl> pairs and "label: value" lines. */
function pairsOf(pages: ReadPage[]): Pair[] {
  const pairs: Pair[] = [];
  pages.forEach((page, index) => {
    const blocks = page.blocks;
    for (let i = 0; i < blocks.length; i++) {
      const block = blocks[i] as PageBlock;
      if (block.kind === "row" && block.cells && block.cells.length >= 2) {
        const [label = "", ...rest] = block.cells;
        if (label && label.length <= 16)
          pairs.push({ label: clean(label), value: clean(rest.join(" ")), page: index });
      } else if (block.kind === "term") {
        const next = blocks[i + 1];
        if (next?.kind === "definition")
          pairs.push({ label: clean(block.text), value: clean(next.text), page: index });
      } else if (block.kind === "text" || block.kind === "item" || block.kind === "definition") {
        const pair = labelled(clean(block.text));
        if (pair) pairs.push({ label: pair[0], value: pair[1], page: index });
      }
    }
  });
  return pairs;
}

function valuesFor(pairs: Pair[], key: LabelKey): string[] {
  return pairs
    .filter((p) => LABELS[key].test(p.label.replace(/[【】[\]■●◆・\s]/g, "")))
    .map((p) => p.value)
    .filter(Boolean);
}

// ---- name ----

type Candidate = { text: string; weight: number };

function jsonLdEntities(pages: ReadPage[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const visit = (node: unknown, depth: number) => {
    if (depth > 6 || node === null || typeof node !== "object" || out.length > 20) return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item, depth + 1);
      return;
    }
    const record = node as Record<string, unknown>;
    if (record["@type"]) out.push(record);
    if (record["@graph"]) visit(record["@graph"], depth + 1);
  };
  for (const page of pages)
    for (const script of page.jsonLd) {
      try {
        visit(JSON.parse(script.trim()), 0);
      } catch {}
    }
  return out;
}

const BUSINESS_TYPES =
  /^(?:Organization|Corporation|LocalBusiness|ProfessionalService|AccountingService|LegalService|Attorney|Dentist|Physician|MedicalClinic|MedicalBusiness|HairSalon|BeautySalon|DaySpa|HealthAndBeautyBusiness|Restaurant|FoodEstablishment|CafeOrCoffeeShop|Bakery|BarOrPub|FastFoodRestaurant|Store|ClothingStore|Florist|HomeAndConstructionBusiness|RealEstateAgent|EducationalOrganization|School|SportsActivityLocation|ExerciseGym|LodgingBusiness|Hotel|AutoRepair|FinancialService|InsuranceAgency|TravelAgency|Caterer|FoodService|\w+Store|\w+Business|\w+Service)$/;

/** A candidate trimmed of what surrounds a name: ©, years, "All rights reserved", page words. */
function nameOf(raw: string): string {
  let text = clean(raw)
    .replace(/copyright|all rights reserved\.?|無断転載(?:を)?禁(?:じます|止)?[。.]?/gi, " ")
    .replace(/©|\(c\)/gi, " ")
    .replace(/\b(?:19|20)\d{2}(?:\s*[-–]\s*(?:19|20)?\d{2,4})?\b/g, " ")
    .replace(PAGE_WORDS, " ")
    .replace(/\s+/g, " ")
    .replace(/^[\s,.|｜:：\-–]+|[\s,.|｜:：\-–]+$/g, "")
    .trim();
  // "山田税理士事務所 大阪市北区…" after a copyright: the name is the first part.
  if (text.length > 40) text = text.split(/\s[|｜/]\s|\s{2,}/)[0] ?? text;
  return text;
}

/** A string of search keywords rather than a name: 「大阪市北区梅田の税理士」, "Best Tax Accountant in Osaka". */
function looksLikeKeywords(text: string): boolean {
  if (/[|｜]/.test(text) || text.length > 40) return true;
  if (ENTITY.test(text)) return false;
  if (/^.{2,}の[^の]{2,10}$/u.test(text)) return true;
  if (/\b(?:best|top|cheap|affordable|in|near|terbaik|murah)\b/i.test(text)) return true;
  return /[、,・]/.test(text);
}

function nameCandidates(pages: ReadPage[], pairs: Pair[]): Candidate[] {
  const out: Candidate[] = [];
  const add = (raw: string | undefined, weight: number) => {
    if (!raw) return;
    const text = nameOf(raw);
    if (text.length < 2 || text.length > 60 || isSentence(text)) return;
    out.push({
      text,
      weight: looksLikeKeywords(text) ? weight / 4 : ENTITY.test(text) ? weight * 1.5 : weight,
    });
  };
  for (const entity of jsonLdEntities(pages)) {
    const types = (Array.isArray(entity["@type"]) ? entity["@type"] : [entity["@type"]]).map(String);
    if (types.some((t) => BUSINESS_TYPES.test(t)) && typeof entity.name === "string") add(entity.name, 5);
  }
  for (const value of valuesFor(pairs, "name")) add(value, 5);
  for (const page of pages) if (page.ogSiteName) add(page.ogSiteName, 4);
  for (const page of pages) for (const alt of page.logoAlts) add(alt, 3);
  for (const page of pages)
    for (const block of page.blocks)
      if (block.area !== "main" || block.kind === "text")
        if (COPYRIGHT.test(block.text) && block.text.length < 160) add(block.text, 3);
  // The heading of the profile or access page, and any heading naming an entity.
  pages.forEach((page) => {
    const about =
      /profile|about|access|company|office|gaiyou|概要|アクセス|プロフィール|tentang|kontak/i.test(page.url);
    for (const block of page.blocks.filter((b) => b.kind === "heading" && (b.level ?? 6) <= 2).slice(0, 3)) {
      const text = nameOf(block.text);
      if (ENTITY.test(text)) add(text, about ? 2 : 1);
    }
  });
  // The title only where it is a name: a title of one part that is no keyword string (「さくら珈琲」),
  // or the part of a longer title that names an entity (「山田税理士事務所 | 大阪」), never its keywords.
  for (const page of pages.slice(0, 1)) {
    const titleParts = page.title.split(/\s*[|｜\-–—:：]\s*/).filter(Boolean);
    if (titleParts.length === 1) add(titleParts[0], 1);
    else for (const part of titleParts) if (ENTITY.test(part)) add(part, 1);
  }
  return out;
}

function chooseName(candidates: Candidate[]): string | null {
  const scores = new Map<string, { text: string; score: number; first: number }>();
  candidates.forEach((c, i) => {
    const key = fold(c.text);
    const entry = scores.get(key) ?? { text: c.text, score: 0, first: i };
    entry.score += c.weight;
    scores.set(key, entry);
  });
  // A candidate contained in a longer one also backs it (「山田税理士事務所」 in 「税理士法人 山田税理士事務所」 is not).
  const best = [...scores.values()].sort((a, b) => b.score - a.score || a.first - b.first)[0];
  return best && best.score >= 1 ? best.text.slice(0, 120) : null;
}

// ---- items ----

/** The heading each block stands under (its page's last heading before it). */
function withSections(page: ReadPage): { block: PageBlock; section: string; index: number }[] {
  let section = "";
  const out: { block: PageBlock; section: string; index: number }[] = [];
  page.blocks.forEach((block, index) => {
    if (block.kind === "heading") section = block.text;
    out.push({ block, section, index });
  });
  return out;
}

type ItemFound = TFactItem;

const TAX_EXCLUDED = /税抜|税別|\+\s?税|tax excl|excl\.? tax|before tax|belum termasuk pajak|\+\s?pajak/i;
const TAX_INCLUDED = /税込|tax incl|incl\.? tax|termasuk pajak/i;

/** The first price in a text, with the tax mark of its own words or, failing that, the table's. */
function priceIn(text: string, context: string): TPriceInput | undefined {
  const normal = normalizeText(text);
  const found = extractPrices(normal)[0];
  if (!found) return undefined;
  const own = /税込|税抜|税別|tax/i.test(normal);
  const price = { ...found.price };
  if (!own && TAX_EXCLUDED.test(context) && !TAX_INCLUDED.test(context)) price.taxIncluded = false;
  if (!own && /税抜|税別/.test(normal)) price.taxIncluded = false;
  if (/[〜~～]|から|より|from|mulai|dari/i.test(normal)) price.from = true;
  return price;
}

function itemsOf(pages: ReadPage[]): { items: ItemFound[]; notes: string[] } {
  const items: ItemFound[] = [];
  const notes: string[] = [];
  const add = (name: string | undefined, price?: TPriceInput, description?: string) => {
    if (!name) return;
    // 「初回相談 無料」 is a remark (kept as a note), not a service for 0 yen.
    if (price?.amount === 0 && NOTE.test(`${name}無料`)) return;
    const key = fold(name);
    const existing = items.find((i) => fold(i.name) === key);
    if (existing) {
      if (!existing.price && price) existing.price = price as TFactItem["price"];
      return;
    }
    const desc = description ? clean(description).slice(0, 300) : "";
    items.push({
      name,
      ...(desc && !isFragmentOf(desc, name) ? { description: desc } : {}),
      ...(price ? { price: price as TFactItem["price"] } : {}),
    });
  };
  const note = (text: string) => {
    const m = NOTE.exec(normalizeText(text));
    if (!m) return;
    const whole = clean(text);
    const value = whole.length <= 30 && !isSentence(whole) ? whole.replace(/^[■□●○◆◇★☆※・\s]+/u, "") : m[0];
    if (!notes.some((n) => fold(n) === fold(value)) && notes.length < 8) notes.push(value);
  };

  for (const page of pages) {
    const blocks = withSections(page);
    let tableContext = "";
    for (let i = 0; i < blocks.length; i++) {
      const { block, section } = blocks[i] as (typeof blocks)[number];
      if (block.area !== "main") continue;
      note(block.text);
      const offerSection = OFFER_HEADING.test(section) || OFFER_HEADING.test(page.url);
      if (block.kind === "heading") {
        tableContext = block.text;
        // A heading under a services heading, with the text under it: an item and its description.
        const level = block.level ?? 6;
        if (level >= 3 && level <= 5) {
          const parent = blocks
            .slice(0, i)
            .reverse()
            .find((b) => b.block.kind === "heading" && (b.block.level ?? 6) < level);
          if (parent && OFFER_HEADING.test(parent.block.text)) {
            const following = blocks.slice(i + 1, i + 4).filter((b) => b.block.kind !== "heading");
            const upto = blocks.slice(i + 1).findIndex((b) => b.block.kind === "heading");
            const under = (upto < 0 ? blocks.slice(i + 1) : blocks.slice(i + 1, i + 1 + upto)).map(
              (b) => b.block.text,
            );
            const price = under.map((t) => priceIn(t, `${block.text} ${section}`)).find(Boolean);
            const desc = following.find(
              (b) => b.block.kind === "text" && !extractPrices(normalizeText(b.block.text)).length,
            );
            add(itemName(block.text), price, desc?.block.text);
          }
        }
        continue;
      }
      if (block.kind === "row" && block.cells) {
        const cells = block.cells.map(clean);
        const priceAt = cells.findIndex((c, at) => at > 0 && extractPrices(normalizeText(c)).length > 0);
        if (priceAt < 0) {
          // A header row tells the table's tax: 「料金（税抜）」.
          if (/税抜|税別|税込|tax/i.test(cells.join(" ")))
            tableContext = `${tableContext} ${cells.join(" ")}`;
          if (offerSection && cells.length >= 2 && !labelKey(cells[0] ?? "") && !NOTE.test(cells.join(""))) {
            add(itemName(cells[0] ?? ""), undefined, cells.slice(1).join(" "));
          }
          continue;
        }
        const price = priceIn(cells[priceAt] ?? "", `${tableContext} ${section}`);
        const name = itemName(cells[0] ?? "");
        if (name && !labelKey(name)) {
          const middle = cells.slice(1, priceAt).join(" ");
          add(name, price, middle);
        }
        continue;
      }
      if (block.kind === "term") {
        const next = blocks[i + 1]?.block;
        if (next?.kind === "definition" && (offerSection || extractPrices(normalizeText(next.text)).length)) {
          if (!labelKey(block.text)) add(itemName(block.text), priceIn(next.text, section), next.text);
        }
        continue;
      }
      if (block.kind === "item" || block.kind === "text") {
        const text = normalizeText(block.text);
        const prices = extractPrices(text);
        if (prices.length === 1 && prices[0]) {
          const found = prices[0];
          let label = found.label || text.slice(0, found.labelAt).trim();
          // Builders put the name and the price in sibling boxes: 「クロワッサン」 then 「¥280」.
          const previous = blocks[i - 1]?.block;
          if (
            !label &&
            previous &&
            previous.area === "main" &&
            (previous.kind === "text" || previous.kind === "item") &&
            previous.text.length <= 30 &&
            !isSentence(previous.text) &&
            extractPrices(normalizeText(previous.text)).length === 0
          )
            label = previous.text;
          if (!labelled(text) || OFFER_HEADING.test(section))
            add(itemName(label.replace(/[…．.]{2,}$/u, "")), priceIn(text, `${tableContext} ${section}`));
          continue;
        }
        if (block.kind === "item" && offerSection && !isSentence(block.text)) {
          // 「相続税申告 — 相続税の申告書作成」: the name, then what it is.
          const [head = "", ...tail] = clean(block.text).split(/\s*[：:]\s*|\s+[—–-]\s+|\s*／\s*/);
          add(itemName(head), undefined, tail.join(" "));
        }
      }
    }
  }
  return { items: items.slice(0, 20), notes };
}

function isFragmentOf(description: string, name: string): boolean {
  return fold(description) === fold(name);
}

function labelKey(label: string): LabelKey | undefined {
  const text = clean(label).replace(/[【】[\]■●◆・\s:：]/g, "");
  return (Object.keys(LABELS) as LabelKey[]).find((key) => LABELS[key].test(text));
}

// ---- contact, hours, profile ----

const SOCIAL_HOSTS =
  /^(?:www\.)?(?:instagram\.com|facebook\.com|x\.com|twitter\.com|youtube\.com|tiktok\.com|linkedin\.com|tabelog\.com|beauty\.hotpepper\.jp|hotpepper\.jp|maps\.app\.goo\.gl|note\.com|ameblo\.jp|threads\.net)$/i;

/** WhatsApp and LINE links, and the owner's pages on other sites (schema.org sameAs). */
function linksOf(pages: ReadPage[]): { whatsapp: string | null; lineId: string | null; sameAs: string[] } {
  let whatsapp: string | null = null;
  let lineId: string | null = null;
  const sameAs = new Set<string>();
  for (const page of pages)
    for (const link of page.links) {
      let url: URL;
      try {
        url = new URL(link.href);
      } catch {
        continue;
      }
      const host = url.hostname.toLowerCase();
      if (!whatsapp && (host === "wa.me" || host === "api.whatsapp.com")) {
        const digits = (
          host === "wa.me" ? url.pathname.slice(1) : (url.searchParams.get("phone") ?? "")
        ).replace(/\D/g, "");
        if (digits.length >= 8 && digits.length <= 15) whatsapp = `+${digits}`;
      } else if (!lineId && host === "line.me") {
        const id = /\/(?:R\/)?ti\/p\/(~?@?[\w.-]{3,20})/.exec(url.pathname)?.[1];
        if (id) lineId = decodeURIComponent(id).replace(/^~/, "");
      } else if (SOCIAL_HOSTS.test(host) && url.pathname.length > 1 && sameAs.size < 8) {
        if (!/\/(?:sharer|share|intent|dialog|plugins)/i.test(url.pathname)) sameAs.add(url.toString());
      }
    }
  return { whatsapp, lineId, sameAs: [...sameAs] };
}

function phoneOf(pages: ReadPage[], pairs: Pair[], countries: CountryCode[]): string | null {
  for (const page of pages)
    for (const link of page.links)
      if (link.href.startsWith("tel:")) {
        const shown = extractPhone(normalizeText(link.text), countries);
        if (shown) return shown.text;
        const dialled = extractPhone(decodeURIComponent(link.href.slice(4)), countries);
        if (dialled) return dialled.text;
      }
  for (const value of valuesFor(pairs, "phone")) {
    const found = extractPhone(normalizeText(value).replace(/FAX.*$/i, ""), countries);
    if (found) return found.text;
  }
  for (const page of pages)
    for (const block of page.blocks) {
      if (block.area === "nav") continue;
      // FAX numbers are not the phone: drop what follows the word.
      const text = normalizeText(block.text).replace(
        /(?:FAX|ファックス|ファクス)[\s.:：]*[\d\s()+–-]{8,}/gi,
        " ",
      );
      const found = extractPhone(text, countries);
      if (found) return found.text;
    }
  return null;
}

function emailOf(pages: ReadPage[], pairs: Pair[]): string | null {
  for (const page of pages)
    for (const link of page.links)
      if (link.href.startsWith("mailto:")) {
        const address = decodeURIComponent(link.href.slice(7).split("?")[0] ?? "");
        if (/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(address)) return address;
      }
  for (const value of [...valuesFor(pairs, "email"), ...pages.flatMap((p) => p.emails)]) {
    const m = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/.exec(value);
    if (m) return m[0];
  }
  return null;
}

function addressOf(pages: ReadPage[], pairs: Pair[]): string | null {
  for (const value of valuesFor(pairs, "address")) {
    const text = normalizeText(value);
    const found = extractAddress(text) ?? (text.length <= 200 && /\d/.test(text) ? text : undefined);
    if (found) return found.slice(0, 300);
  }
  for (const page of pages) if (page.address) return page.address.slice(0, 300);
  return null;
}

const HOURS_WORDS =
  /営業時間|受付時間|診療時間|定休日|休業日|休診日|\d{1,2}[:：時]\d{0,2}\s*[〜~～\-–]|open|hours|buka|pukul|jam|closed|libur|tutup/i;

function hoursOf(pages: ReadPage[], pairs: Pair[], japanese: boolean): TOpeningHours | null {
  const hours = valuesFor(pairs, "hours");
  const closed = valuesFor(pairs, "closed");
  if (hours.length > 0) {
    const text = japanese
      ? `営業時間 ${hours[0]}\n${closed[0] ? `定休日 ${closed[0]}` : ""}`
      : `Hours: ${hours[0]}.\n${closed[0] ? `Closed: ${closed[0]}` : ""}`;
    const found = extractHours(normalizeText(text)).hours;
    if (found && found.periods.length > 0) return found;
  }
  for (const page of pages)
    for (const block of page.blocks) {
      if (block.area === "nav" || !HOURS_WORDS.test(block.text)) continue;
      const found = extractHours(normalizeText(block.text)).hours;
      if (found && found.periods.length > 0) {
        if (closed[0] && found.closedDays.length === 0) {
          const more = extractHours(
            normalizeText(`${block.text}\n${japanese ? "定休日" : "Closed:"} ${closed[0]}`),
          ).hours;
          if (more) return more;
        }
        return found;
      }
    }
  return null;
}

const QUALIFICATION =
  /税理士|公認会計士|行政書士|司法書士|社会保険労務士|弁護士|中小企業診断士|ファイナンシャルプランナー|宅地建物取引士|歯科医師|医師|薬剤師|看護師|美容師|理容師|柔道整復師|鍼灸師|あん摩マッサージ指圧師|管理栄養士|調理師|保育士|一級建築士|二級建築士|CPA|certified public accountant|chartered accountant|licensed \w+|registered \w+/gi;

function profileOf(pairs: Pair[]): TProfile | null {
  const representative = valuesFor(pairs, "representative")[0];
  const qualificationText = valuesFor(pairs, "qualifications").join(" ");
  const qualifications = [
    ...new Set([
      ...(qualificationText.match(QUALIFICATION) ?? []),
      ...(representative?.match(QUALIFICATION) ?? []),
    ]),
  ].slice(0, 6);
  // 「税理士 山田 太郎」: the person's name without the title before it.
  const person = representative
    ? clean(representative.replace(QUALIFICATION, " ").replace(/^(?:代表|所長|院長)\s*/u, "")).slice(0, 80)
    : "";
  if (!person && qualifications.length === 0) return null;
  return { representative: person || null, qualifications };
}

/** The site retold as one description: what the trade and place readers take. */
function describe(pages: ReadPage[], name: string | null): string {
  const parts: string[] = [];
  if (name) parts.push(name);
  for (const page of pages.slice(0, 6)) {
    if (page.description) parts.push(page.description);
    for (const block of page.blocks)
      if (block.area === "main" && (block.kind === "heading" || block.kind === "text"))
        parts.push(block.text);
  }
  return clean(parts.join("\n")).slice(0, 3900);
}

/** Everything the crawled pages state about the business; what they do not state stays empty. */
export function readSite(pages: ReadPage[]): SiteReading {
  const first = pages[0];
  const allText = pages.flatMap((p) => p.blocks.map((b) => b.text)).join("\n");
  const language: TLanguage = first?.language ?? detectLanguage(allText, "ja");
  const sourceLanguage = language === "ja" ? "ja" : detectLanguage(allText, language);
  const japanese = sourceLanguage === "ja";
  const pairs = pairsOf(pages);
  const name = chooseName(nameCandidates(pages, pairs));
  const description = describe(pages, name);
  const reading = readDescription(description, sourceLanguage);
  const countries: CountryCode[] = [
    ...new Set<CountryCode>([LANGUAGE_COUNTRY[sourceLanguage], "JP", "ID", "MY", "SG"]),
  ];
  const { items, notes } = itemsOf(pages);
  const foundedText = valuesFor(pairs, "founded")[0];
  const access = valuesFor(pairs, "access")[0];
  const links = linksOf(pages);
  const facts: TSiteFacts = {
    ...reading.facts,
    sourceLanguage,
    name,
    phone: phoneOf(pages, pairs, countries) ?? reading.facts.phone,
    email: emailOf(pages, pairs) ?? reading.facts.email,
    address: addressOf(pages, pairs) ?? reading.facts.address,
    access: access ? access.slice(0, 120) : reading.facts.access,
    foundedYear:
      (foundedText ? extractFounded(normalizeText(`設立 ${foundedText}`))?.year : undefined) ??
      reading.facts.foundedYear,
    items,
    hours: hoursOf(pages, pairs, japanese) ?? reading.facts.hours,
    notes,
    profile: profileOf(pairs),
    ...links,
    whatsapp: links.whatsapp ?? reading.facts.whatsapp,
    lineId: links.lineId ?? reading.facts.lineId,
  };
  return { facts, industry: reading.industry, candidates: reading.candidates, description };
}
