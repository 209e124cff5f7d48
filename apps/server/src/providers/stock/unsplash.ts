import { z } from "zod";
import { isTimeoutError } from "../provider-text";

/**
 * Unsplash API client (decision 0053), from unsplash.com/documentation: `Authorization: Client-ID
 * <access key>` and `Accept-Version: v1` on every request; `GET /search/photos` (query, page,
 * per_page ≤ 30, orientation, content_filter, lang); `GET /photos/:id`; and the photo's
 * `links.download_location`, which must be requested when a photo is used (download tracking).
 * Errors are `{ "errors": [..] }`; 401 is a bad key; the hourly limit shows in `X-Ratelimit-Limit`
 * / `X-Ratelimit-Remaining` and, when used up, answers 403 "Rate Limit Exceeded" (or 429).
 */
export class StockProviderError extends Error {
  override name = "StockProviderError";
  constructor(
    readonly reason: "auth" | "rate_limited" | "not_found" | "unavailable",
    message: string,
  ) {
    super(message);
  }
}

export type UnsplashOptions = {
  accessKey: string;
  /** https://api.unsplash.com, or a local test server. */
  baseUrl: string;
  /** `utm_source` of every link back to Unsplash (the application's name). */
  appName: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

const ZPhoto = z.object({
  id: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  color: z.string().nullish(),
  description: z.string().nullish(),
  alt_description: z.string().nullish(),
  urls: z.object({ raw: z.string(), small: z.string(), regular: z.string() }),
  links: z.object({ html: z.string(), download_location: z.string() }),
  user: z.object({ name: z.string(), username: z.string() }),
});
export type UnsplashPhoto = z.infer<typeof ZPhoto>;

const ZSearch = z.object({
  total: z.number().int(),
  total_pages: z.number().int(),
  results: z.array(ZPhoto),
});

export type RateLimit = { limit: number | null; remaining: number | null };

/** A credited stock photo: what the editor shows and what a placement stores. */
export type StockPhoto = {
  id: string;
  width: number;
  height: number;
  color: string | null;
  description: string;
  /** `urls.raw`: hotlinked, with size and format parameters added per use. */
  rawUrl: string;
  thumbUrl: string;
  author: string;
  authorUrl: string;
  providerUrl: string;
  downloadLocation: string;
};

export function createUnsplashClient(options: UnsplashOptions) {
  const base = options.baseUrl.replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;
  const utm = `utm_source=${encodeURIComponent(options.appName)}&utm_medium=referral`;
  let lastRateLimit: RateLimit = { limit: null, remaining: null };

  async function get(url: string): Promise<unknown> {
    let res: Response;
    try {
      res = await doFetch(url, {
        headers: { authorization: `Client-ID ${options.accessKey}`, "accept-version": "v1" },
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new StockProviderError(
        "unavailable",
        isTimeoutError(error) ? "Unsplash took too long to answer" : "Unsplash could not be reached",
      );
    }
    const number = (name: string) => {
      const v = res.headers.get(name);
      return v !== null && /^\d+$/.test(v) ? Number(v) : null;
    };
    lastRateLimit = { limit: number("x-ratelimit-limit"), remaining: number("x-ratelimit-remaining") };
    const body = (await res.text().catch(() => "")) || "";
    const json = (() => {
      try {
        return JSON.parse(body) as unknown;
      } catch {
        return null;
      }
    })();
    if (res.ok) {
      if (json === null) throw new StockProviderError("unavailable", "Unsplash sent an unreadable answer");
      return json;
    }
    const errors = z.object({ errors: z.array(z.string()) }).safeParse(json);
    const said = errors.success ? errors.data.errors.join("; ") : body.slice(0, 200);
    if (
      res.status === 429 ||
      (res.status === 403 && (lastRateLimit.remaining === 0 || /rate limit/i.test(said)))
    )
      throw new StockProviderError("rate_limited", `Unsplash's hourly request limit is used up (${said})`);
    if (res.status === 401 || res.status === 403)
      throw new StockProviderError(
        "auth",
        `Unsplash refused the access key (check UNSPLASH_ACCESS_KEY): ${said}`,
      );
    if (res.status === 404) throw new StockProviderError("not_found", "No such Unsplash photo");
    throw new StockProviderError("unavailable", `Unsplash answered HTTP ${res.status}: ${said}`);
  }

  function credited(photo: UnsplashPhoto): StockPhoto {
    return {
      id: photo.id,
      width: photo.width,
      height: photo.height,
      color: photo.color ?? null,
      description: (photo.alt_description ?? photo.description ?? "").trim().slice(0, 300),
      rawUrl: photo.urls.raw,
      thumbUrl: photo.urls.small,
      author: photo.user.name,
      authorUrl: `https://unsplash.com/@${encodeURIComponent(photo.user.username)}?${utm}`,
      providerUrl: `https://unsplash.com/?${utm}`,
      downloadLocation: photo.links.download_location,
    };
  }

  return {
    /** The rate-limit headers of the last answer (for logs and tests). */
    rateLimit: () => lastRateLimit,

    async search(query: string, page: number, perPage = 12, lang?: string) {
      const params = new URLSearchParams({
        query,
        page: String(page),
        per_page: String(Math.min(30, perPage)),
        content_filter: "high",
      });
      if (lang) params.set("lang", lang);
      const parsed = ZSearch.safeParse(await get(`${base}/search/photos?${params}`));
      if (!parsed.success) throw new StockProviderError("unavailable", "Unsplash sent an unexpected answer");
      return {
        total: parsed.data.total,
        totalPages: parsed.data.total_pages,
        results: parsed.data.results.map(credited),
      };
    },

    async photo(id: string): Promise<StockPhoto> {
      const parsed = ZPhoto.safeParse(await get(`${base}/photos/${encodeURIComponent(id)}`));
      if (!parsed.success) throw new StockProviderError("unavailable", "Unsplash sent an unexpected answer");
      return credited(parsed.data);
    },

    /**
     * Unsplash's download tracking: the photo's `download_location` is requested (with the key)
     * each time a photo is used. Only URLs on the API's own host are followed.
     */
    async trackDownload(downloadLocation: string): Promise<void> {
      const url = new URL(downloadLocation);
      if (url.origin !== new URL(base).origin)
        throw new StockProviderError("unavailable", "Unsplash gave a download location on another host");
      await get(url.toString());
    },
  };
}

export type UnsplashClient = ReturnType<typeof createUnsplashClient>;
