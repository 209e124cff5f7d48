import { z } from "zod";
import { CONTACT_SOURCES, CONTACT_STATUSES, MARKETING_CONSENT_STATES } from "./constants/crm.ts";
import { zText } from "./text.ts";

const day = z.iso.date({ error: "Enter a date as YYYY-MM-DD" });

/**
 * Who a campaign goes to, among the owner's contacts: every listed condition holds (AND); within one
 * list any value matches (OR). Empty lists and nulls leave that condition out. Consent still gates
 * every campaign: only opted-in contacts receive it, whatever the segment says (decision 0040).
 * Created dates are Tokyo days, both ends included.
 */
export const ZSegmentFilter = z.object({
  statuses: z.array(z.enum(CONTACT_STATUSES)).max(CONTACT_STATUSES.length).default([]),
  sources: z.array(z.enum(CONTACT_SOURCES)).max(CONTACT_SOURCES.length).default([]),
  consent: z.array(z.enum(MARKETING_CONSENT_STATES)).max(MARKETING_CONSENT_STATES.length).default([]),
  /** Website ids: contacts who wrote in through the contact form of any of them. */
  websiteIds: z.array(zText("websiteId").max(64)).max(20).default([]),
  /** Tag ids: contacts with any of them. */
  tagIds: z.array(zText("tagId").max(64)).max(50).default([]),
  /** Custom field values: the contact's value equals the given one (text compare), every pair. */
  fields: z
    .array(z.object({ key: zText("key").min(1).max(64), value: zText("value").max(200) }))
    .max(10)
    .default([]),
  createdFrom: day.nullable().default(null),
  createdTo: day.nullable().default(null),
  /** Opened or clicked one of the owner's earlier campaigns (its first open or click was counted). */
  engaged: z
    .object({ campaignId: zText("campaignId").min(1).max(64), action: z.enum(["opened", "clicked"]) })
    .nullable()
    .default(null),
});
export type TSegmentFilter = z.infer<typeof ZSegmentFilter>;
export type TSegmentFilterInput = z.input<typeof ZSegmentFilter>;

export const ZSegment = z.object({
  id: z.string(),
  name: z.string(),
  filter: ZSegmentFilter,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TSegment = z.infer<typeof ZSegment>;

export const ZSaveSegment = z.object({
  name: zText("name")
    .trim()
    .min(1, { error: "name is required" })
    .max(100, { error: "name must be at most 100 characters" }),
  filter: ZSegmentFilter,
});
export type TSaveSegment = z.input<typeof ZSaveSegment>;

/** The blocks of the composer (campaign HTML): each renders to email-safe HTML through MJML. */
const url = zText("url")
  .trim()
  .max(2000)
  .regex(/^https?:\/\/\S+$/i, { error: "Enter an address starting with https://" });
export const ZEmailBlock = z.discriminatedUnion("type", [
  z.object({ type: z.literal("heading"), text: zText("text").max(300) }),
  z.object({ type: z.literal("text"), text: zText("text", { multiline: true }).max(10_000) }),
  z.object({
    type: z.literal("image"),
    src: url,
    alt: zText("alt").max(300).default(""),
    href: url.or(z.literal("")).default(""),
  }),
  z.object({ type: z.literal("button"), label: zText("label").trim().min(1).max(100), href: url }),
  z.object({ type: z.literal("divider") }),
  z.object({ type: z.literal("spacer") }),
]);
export type TEmailBlock = z.infer<typeof ZEmailBlock>;
export const ZEmailBlocks = z.array(ZEmailBlock).min(1).max(60);
export type TEmailBlocks = z.infer<typeof ZEmailBlocks>;

/**
 * The plain-text part of a composed email: headings and texts as paragraphs, buttons as
 * "label: address", linked images as their address, dividers as a line. Variables stay as written.
 */
export function blocksToText(blocks: readonly TEmailBlock[]): string {
  const parts: string[] = [];
  for (const block of blocks) {
    if (block.type === "heading" || block.type === "text") {
      if (block.text.trim()) parts.push(block.text.trim());
    } else if (block.type === "button") parts.push(`${block.label}: ${block.href}`);
    else if (block.type === "image") {
      const alt = block.alt.trim();
      if (block.href) parts.push(alt ? `${alt}: ${block.href}` : block.href);
      else if (alt) parts.push(`[${alt}]`);
    } else if (block.type === "divider") parts.push("――――――――――");
  }
  return parts.join("\n\n");
}
