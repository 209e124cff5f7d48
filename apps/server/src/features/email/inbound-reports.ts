import { type Attachment, type HeaderValue, simpleParser } from "mailparser";

/**
 * What a message sent to the bounce domain says about mail we sent (decision 0037): a delivery
 * status notification (RFC 3464) whose recipient failed permanently is a bounce, a feedback report
 * (ARF, RFC 5965) of type abuse is a complaint; anything else (delays, auto-replies, spam) says
 * nothing. mailparser reads the MIME structure; the report parts themselves are header blocks,
 * which mailparser reads too.
 */
export type InboundReport = {
  kind: "bounce" | "complaint" | null;
  /** Why: the DSN's Diagnostic-Code (else its Status), or the feedback type and who reported it. */
  reason: string;
  /** The delivery tokens found in the returned original (its /e/u/<token> unsubscribe link). */
  tokens: string[];
  /** Message-IDs of the returned original, as our SMTP provider recorded them. */
  messageIds: string[];
};

const MAX_TOKENS = 3;
const UNSUBSCRIBE_LINK = /\/e\/u\/([0-9a-f]{64})(?![0-9a-f])/gi;

/** One header block ("Name: value" lines, folded lines allowed) as lowercase name → text. */
async function fieldsOf(block: string): Promise<Map<string, string>> {
  const parsed = await simpleParser(`${block.trim()}\r\n\r\n`, { skipHtmlToText: true, skipTextLinks: true });
  const fields = new Map<string, string>();
  for (const [name, value] of parsed.headers) fields.set(name, textOf(value));
  return fields;
}

function textOf(value: HeaderValue): string {
  if (typeof value === "string") return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => textOf(v as HeaderValue)).join(", ");
  if (value && typeof value === "object" && "value" in value) {
    const v = (value as { value: unknown }).value;
    if (typeof v === "string") return v;
    if ("text" in value && typeof (value as { text: unknown }).text === "string")
      return (value as { text: string }).text;
  }
  return String(value);
}

/** The report part's blocks: the per-message one first, then one per recipient (RFC 3464 §2.1). */
async function blocksOf(part: Attachment): Promise<Map<string, string>[]> {
  const text = part.content.toString("utf8");
  const blocks = text.split(/\r?\n[ \t]*\r?\n/).filter((b) => b.trim() !== "");
  return Promise.all(blocks.map(fieldsOf));
}

/** "smtp; 550 5.1.1 User unknown" → "550 5.1.1 User unknown". */
const withoutType = (value: string | undefined) => value?.replace(/^\s*[\w-]+\s*;\s*/, "").trim() ?? "";

async function bounceOf(part: Attachment): Promise<string | null> {
  const [, ...recipients] = await blocksOf(part);
  for (const fields of recipients) {
    const action = fields.get("action")?.trim().toLowerCase();
    const status = fields.get("status")?.trim() ?? "";
    // Only a permanent failure counts; "delayed" and 4.x.x are the sender's retries to make.
    if (action !== "failed" || !/^5\.\d{1,3}\.\d{1,3}/.test(status)) continue;
    const diagnostic = withoutType(fields.get("diagnostic-code"));
    const recipient = withoutType(fields.get("final-recipient"));
    const reason = diagnostic || `Status ${status}`;
    return recipient && !reason.includes(recipient) ? `${reason} (${recipient})` : reason;
  }
  return null;
}

async function complaintOf(part: Attachment): Promise<string | null> {
  const [fields] = await blocksOf(part);
  if (fields?.get("feedback-type")?.trim().toLowerCase() !== "abuse") return null;
  const by = fields.get("user-agent") ?? fields.get("reported-domain") ?? fields.get("source-ip");
  return `Spam complaint (feedback report: abuse${by ? `, ${by.trim()}` : ""})`;
}

const REPORT_PARTS = ["message/delivery-status", "message/global-delivery-status", "message/feedback-report"];
const ORIGINAL_PARTS = [
  "message/rfc822",
  "message/global",
  "text/rfc822-headers",
  "message/rfc822-headers",
  "message/global-headers",
];

/** Reads one message as it arrived over SMTP. Never throws for what a sender wrote. */
export async function readInboundReport(raw: Buffer): Promise<InboundReport> {
  const mail = await simpleParser(raw, { keepDeliveryStatus: true, skipHtmlToText: true });
  const type = mail.headers.get("content-type");
  const reportType =
    type && typeof type === "object" && "params" in type
      ? String((type as { params: Record<string, string> }).params["report-type"] ?? "").toLowerCase()
      : "";
  let kind: InboundReport["kind"] = null;
  let reason = "";
  const tokens: string[] = [];
  const messageIds: string[] = [];
  for (const part of mail.attachments) {
    const partType = part.contentType.toLowerCase();
    if (REPORT_PARTS.includes(partType) && kind === null) {
      if (reportType === "feedback-report" && partType === "message/feedback-report") {
        const complaint = await complaintOf(part);
        if (complaint) [kind, reason] = ["complaint", complaint];
      } else if (reportType === "delivery-status" && partType !== "message/feedback-report") {
        const bounce = await bounceOf(part);
        if (bounce) [kind, reason] = ["bounce", bounce];
      }
    } else if (ORIGINAL_PARTS.includes(partType)) {
      const original = part.content.toString("utf8");
      for (const match of original.matchAll(UNSUBSCRIBE_LINK)) {
        const token = match[1]?.toLowerCase();
        if (token && !tokens.includes(token) && tokens.length < MAX_TOKENS) tokens.push(token);
      }
      const headerEnd = original.search(/\r?\n\r?\n/);
      const headers = await fieldsOf(headerEnd < 0 ? original : original.slice(0, headerEnd));
      const messageId = headers.get("message-id")?.trim();
      if (messageId && /^<?[^\s<>]{1,250}>?$/.test(messageId)) {
        messageIds.push(messageId.startsWith("<") ? messageId : `<${messageId}>`);
      }
    }
  }
  // An original sent inline (Content-Disposition: inline, common in feedback reports) is read into
  // the text by mailparser, its headers lost; message/* parts are never transfer-encoded (RFC 2046
  // §5.2.1), so its unsubscribe link is still there, as sent, in the raw message.
  for (const match of raw.toString("latin1").matchAll(UNSUBSCRIBE_LINK)) {
    const token = match[1]?.toLowerCase();
    if (token && !tokens.includes(token) && tokens.length < MAX_TOKENS) tokens.push(token);
  }
  return { kind, reason, tokens, messageIds };
}
