/**
 * The support bot's understanding: which of its topics a question is about. Pure and synchronous,
 * so it is tested on its own; the keywords and the answers are text in `locales/<lang>/chat.json`
 * (`keywords.<topic>` and `topics.<topic>`), so each language's words are kept by its translators.
 *
 * Every question is matched against the keywords of all six languages at once: a visitor reading
 * the Japanese interface may still type in English, and the other way round. Decision 0048 says
 * why this is a scored keyword matcher rather than a model or a search library.
 */

export const CHAT_TOPICS = [
  "pricing",
  "trial",
  "payment",
  "cancel",
  "planChange",
  "websites",
  "photos",
  "editing",
  "languages",
  "crm",
  "export",
  "email",
  "domains",
  "analytics",
  "account",
  "support",
] as const;
export type ChatTopic = (typeof CHAT_TOPICS)[number];

/**
 * One language's keywords per topic, as in `chat.json`'s `keywords`: one text per topic, the
 * keywords separated by `|`, so every language has the same keys however many words it needs.
 */
export type ChatKeywords = Partial<Record<string, string>>;

/**
 * Keyword syntax: Latin-script words match whole words (case and diacritics ignored), also in a
 * close inflection ("zdjęcie" finds "zdjęcia") or with one typo ("pricng"); one ending in `*`
 * matches any word starting with it; several words match as a phrase. Japanese keywords match
 * anywhere in the text, as Japanese is written without spaces. A keyword ending in `!` is an
 * intent word (cancel, refund, 解約) and counts more than the nouns it comes with (plan, price).
 */
const INTENT_BOOST = 2.5;
/** The least score a topic needs: one clear keyword; a stray two-letter word is not enough. */
const MIN_SCORE = 3;
/** Answers given for one message at most (one per sentence that asks something). */
const MAX_TOPICS = 2;

