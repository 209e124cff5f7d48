import { hash, randomBytes } from "node:crypto";
import { DEVICE_KINDS, type TCollectEvent, type TDeviceKind } from "@shobai/shared";
import { eq, lt } from "drizzle-orm";
import type { Database } from "../../db/client";
import { type analyticsEvents, analyticsSalts } from "../../db/schema/index";
import { addDays, dayStart, tokyoDay } from "../../lib/tokyo-days";

const DAY_MS = 24 * 60 * 60 * 1000;

export const EVENT_KIND = { pageview: 1, leave: 2, conversion: 3 } as const;

export type PendingEvent = typeof analyticsEvents.$inferInsert;

/** Crawlers, monitors, scripts and headless browsers: not people, not counted. */
const BOT_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|headless|lighthouse|pagespeed|pingdom|uptime|monitor|phantomjs|puppeteer|playwright|selenium|curl\/|wget\/|python|httpclient|okhttp|axios|node-fetch|undici|go-http|java\/|ruby|perl|libwww/i;

export function isBot(userAgent: string | undefined, headers: Record<string, unknown> = {}): boolean {
  if (!userAgent || userAgent.length < 20 || userAgent.length > 512) return true;
  const purpose = String(headers["sec-purpose"] ?? headers.purpose ?? "");
  if (/prefetch|prerender/i.test(purpose)) return true;
  return BOT_AGENT.test(userAgent);
}

export function deviceOf(width: number | undefined): TDeviceKind | null {
  if (!width) return null;
  if (width < 768) return DEVICE_KINDS[0];
  if (width < 1024) return DEVICE_KINDS[1];
  return DEVICE_KINDS[2];
}

/** The primary language subtag ("ja-JP" → "ja"), or null for anything that is not one. */
export function languageOf(tag: string | undefined): string | null {
  const primary = tag?.split(/[-_]/)[0]?.toLowerCase();
  return primary && /^[a-z]{2,3}$/.test(primary) ? primary : null;
}

/** The referring site's host name; null when there is none or the visitor came from the site itself. */
export function referrerOf(referrer: string | undefined, ownHost: string): string | null {
  if (!referrer) return null;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  const own = ownHost
    .toLowerCase()
    .replace(/:\d+$/, "")
    .replace(/^www\./, "");
  if (!host || host === own || host.length > 100) return null;
  return host;
}

/**
 * A page path as the site knows it: the platform prefix (/s/{slug}) and index.html removed, one
 * trailing slash. Null for anything that is not one of the site's pages.
 */
export function sitePath(pathname: string, base: string, pages: ReadonlySet<string>): string | null {
  let path = pathname.split(/[?#]/)[0] ?? "";
  if (base && (path === base || path.startsWith(`${base}/`))) path = path.slice(base.length);
  path = path.replace(/index\.html$/, "");
  if (!path.startsWith("/")) path = `/${path}`;
  if (!path.endsWith("/")) path = `${path}/`;
  return pages.has(path) ? path : null;
}

/** The pages a site has: its root and, per language, the home page and the thank-you page. */
export function sitePages(languages: readonly string[]): Set<string> {
  const pages = new Set(["/"]);
  for (const lang of languages) {
    pages.add(`/${lang}/`);
    pages.add(`/${lang}/thanks/`);
  }
  return pages;
}

/**
 * Daily salts. Only today's salt can be created or used; salts of earlier days are deleted, so a
 * visitor id of yesterday can no longer be computed by anyone, including us.
 */
export function createSaltStore(db: Database, now: () => Date) {
  let current: { day: string; salt: string; until: number } | null = null;

  /** Today's salt when it is at hand (almost always): no promise, no date formatting. */
  function cached(at: Date): { day: string; salt: string } | null {
    return current && at.getTime() < current.until && at.getTime() >= current.until - DAY_MS ? current : null;
  }

  async function rotate(): Promise<number> {
    const today = tokyoDay(now());
    const deleted = await db
      .delete(analyticsSalts)
      .where(lt(analyticsSalts.day, today))
      .returning({ day: analyticsSalts.day });
    if (current && current.day !== today) current = null;
    return deleted.length;
  }

  // The lookup in progress: the beacons that arrive meanwhile wait for it instead of repeating it.
  let loading: { day: string; promise: Promise<{ day: string; salt: string }> } | null = null;

  async function today(): Promise<{ day: string; salt: string }> {
    const at = now();
    const hit = cached(at);
    if (hit) return hit;
    const day = tokyoDay(at);
    if (loading?.day !== day) {
      const promise = load(day).finally(() => {
        if (loading?.promise === promise) loading = null;
      });
      loading = { day, promise };
    }
    return loading.promise;
  }

  async function load(day: string): Promise<{ day: string; salt: string }> {
    await db
      .insert(analyticsSalts)
      .values({ day, salt: randomBytes(32).toString("base64url") })
      .onConflictDoNothing();
    const [row] = await db.select().from(analyticsSalts).where(eq(analyticsSalts.day, day));
    if (!row) throw new Error("the day's analytics salt could not be stored");
    current = { day, salt: row.salt, until: dayStart(addDays(day, 1)).getTime() };
    await rotate();
    return current;
  }

  return { today, cached, rotate };
}

/** 48 bits of sha256(salt, site, ip, user agent): enough to tell a day's visitors apart, nothing more. */
export function visitorHash(salt: string, websiteId: string, ip: string, userAgent: string): number {
  // The first 12 hex digits are the first 6 bytes; one-shot hex is the cheapest form Node offers.
  return Number.parseInt(
    hash("sha256", `${salt}\n${websiteId}\n${ip}\n${userAgent}`, "hex").slice(0, 12),
    16,
  );
}

export type CollectContext = {
  websiteId: string;
  pages: ReadonlySet<string>;
  base: string;
  host: string;
  ip: string;
  userAgent: string;
};

/** A validated tracker event as the row to store, or null when it names no page of the site. */
export function eventRow(
  event: TCollectEvent,
  ctx: CollectContext,
  visitor: number,
  at: Date,
): PendingEvent | null {
  const path = sitePath(event.p, ctx.base, ctx.pages);
  if (!path) return null;
  const leave = event.k === "leave";
  return {
    websiteId: ctx.websiteId,
    createdAt: at,
    visitor,
    kind: leave ? EVENT_KIND.leave : EVENT_KIND.pageview,
    path,
    referrer: leave ? null : referrerOf(event.r, ctx.host),
    device: deviceOf(event.w),
    lang: languageOf(event.l),
    durationMs: leave ? (event.d ?? null) : null,
  };
}
