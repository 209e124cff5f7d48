import LinkifyIt from "linkify-it";
import type { ReactNode } from "react";

/**
 * Addresses the owner typed in a text (https://…, www.…, info@shop.jp) become links on the page;
 * everything else stays text. Only web and mail links: a `javascript:` or other scheme is never
 * linked, and React escapes the text, so no markup the owner types reaches the page.
 */
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: false })
  .add("ftp:", null)
  .add("//", null);

const SAFE = /^(?:https?:\/\/|mailto:)/i;

/**
 * Japanese is written without spaces (「詳しくはhttps://…をご覧」), which linkify-it, made for
 * space-separated text, does not split. Addresses are ASCII in practice, so each run of visible
 * ASCII characters is searched on its own, as if the Japanese around it were spaces.
 */
const ASCII_RUN = /[\x21-\x7e]+/g;

type TFound = { index: number; lastIndex: number; url: string; text: string };

function findLinks(text: string): TFound[] {
  const found: TFound[] = [];
  for (const run of text.matchAll(ASCII_RUN)) {
    for (const m of linkify.match(run[0]) ?? []) {
      if (!SAFE.test(m.url)) continue;
      const at = run.index ?? 0;
      found.push({ index: at + m.index, lastIndex: at + m.lastIndex, url: m.url, text: m.text });
    }
  }
  return found;
}

export function LinkedText({ text }: { text: string }): ReactNode {
  const matches = findLinks(text);
  if (matches.length === 0) return text;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const m of matches) {
    if (m.index > at) parts.push(text.slice(at, m.index));
    const external = !m.url.startsWith("mailto:");
    parts.push(
      <a key={m.index} href={m.url} {...(external ? { rel: "noopener" } : {})}>
        {m.text}
      </a>,
    );
    at = m.lastIndex;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}