const LATIN_ONLY = /^[\p{Script=Latin}\p{N}\s'*-]+$/u;
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

const wordSegmenter = new Intl.Segmenter("ja", { granularity: "word" });
const sentenceSegmenter = new Intl.Segmenter("ja", { granularity: "sentence" });

/** The words of a normalized text (ICU's word breaks, which also split Japanese into words). */
function words(text: string): string[] {
  const list: string[] = [];
  for (const part of wordSegmenter.segment(text)) if (part.isWordLike) list.push(part.segment);
  return list;
}

/** The sentences of a text: 「料金は？カードは必要？」 asks two things. */
export function sentences(text: string): string[] {
  return [...sentenceSegmenter.segment(text)].map((part) => part.segment.trim()).filter(Boolean);
}

/** Optimal string alignment distance, stopping early once it passes `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (rows[i - 1]?.[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (rows[i - 1]?.[j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    rows.push(row);
  }
  return rows[a.length]?.[b.length] ?? limit + 1;
}

function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/** How much a word found in the question is worth for `keyword`: 1 exact, less when close, 0 not. */
function wordSimilarity(keyword: string, word: string): number {
  if (word === keyword) return 1;
  if (keyword.length < 5 || word.length < 4) return 0;
  // An inflection: the same stem with a different short ending (zdjecie/zdjecia, anuluje/anulowac).
  const prefix = commonPrefix(keyword, word);
  if (prefix >= Math.max(5, keyword.length - 2) && word.length - prefix <= 3) return 0.8;
  // A typo: one letter wrong, missing, extra or swapped.
  if (word.length >= 5 && editDistance(keyword, word, 1) <= 1) return 0.7;
  return 0;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A Japanese character carries about as much meaning as two Latin letters; long ones count less than their length. */
function lengthWeight(keyword: string): number {
  let weight = 0;
  for (const char of keyword) if (char !== " ") weight += CJK.test(char) ? 2 : 1;
  return Math.min(weight, 8);
}

type Question = { text: string; words: readonly string[] };
/** A keyword that stands for one word, compared with each word of the question. */
type WordKeyword = { kind: "word"; key: string; weight: number; similarity: (word: string) => number };
/** A phrase or a Japanese keyword, found in the question's text. */
type TextKeyword = { kind: "text"; key: string; weight: number; found: (question: Question) => boolean };
type Keyword = WordKeyword | TextKeyword;

function compile(raw: string): Keyword | null {
  let source = raw.trim();
  const intent = source.endsWith("!");
  if (intent) source = source.slice(0, -1);
  const key = normalizeQuestion(source);
  if (!key) return null;
  const weight = lengthWeight(key.replace(/\*/g, "")) * (intent ? INTENT_BOOST : 1);
  if (!LATIN_ONLY.test(key)) {
    const plain = key.replace(/\*/g, "");
    return { kind: "text", key, weight, found: (question) => question.text.includes(plain) };
  }
  if (key.includes(" ") || key.includes("-") || key.includes("'")) {
    const pattern = new RegExp(
      `(?<!${LATIN_CHAR})${key
        .split(" ")
        .map((part) =>
          part.endsWith("*") ? `${escapeRegExp(part.slice(0, -1))}${LATIN_CHAR}*` : escapeRegExp(part),
        )
        .join(" ")}(?!${LATIN_CHAR})`,
      "u",
    );
    return { kind: "text", key, weight, found: (question) => pattern.test(question.text) };
  }
  if (key.endsWith("*")) {
    const stem = key.slice(0, -1);
    return {
      kind: "word",
      key,
      weight,
      similarity: (word) => {
        if (word.startsWith(stem)) return 1;
        // A typo inside the stem ("cancle" for cancel*).
        if (
          stem.length >= 5 &&
          word.length >= stem.length &&
          editDistance(stem, word.slice(0, stem.length + 1), 2) <= 1
        )
          return 0.7;
        return 0;
      },
    };
  }
  return { kind: "word", key, weight, similarity: (word) => wordSimilarity(key, word) };
}

export type ChatMatcher = {
  /** The topics a question asks about, one per sentence in order, at most two; empty when none. */
  match: (question: string) => ChatTopic[];
  /** Each topic's score for one question (for tests and tuning). */
  scores: (question: string) => Map<ChatTopic, number>;
};

/**
 * A matcher over the keywords of every language given. A keyword that several topics share
 * ("plan" is in pricing, cancelling and changing plans) says less about which one is meant, so its
 * weight is divided among them.
 */
export function createMatcher(keywordSets: readonly ChatKeywords[]): ChatMatcher {
  const byTopic = new Map<ChatTopic, Keyword[]>();
  const topicsOfKey = new Map<string, Set<ChatTopic>>();
  /** Words that are a keyword as they stand: such a word means itself, not a near miss of another. */
  const exactWords = new Set<string>();
  for (const topic of CHAT_TOPICS) {
    const seen = new Map<string, Keyword>();
    for (const set of keywordSets)
      for (const raw of (set[topic] ?? "").split("|")) {
        const keyword = compile(raw);
        if (!keyword) continue;
        if (keyword.kind === "word" && !keyword.key.endsWith("*")) exactWords.add(keyword.key);
        const known = seen.get(keyword.key);
        if (!known || known.weight < keyword.weight) seen.set(keyword.key, keyword);
        const topics = topicsOfKey.get(keyword.key) ?? new Set<ChatTopic>();
        topics.add(topic);
        topicsOfKey.set(keyword.key, topics);
      }
    byTopic.set(topic, [...seen.values()]);
  }
  const share = (keyword: Keyword) => keyword.weight / (topicsOfKey.get(keyword.key)?.size ?? 1);

  function scores(text: string): Map<ChatTopic, number> {
    const normal = normalizeQuestion(text);
    const question = { text: normal, words: words(normal) };
    const result = new Map<ChatTopic, number>();
    if (!normal) return result;
    for (const [topic, keywords] of byTopic) {
      let score = 0;
      // Each word of the question counts once for a topic, by the keyword it fits best.
      for (const word of question.words) {
        let best = 0;
        for (const keyword of keywords) {
          if (keyword.kind !== "word") continue;
          let similarity = keyword.similarity(word);
          if (similarity < 1 && exactWords.has(word)) similarity = 0;
          best = Math.max(best, similarity * share(keyword));
        }
        score += best;
      }
      for (const keyword of keywords)
        if (keyword.kind === "text" && keyword.found(question)) score += share(keyword);
      if (score > 0) result.set(topic, score);
    }
    return result;
  }

  function best(text: string): ChatTopic | null {
    let top: ChatTopic | null = null;
    let topScore = 0;
    // Ties go to the topic listed first in CHAT_TOPICS (Map keeps that order).
    for (const [topic, score] of scores(text))
      if (score > topScore) {
        top = topic;
        topScore = score;
      }
    return topScore >= MIN_SCORE ? top : null;
  }

  function match(question: string): ChatTopic[] {
    const found: ChatTopic[] = [];
    const parts = sentences(normalizeQuestion(question));
    if (parts.length > 1)
      for (const part of parts) {
        const topic = best(part);
        if (topic && !found.includes(topic)) found.push(topic);
      }
    // One sentence, or sentences that only say something together ("Hi. About the price?").
    if (found.length === 0) {
      const topic = best(question);
      if (topic) found.push(topic);
    }
    return found.slice(0, MAX_TOPICS);
  }

  return { match, scores };
}
