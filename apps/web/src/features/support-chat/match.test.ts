import { describe, expect, it } from "vitest";
import { CHAT_TOPICS, type ChatKeywords, type ChatTopic, createMatcher, normalizeQuestion } from "./match";
import { QUESTION_CORPUS } from "./question-corpus";

type ChatTexts = { keywords: ChatKeywords; quick: Record<string, string>; topics: Record<string, string> };
const locales = import.meta.glob<ChatTexts>("../../locales/*/chat.json", { eager: true, import: "default" });
const matcher = createMatcher(Object.values(locales).map((texts) => texts.keywords));

describe("normalizeQuestion", () => {
  it("drops case, Latin accents and full-width forms, but keeps Japanese marks", () => {
    expect(normalizeQuestion("  Ile KOSZTUJE  płatność? ")).toBe("ile kosztuje platnosc?");
    expect(normalizeQuestion("Cât costă?")).toBe("cat costa?");
    expect(normalizeQuestion("ＡＩでプランを")).toBe("aiでプランを");
  });
});

describe("the chat texts", () => {
  it("give every topic an answer and keywords in all six languages", () => {
    expect(Object.keys(locales)).toHaveLength(6);
    for (const [path, texts] of Object.entries(locales))
      for (const topic of CHAT_TOPICS) {
        expect({ path, topic, answer: Boolean(texts.topics[topic]) }).toEqual({ path, topic, answer: true });
        expect({ path, topic, keywords: (texts.keywords[topic]?.length ?? 0) > 0 }).toEqual({
          path,
          topic,
          keywords: true,
        });
      }
  });
});

describe("the question corpus", () => {
  it("is answered right at least 90% of the time", () => {
    expect(QUESTION_CORPUS.length).toBeGreaterThanOrEqual(60);
    const wrong: string[] = [];
    for (const { question, topics } of QUESTION_CORPUS) {
      const found = matcher.match(question);
      // Right when the first answer is the expected one and every expected topic is answered.
      const right = found[0] === topics[0] && topics.every((topic) => found.includes(topic));
      if (!right)
        wrong.push(`${question} → ${found.join("+") || "(no answer)"}, expected ${topics.join("+")}`);
    }
    const score = (QUESTION_CORPUS.length - wrong.length) / QUESTION_CORPUS.length;
    console.info(
      `support chat: ${QUESTION_CORPUS.length - wrong.length}/${QUESTION_CORPUS.length} questions answered right (${(score * 100).toFixed(1)}%)${wrong.length ? `\n  wrong:\n  ${wrong.join("\n  ")}` : ""}`,
    );
    expect(score).toBeGreaterThanOrEqual(0.9);
  });

  it("answers the price and the card for a question that asks both", () => {
    expect(matcher.match("料金はいくらですか？クレジットカードは必要ですか？")).toEqual([
      "pricing",
      "payment",
    ]);
  });

  it("answers a photo question with the photo answer", () => {
    expect(matcher.match("写真を変えたい")).toEqual(["photos"]);
  });
});

describe("matching", () => {
  it.each([
    "asdfghjkl",
    "qwerty zxcv",
    "🙂",
    "",
    "   ",
    "今日はいい天気ですね",
    "xyz 123",
    "Who won the football?",
  ])("answers nothing to %j", (question) => {
    expect(matcher.match(question)).toEqual([]);
  });

  it("matches whole words, not parts of other words", () => {
    // "cost" is a pricing keyword; "costume" is not about pricing.
    expect(matcher.match("costume")).toEqual([]);
    expect(matcher.match("contactless")).toEqual([]);
  });

  it("forgives a typo and an inflection", () => {
    expect(matcher.match("how do I cancle?")).toEqual(["cancel"]);
    expect(matcher.match("Chcę zmienić zdjęcia na stronie")).toEqual(["photos"]);
  });

  it("understands the quick questions in every language", () => {
    for (const [path, { quick }] of Object.entries(locales))
      for (const [topic, question] of Object.entries(quick))
        expect({ path, question, topic: matcher.match(question)[0] }).toEqual({
          path,
          question,
          topic: topic as ChatTopic,
        });
  });
});
