import type { ChatTopic } from "./match";

export type ChatLink = { href: string; label: string };

/** One line of the conversation (spec §2: id, text, isBot, timestamp). */
export type ChatMessage = {
  id: string;
  text: string;
  isBot: boolean;
  timestamp: Date;
  /** Pages the answer points to, shown as links under it. */
  links?: ChatLink[];
};

/** Where each answer can send the visitor next; the label is a key in `chat.json`. */
export const TOPIC_LINKS: Partial<Record<ChatTopic, ReadonlyArray<{ href: string; labelKey: string }>>> = {
  pricing: [{ href: "/pricing", labelKey: "links.pricing" }],
  trial: [{ href: "/auth?mode=register", labelKey: "links.trial" }],
  support: [
    { href: "/contact", labelKey: "links.contact" },
    { href: "/faq", labelKey: "links.faq" },
  ],
};

/** Spec §8: nothing matched, so the apology points to the contact form and the FAQ. */
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
export function createMessage(text: string, isBot: boolean, links?: ChatLink[]): ChatMessage {
  sequence += 1;
  return { id: `m${Date.now().toString(36)}-${sequence}`, text, isBot, timestamp: new Date(), links };
}
