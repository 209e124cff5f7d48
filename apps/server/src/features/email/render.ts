import { MAIL_TEXTS, mailLanguage } from "./mail-texts";

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

/** Characters that end an address: spaces, quotes, brackets of markup, braces, full-width punctuation. */
const ENDS = /[\s<>"'`{}\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]/u;
/** ASCII that may come right before non-ASCII inside an address (a host or a path segment starting). */
const BEFORE_NON_ASCII = /[/.?#&=_~+:-]/;
const TRAILING = /[.,;:!?'")\]]+$/;

/**
 * The http(s) addresses in a text as owners write them, also inside Japanese sentences, with where
 * each starts. An address ends at a space, a quote, a brace ("https://shop.example/{{firstName}}"
 * links the owner's part only) or full-width punctuation (。、）」【】！？). Non-ASCII letters belong
 * to it in the host (日本語.jp) and in a path segment that starts with them (/メニュー), but a
 * Japanese word right after an ASCII letter or digit ends it: "…/menuをご覧ください" links …/menu.
 * Sentence punctuation at the end (a full stop, a comma, an unopened bracket) is left out.
 */
export function findUrls(text: string): { url: string; index: number }[] {
  const found: { url: string; index: number }[] = [];
  for (const match of text.matchAll(/https?:\/\//gi)) {
    const start = match.index ?? 0;
    if (found.length > 0 && start < (found.at(-1)?.index ?? 0) + (found.at(-1)?.url.length ?? 0)) continue;
    let end = start + match[0].length;
    while (end < text.length) {
      const char = text[end] as string;
      if (ENDS.test(char)) break;
      const previous = text[end - 1] as string;
      if (char.charCodeAt(0) > 0x7e && previous.charCodeAt(0) <= 0x7e && !BEFORE_NON_ASCII.test(previous))
        break;
      end += 1;
    }
    const url = trimUrl(text.slice(start, end));
    if (url.length > match[0].length) found.push({ url, index: start });
  }
  return found;
}

/** Every http(s) address in a text, as written. */
export function linksIn(text: string): string[] {
  return findUrls(text).map((found) => found.url);
}

function trimUrl(url: string): string {
  let out = url.replace(TRAILING, "");
  // A closing bracket that closes one opened inside the address stays: …/wiki/Foo_(bar)
  while (
    out.length < url.length &&
    url[out.length] === ")" &&
    out.split("(").length > out.split(")").length
  ) {
    out += ")";
  }
  return out;
}

/**
 * An address as written (an IRI: 日本語.jp, /メニュー) as a URI a Location header and any mail
 * client accept: punycode host, percent-encoded path and query. Null when it is no http(s) URL.
 */
export function toUri(iri: string): string | null {
  try {
    const url = new URL(iri);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
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
    for (const { url, index } of findUrls(line)) {
      out += fillEscaped(line.slice(last, index), recipient);
      out += `<a href="${escapeHtml(href(url))}">${escapeHtml(url)}</a>`;
      last = index + url.length;
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

/** The start of every HTML email: its language and title (mail clients and screen readers read both). */
const wrapStart = (title: string, lang: string) =>
  `<!DOCTYPE html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
  `<title>${escapeHtml(title)}</title></head>` +
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
  /** Adds the 1×1 open pixel (spam filters hold it against short mails, so it is the owner's choice). */
  trackOpens: boolean;
  /** Sent by itself on an event (welcome, followup): Auto-Submitted: auto-generated (RFC 3834). */
  automatic: boolean;
  /** The owner's list (List-Id, RFC 2919): lets mailbox providers tell one sender's lists apart. */
  listId: string;
  /** The recipient's language (footer words, `<html lang>`); Japanese when unknown. */
  lang?: string;
  /** The sender details the footer carries (特定電子メール法): postal address and contact point. */
  postalAddress?: string;
  contactPoint?: string;
  /** A preview: the owner's links lead where written, nothing is tracked. */
  preview?: boolean;
  /**
   * The composed HTML (compose.ts: MJML output with variables as written and the footer mark);
   * `content` is then its plain text. Absent: the plain content as HTML.
   */
  bodyHtml?: string | null;
}): { subject: string; html: string; text: string; headers: Record<string, string> } {
  const { links } = input;
  const unsubscribe = `${links.base}/e/u/${links.token}`;
  const subject = fillVariables(input.subject, input.recipient).replace(/[\r\n]+/g, " ");
  const tracked = input.preview
    ? (url: string) => url
    : (url: string) => `${links.base}/e/c/${links.token}/${links.linkId(url)}`;
  const lang = mailLanguage(input.lang);
  const words = MAIL_TEXTS[lang];
  const footer = senderFooter(input, words);
  const footerHtml = footer
    .map(({ label, value }) => {
      const shown = /^https?:\/\//i.test(value)
        ? `<a href="${escapeHtml(value)}" style="color:#6b7280">${escapeHtml(value)}</a>`
        : value.includes("@") && !value.includes(" ")
          ? `<a href="mailto:${escapeHtml(value)}" style="color:#6b7280">${escapeHtml(value)}</a>`
          : escapeHtml(value).replace(/\n/g, " ");
      return `${escapeHtml(label)}: ${shown}`;
    })
    .join("<br>");
  const pixel =
    input.trackOpens && !input.preview
      ? `<img src="${escapeHtml(`${links.base}/e/o/${links.token}.gif`)}" width="1" height="1" alt="" style="display:block;border:0">`
      : "";
  const footerBlock = `${footerHtml ? `${footerHtml}<br>` : ""}<a href="${escapeHtml(unsubscribe)}" style="color:#6b7280">${escapeHtml(words.unsubscribe)}</a>`;
  const html = input.bodyHtml
    ? composedForRecipient(input.bodyHtml, input.recipient, tracked, lang)
        .replace(COMPOSED_FOOTER, () => footerBlock)
        .replace(/<\/body>/i, () => `${pixel}</body>`)
    : wrapStart(subject, lang) +
      templateToHtml(input.content, input.recipient, tracked) +
      '<hr style="border:0;border-top:1px solid #e5e7eb;margin:24px 0 12px">' +
      `<p style="margin:0;font-size:12px;line-height:1.7;color:#6b7280">${footerBlock}</p>` +
      pixel +
      "</div></body></html>";
  const footerText = footer.map(({ label, value }) => `${label}: ${value.replace(/\n/g, " ")}\n`).join("");
  const text = `${fillVariables(input.content, input.recipient).trim()}\n\n--\n${footerText}${words.unsubscribe}: ${unsubscribe}\n`;
  return {
    subject,
    html,
    text,
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "List-Id": `<${input.listId}>`,
      ...(input.automatic ? { "Auto-Submitted": "auto-generated" } : {}),
    },
  };
}

/** Where the footer goes in a composed email (compose.ts puts it there). */
export const COMPOSED_FOOTER = "<!--shobai:footer-->";
const unescapeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_m, name: string) =>
    name === "amp" ? "&" : name === "lt" ? "<" : name === "gt" ? ">" : name === "quot" ? '"' : "'",
  );

/**
 * Composed HTML for one recipient: the owner's http(s) links tracked (an address outside the
 * campaign's link set stays as written), variables filled with the recipient's values escaped,
 * and the recipient's language on <html>.
 */
function composedForRecipient(
  bodyHtml: string,
  recipient: Recipient,
  tracked: (url: string) => string,
  lang: string,
): string {
  return bodyHtml
    .replace(/(<html[^>]*\blang=")[^"]*"/i, (_m, start: string) => `${start}${escapeHtml(lang)}"`)
    .replace(/href="(https?:\/\/[^"]+)"/gi, (_m, written: string) => {
      const url = unescapeHtml(written);
      let target = url;
      try {
        target = tracked(url);
      } catch {
        target = url;
      }
      return `href="${escapeHtml(target)}"`;
    })
    .replace(VARIABLE, (_m, name: keyof Recipient) => escapeHtml(recipient[name]));
}

/** The footer's lines: sender name, postal address, contact point (those that are set). */
function senderFooter(
  input: { senderName: string; postalAddress?: string; contactPoint?: string },
  words: (typeof MAIL_TEXTS)[keyof typeof MAIL_TEXTS],
): { label: string; value: string }[] {
  return [
    { label: words.footerSender, value: input.senderName.trim() },
    { label: words.footerAddress, value: (input.postalAddress ?? "").trim() },
    { label: words.footerContact, value: (input.contactPoint ?? "").trim() },
  ].filter((line) => line.value !== "");
}

/** A one-off email (POST /api/email/send) or a platform mail: the text as HTML, no tracking. */
export function renderPlainEmail(content: string, subject = "", lang = "ja"): { html: string; text: string } {
  return {
    html: `${wrapStart(subject, lang)}${templateToHtml(content)}</div></body></html>`,
    text: `${content.trim()}\n`,
  };
}
