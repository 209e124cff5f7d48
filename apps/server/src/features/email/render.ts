import { createHmac } from "node:crypto";

export type Recipient = { firstName: string; lastName: string; company: string };

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** {{firstName}}, {{lastName}}, {{company}} → the recipient's values (unknown ones were refused at create time). */
export function fillVariables(text: string, recipient: Recipient): string {
  return text.replace(
    /\{\{\s*(firstName|lastName|company)\s*\}\}/g,
    (_m, name: keyof Recipient) => recipient[name],
  );
}

const URL_PATTERN = /https?:\/\/[^\s<>"'）」]+[^\s<>"'.,;:!?）」)]/g;

/** Every http(s) address in a text, as written. */
export function linksIn(text: string): string[] {
  return [...text.matchAll(URL_PATTERN)].map((m) => m[0]);
}

/** Proves that a click link was made by us for this email and this address (no open redirect). */
export function signLink(secret: string, token: string, url: string): string {
  return createHmac("sha256", secret).update(`${token}\n${url}`).digest("base64url").slice(0, 32);
}

export type TrackingLinks = { base: string; token: string; secret: string };

/** Plain text to safe HTML: paragraphs, line breaks, addresses as links (tracked when links are given). */
export function textToHtml(text: string, tracking?: TrackingLinks): string {
  const linkify = (line: string) => {
    let out = "";
    let last = 0;
    for (const match of line.matchAll(URL_PATTERN)) {
      const url = match[0];
      out += escapeHtml(line.slice(last, match.index));
      const href = tracking
        ? `${tracking.base}/e/c/${tracking.token}?u=${encodeURIComponent(url)}&s=${signLink(tracking.secret, tracking.token, url)}`
        : url;
      out += `<a href="${escapeHtml(href)}">${escapeHtml(url)}</a>`;
      last = (match.index ?? 0) + url.length;
    }
    return out + escapeHtml(line.slice(last));
  };
  return text
    .trim()
    .split(/\n{2,}/)
    .map((para) => `<p style="margin:0 0 1em">${para.split("\n").map(linkify).join("<br>")}</p>`)
    .join("\n");
}

const WRAP_START =
  '<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>' +
  '<body style="margin:0;padding:24px;background:#f6f7f9"><div style="max-width:600px;margin:0 auto;background:#fff;' +
  "padding:24px;border-radius:8px;font-family:-apple-system,'Hiragino Sans','Noto Sans JP',Meiryo,sans-serif;" +
  'font-size:15px;line-height:1.8;color:#1f2328">';

/** A campaign email for one recipient: variables filled, links tracked, unsubscribe link and RFC 8058 headers. */
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
  const body = fillVariables(input.content, input.recipient);
  const from = input.senderName ? escapeHtml(input.senderName) : "";
  const html =
    WRAP_START +
    textToHtml(body, links) +
    '<hr style="border:0;border-top:1px solid #e5e7eb;margin:24px 0 12px">' +
    `<p style="margin:0;font-size:12px;color:#6b7280">${from ? `${from} · ` : ""}` +
    `<a href="${escapeHtml(unsubscribe)}" style="color:#6b7280">配信停止 / Unsubscribe</a></p>` +
    `<img src="${escapeHtml(`${links.base}/e/o/${links.token}.gif`)}" width="1" height="1" alt="" style="display:block;border:0">` +
    "</div></body></html>";
  const text = `${body.trim()}\n\n--\n配信停止 / Unsubscribe: ${unsubscribe}\n`;
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
  return { html: `${WRAP_START}${textToHtml(content)}</div></body></html>`, text: `${content.trim()}\n` };
}
