import type { ChatTopic } from "./match";

export type ChatLink = { href: string; label: string };

/**
 * What the bot says: the greeting, the answers to one or two topics, or that it does not know.
 * Kept as keys, not text, so it is always shown in the interface language, including the greeting
 * that opens the panel before its texts have arrived.
 */
export type BotReply =
  | { kind: "greeting" }
  | { kind: "answer"; topics: readonly ChatTopic[] }
  | { kind: "noMatch" };

/** One line of the conversation (spec §2: id, text, isBot, timestamp). */
export type ChatMessage = {
  id: string;
  /** What the visitor typed; the bot's lines have `reply` instead. */
  text: string;
  isBot: boolean;
  timestamp: Date;
  reply?: BotReply;
};

/** Where each answer can send the visitor next; the label is a key in `chat.json`. */
export const TOPIC_LINKS: Partial<Record<ChatTopic, ReadonlyArray<{ href: string; labelKey: string }>>> = {
  pricing: [{ href: "/pricing", labelKey: "links.pricing" }],
  trial: [{ href: "/auth?mode=register", labelKey: "links.trial" }],
  // Own photos are not uploaded yet: the answer asks the owner to tell us.
  photos: [{ href: "/contact", labelKey: "links.contact" }],
  support: [
    { href: "/contact", labelKey: "links.contact" },
    { href: "/faq", labelKey: "links.faq" },
  ],
};

/** Spec §8: nothing matched, so the bot says it does not know and points to the contact form and the FAQ. */
export const NO_MATCH_LINKS = [
  { href: "/contact", labelKey: "links.contact" },
  { href: "/faq", labelKey: "links.faq" },
] as const;

/** The four quick questions, each answering its topic directly. */
export const QUICK_QUESTIONS = [
  "pricing",
  "trial",
  "websites",
  "support",
] as const satisfies readonly ChatTopic[];

let sequence = 0;
export function createMessage(text: string, isBot: boolean, reply?: BotReply): ChatMessage {
  sequence += 1;
  return { id: `m${Date.now().toString(36)}-${sequence}`, text, isBot, timestamp: new Date(), reply };
}
