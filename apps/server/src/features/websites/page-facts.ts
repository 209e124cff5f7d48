import { isLanguage, type TLanguage } from "@shobai/shared";

/** What an imported page says about the business, read from its HTML without running it. */
export type PageFacts = {
  siteName: string;
  title: string;
  description: string;
  headings: string[];
  text: string;
  language: TLanguage;
  emails: string[];
  phones: string[];
};

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, code: string) => {
    if (code.startsWith("#x") || code.startsWith("#X"))
      return String.fromCodePoint(Number.parseInt(code.slice(2), 16));
    if (code.startsWith("#")) return String.fromCodePoint(Number.parseInt(code.slice(1), 10));
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

function clean(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

function meta(html: string, key: string): string {
  const re = new RegExp(`<meta[^>]+(?:name|property)=["']${key}["'][^>]*>`, "i");
  const tag = re.exec(html)?.[0] ?? "";
  return clean(/content=["']([^"']*)["']/i.exec(tag)?.[1] ?? "");
}

export function readPageFacts(html: string): PageFacts {
  const body = html
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<(script|style|noscript|svg|template)[\s\S]*?<\/\1>/gi, " ");
  const title = clean(/<title[^>]*>([\s\S]*?)<\/title>/i.exec(body)?.[1] ?? "");
  const headings = [...body.matchAll(/<h[1-3][^>]*>([\s\S]*?)<\/h[1-3]>/gi)]
    .map((m) => clean(m[1] ?? ""))
    .filter(Boolean)
    .slice(0, 12);
  const text = clean(/<body[^>]*>([\s\S]*)<\/body>/i.exec(body)?.[1] ?? body).slice(0, 3000);
  const lang = (/<html[^>]*\slang=["']?([a-zA-Z-]+)/i.exec(html)?.[1] ?? "").toLowerCase().split("-")[0];
  const siteName = meta(body, "og:site_name") || (title.split(/\s*[|｜\-–—:：]\s*/)[0] ?? "").trim();
  return {
    siteName,
    title,
    description: meta(body, "description") || meta(body, "og:description"),
    headings,
    text,
    language: isLanguage(lang) ? lang : /[\u3040-\u30ff]/.test(text) ? "ja" : "en",
    emails: [...new Set(text.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g) ?? [])].slice(0, 3),
    phones: [...new Set(text.match(/(?:\+81[\s-]?|0)\d{1,4}[\s-]?\d{1,4}[\s-]?\d{3,4}/g) ?? [])].slice(0, 3),
  };
}

/** The imported page retold as a business description the composer can work from. */
export function describeForComposer(facts: PageFacts): string {
  const parts = [
    facts.siteName ? `「${facts.siteName}」` : "",
    facts.description,
    facts.headings.join("、"),
    facts.text.slice(0, 1200),
    facts.phones[0] ? `電話 ${facts.phones[0]}` : "",
    facts.emails[0] ? `メール ${facts.emails[0]}` : "",
  ];
  return parts.filter(Boolean).join(" ").slice(0, 3900);
}
