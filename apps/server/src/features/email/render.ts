export type Recipient = { firstName: string; lastName: string; company: string };

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const VARIABLE = /\{\{\s*(firstName|lastName|company)\s*\}\}/g;

/** {{firstName}}, {{lastName}}, {{company}} → the recipient's values (unknown ones were refused at create time). */
export function fillVariables(text: string, recipient: Recipient): string {
  return text.replace(VARIABLE, (_m, name: keyof Recipient) => recipient[name]);
}

/** The owner's text as HTML with the recipient's values escaped: a value never becomes markup or a link. */
const fillEscaped = (text: string, recipient?: Recipient) =>
  !recipient
    ? escapeHtml(text)
    : text
        .split(VARIABLE)
        .map((part, i) => escapeHtml(i % 2 === 1 ? recipient[part as keyof Recipient] : part))
        .join("");

// Braces end an address, so "https://shop.example/{{firstName}}" links the owner's part only.
const URL_PATTERN = /https?:\/\/[^\s<>"'）」{}]+[^\s<>"'.,;:!?）」){}]/g;

/** Every http(s) address in a text, as written. */
export function linksIn(text: string): string[] {
  return [...text.matchAll(URL_PATTERN)].map((m) => m[0]);
}

/**
 * The template (the owner's text, variables still in it) to safe HTML: paragraphs, line breaks, the
 * owner's addresses as links (`href` maps each to its tracked link), and only then the recipient's
 * values, escaped. Text a visitor typed (a name, a company) never becomes a link (decision 0017).
 */
export function templateToHtml(
  template: string,
  /** Without a recipient, variables stay as written (a one-off email has none). */
  recipient?: Recipient,
  href: (url: string) => string = (url) => url,
): string {
  const linkify = (line: string) => {
    let out = "";
    let last = 0;
    for (const match of line.matchAll(URL_PATTERN)) {
      const url = match[0];
      out += fillEscaped(line.slice(last, match.index), recipient);
      out += `<a href="${escapeHtml(href(url))}">${escapeHtml(url)}</a>`;
      last = (match.index ?? 0) + url.length;
    }
    return out + fillEscaped(line.slice(last), recipient);
  };
  return template
    .trim()
    .split(/\n{2,}/)
    .map((para) => `<p style="margin:0 0 1em">${para.split("\n").map(linkify).join("<br>")}</p>`)
    .join("\n");
}

/** The links of one email: its token, and the id of each of the owner's addresses in the campaign's link set. */
export type TrackingLinks = { base: string; token: string; linkId: (url: string) => string };

const WRAP_START =
  '<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>' +
  '<body style="margin:0;padding:24px;background:#f6f7f9"><div style="max-width:600px;margin:0 auto;background:#fff;' +
  "padding:24px;border-radius:8px;font-family:-apple-system,'Hiragino Sans','Noto Sans JP',Meiryo,sans-serif;" +
  'font-size:15px;line-height:1.8;color:#1f2328">';

/**
 * A campaign email for one recipient: the owner's links tracked (`linkId` names each address in the
 * campaign's link set), variables filled and escaped, unsubscribe link and RFC 8058 headers.
 */
export function renderCampaignEmail(input: {
  subject: string;
  content: string;
  recipient: Recipient;
  senderName: string;
  links: TrackingLinks;
}): { subject: string; html: string; text: string; headers: Record<string, string> } {
  const { links } = input;
  const unsubscribe = `${links.base}/e/u/${links.token}`;
  const subject = fillVariables(input.subject, input.recipient).replace(/[\r\n]+/g, " ");
  const tracked = (url: string) => `${links.base}/e/c/${links.token}/${links.linkId(url)}`;
  const from = input.senderName ? escapeHtml(input.senderName) : "";
  const html =
    WRAP_START +
    templateToHtml(input.content, input.recipient, tracked) +
    '<hr style="border:0;border-top:1px solid #e5e7eb;margin:24px 0 12px">' +
    `<p style="margin:0;font-size:12px;color:#6b7280">${from ? `${from} · ` : ""}` +
    `<a href="${escapeHtml(unsubscribe)}" style="color:#6b7280">配信停止 / Unsubscribe</a></p>` +
    `<img src="${escapeHtml(`${links.base}/e/o/${links.token}.gif`)}" width="1" height="1" alt="" style="display:block;border:0">` +
    "</div></body></html>";
  const text = `${fillVariables(input.content, input.recipient).trim()}\n\n--\n配信停止 / Unsubscribe: ${unsubscribe}\n`;
  return {
    subject,
    html,
    text,
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/** A one-off email (POST /api/email/send): the owner's text, no tracking. */
export function renderPlainEmail(content: string): { html: string; text: string } {
  return { html: `${WRAP_START}${templateToHtml(content)}</div></body></html>`, text: `${content.trim()}\n` };
}
