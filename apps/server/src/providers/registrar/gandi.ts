import type { TOwnerContact } from "@shobai/shared";
import { formatSeconds, isTimeoutError, redact, shorten } from "../provider-text";
import { prefectureCode } from "./jp-prefectures";
import {
  type DnsRecordSet,
  type DomainAvailability,
  type DomainInfo,
  type RegisterRequest,
  type Registrar,
  RegistrarError,
} from "./types";

/** Currencies Gandi prices in; JPY is not one of them, so prices are converted (decision 0010). */
export const REGISTRAR_CURRENCIES = ["EUR", "USD", "GBP"] as const;
type RegistrarCurrency = (typeof REGISTRAR_CURRENCIES)[number];

export type RegistrarConfig = {
  /** Gandi personal access token (Bearer). */
  apiToken: string;
  /** https://api.gandi.net, https://api.sandbox.gandi.net, or a local peer in tests. */
  apiBase: string;
  /** The currency asked of Gandi. */
  currency: RegistrarCurrency;
  /** Yen per unit of `currency`; prices are multiplied by it and rounded up to whole yen. */
  jpyPerUnit: number;
  /** Gandi organization that pays (sharing_id); the token's own account when not set. */
  sharingId?: string | undefined;
  /** Per request; reads and writes alike. Default 20 s. */
  timeoutMs?: number;
};

export const DEFAULT_REGISTRAR_API_BASE = "https://api.gandi.net";
const DEFAULT_TIMEOUT_MS = 20_000;
/** LiveDNS record sets Shobai writes live 5 minutes (LiveDNS's shortest TTL), so a fix shows soon. */
const DEFAULT_RECORD_TTL = 300;

/**
 * Gandi's LiveDNS name servers (ns-{n}-{a|b|c}.gandi.net), which a new domain gets when it is
 * ordered without name servers. Classic DNS (*.dns.gandi.net) and any other host do not serve the
 * LiveDNS zone, so records set there would not take effect.
 */
const LIVEDNS_HOST = /^ns-\d+-[a-z]\.gandi\.net\.?$/i;

/** True when a domain with these name servers is served by LiveDNS (none: Gandi's default). */
export function isLiveDns(nameServers: readonly string[]): boolean {
  return nameServers.every((host) => LIVEDNS_HOST.test(host.trim()));
}

/** A path segment; "@" (the zone apex in LiveDNS) stays as it is. */
const segment = (text: string) => encodeURIComponent(text).replace(/%40/g, "@");

type Json = Record<string, unknown>;
type CheckPrice = {
  duration_unit?: string;
  min_duration?: number;
  max_duration?: number;
  price_after_taxes?: number;
  price_before_taxes?: number;
  options?: { period?: string };
};
type CheckProduct = { name?: string; status?: string; process?: string; prices?: CheckPrice[] };

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Gandi's own explanation of a refusal: field errors first, then its message or cause. */
function explanation(body: unknown): string {
  if (!isObject(body)) return "";
  const errors = Array.isArray(body.errors) ? body.errors.filter(isObject) : [];
  const details = errors
    .map((e) => [e.name, e.description].filter((p) => typeof p === "string" && p).join(": "))
    .filter(Boolean);
  if (details.length > 0) return details.join("; ");
  for (const key of ["message", "cause"] as const) {
    if (typeof body[key] === "string" && body[key]) return body[key] as string;
  }
  return "";
}

/** The owner contact as Gandi's v5 `owner` object. */
export function gandiOwner(owner: TOwnerContact): Json {
  const state = owner.country === "JP" ? (prefectureCode(owner.state) ?? owner.state) : owner.state;
  return {
    given: owner.firstName,
    family: owner.lastName,
    email: owner.email,
    phone: owner.phone,
    streetaddr: owner.address,
    city: owner.city,
    state,
    zip: owner.postalCode,
    country: owner.country,
    ...(owner.organization ? { type: "company", orgname: owner.organization } : { type: "individual" }),
  };
}

/** Price for `years` from Gandi's per-year price list, in whole yen (rounded up); null if none fits. */
export function priceInYen(
  prices: CheckPrice[] | undefined,
  years: number,
  jpyPerUnit: number,
): number | null {
  const fitting = (prices ?? []).filter(
    (p) =>
      (p.duration_unit ?? "y") === "y" &&
      typeof p.price_after_taxes === "number" &&
      (p.min_duration ?? 1) <= years &&
      years <= (p.max_duration ?? 10),
  );
  // The general-availability price, not a sunrise or landrush one.
  const price = fitting.find((p) => !p.options?.period || p.options.period === "golive") ?? fitting[0];
  if (!price || typeof price.price_after_taxes !== "number") return null;
  // Cents first, so 12.34 × 160 does not become 1974.4000000000001 and round up a yen too many.
  const yen = Math.round(price.price_after_taxes * years * jpyPerUnit * 100) / 100;
  return Math.ceil(yen);
}

/** Gandi's public REST API v5 (https://api.gandi.net/docs/domains/), through global fetch. */
export function createGandiRegistrar(config: RegistrarConfig, fetchImpl: typeof fetch = fetch): Registrar {
  const base = config.apiBase.replace(/\/+$/, "");
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const token = config.apiToken;

  function url(path: string, query: Record<string, string> = {}): string {
    const params = new URLSearchParams(query);
    if (config.sharingId) params.set("sharing_id", config.sharingId);
    const qs = params.toString();
    return `${base}${path}${qs ? `?${qs}` : ""}`;
  }

  /**
   * One call; its parsed body (null when empty or not JSON), or undefined for a 404 when
   * `notFoundIsUndefined`. Every failure becomes a RegistrarError whose message is safe to show and log.
   */
  async function call(
    method: string,
    path: string,
    options: {
      query?: Record<string, string>;
      body?: unknown;
      notFoundIsUndefined?: boolean;
      /** 409 is a refusal of this change (a DNS record conflict), not a name that is taken. */
      conflictIsRefusal?: boolean;
    } = {},
  ): Promise<unknown> {
    let response: Response | undefined;
    let text: string;
    try {
      response = await fetchImpl(url(path, options.query), {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: "application/json",
          ...(options.body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "error",
      });
      text = await response.text();
    } catch (error) {
      if (isTimeoutError(error)) {
        throw new RegistrarError(
          "timeout",
          `The domain registrar did not answer within ${formatSeconds(timeoutMs)}.`,
        );
      }
      throw new RegistrarError(
        "unavailable-service",
        response
          ? "The domain registrar's answer was cut off."
          : "The domain registrar cannot be reached just now.",
      );
    }
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    const status = response.status;
    if (status >= 200 && status < 300) return body;
    if (status === 404 && options.notFoundIsUndefined) return undefined;
    const detail = shorten(redact(explanation(body), [token]));
    if (status === 401 || status === 403) {
      throw new RegistrarError(
        "misconfigured",
        "The domain registrar refused this server's access token (check REGISTRAR_API_TOKEN).",
        status,
      );
    }
    if (status === 409 && !options.conflictIsRefusal) {
      throw new RegistrarError(
        "unavailable",
        detail ? `The domain cannot be registered: ${detail}` : "The domain is already registered.",
        status,
      );
    }
    // 402: the registrar account cannot pay; 429: rate limited. Neither is the customer's to fix.
    if (status === 402 || status === 429 || status >= 500) {
      throw new RegistrarError(
        "unavailable-service",
        `The domain registrar could not handle the request just now (HTTP ${status}). Please try again later.`,
        status,
      );
    }
    throw new RegistrarError(
      "rejected",
      detail
        ? `The domain registrar refused the request: ${detail}`
        : `The domain registrar refused the request (HTTP ${status}).`,
      status,
    );
  }

  const unexpected = () =>
    new RegistrarError("unavailable-service", "The domain registrar answered in an unexpected form.");

  return {
    async checkAvailability(domain, years): Promise<DomainAvailability> {
      const body = await call("GET", "/v5/domain/check", {
        query: { name: domain, currency: config.currency, processes: "create" },
      });
      if (!isObject(body) || !Array.isArray(body.products)) throw unexpected();
      const products = body.products.filter(isObject) as CheckProduct[];
      const product = products.find((p) => p.name?.toLowerCase() === domain) ?? products[0];
      const available = product?.status === "available";
      const currency = typeof body.currency === "string" ? body.currency.toUpperCase() : config.currency;
      // Prices are only trusted in the currency the rate is for.
      const rate = currency === config.currency ? config.jpyPerUnit : currency === "JPY" ? 1 : null;
      const priceJpy = available && rate !== null ? priceInYen(product?.prices, years, rate) : null;
      return { domain, available, priceJpy, years };
    },

    async renewalPrice(domain, years): Promise<number | null> {
      // The same check endpoint, asked for the renew process: its prices are the renewal grid's.
      const body = await call("GET", "/v5/domain/check", {
        query: { name: domain, currency: config.currency, processes: "renew" },
      });
      if (!isObject(body) || !Array.isArray(body.products)) throw unexpected();
      const products = (body.products.filter(isObject) as CheckProduct[]).filter(
        (p) => (p.process ?? "renew") === "renew" && (!p.name || p.name.toLowerCase() === domain),
      );
      const currency = typeof body.currency === "string" ? body.currency.toUpperCase() : config.currency;
      const rate = currency === config.currency ? config.jpyPerUnit : currency === "JPY" ? 1 : null;
      if (rate === null) return null;
      return priceInYen(products[0]?.prices, years, rate);
    },

    async register(request: RegisterRequest): Promise<void> {
      await call("POST", "/v5/domain/domains", {
        body: {
          fqdn: request.domain,
          duration: request.years,
          owner: gandiOwner(request.owner),
          ...(request.nameServers.length > 0 ? { nameservers: request.nameServers } : {}),
        },
      });
    },

    async renew(domain, years): Promise<void> {
      // https://api.gandi.net/docs/domains/: POST /v5/domain/domains/{domain}/renew {duration}.
      await call("POST", `/v5/domain/domains/${encodeURIComponent(domain)}/renew`, {
        body: { duration: years },
      });
    },

    async getDomain(domain): Promise<DomainInfo | null> {
      const body = await call("GET", `/v5/domain/domains/${encodeURIComponent(domain)}`, {
        notFoundIsUndefined: true,
      });
      if (body === undefined) return null;
      if (!isObject(body)) throw unexpected();
      const dates = isObject(body.dates) ? body.dates : {};
      const ends = typeof dates.registry_ends_at === "string" ? new Date(dates.registry_ends_at) : null;
      // Gandi lists them under nameserver.hosts; a plain `nameservers` list is accepted too.
      const hosts = isObject(body.nameserver) ? body.nameserver.hosts : body.nameservers;
      return {
        domain,
        expiresAt: ends && !Number.isNaN(ends.getTime()) ? ends : null,
        nameServers: Array.isArray(hosts) ? hosts.filter((h): h is string => typeof h === "string") : [],
      };
    },

    async setNameServers(domain, nameServers): Promise<void> {
      await call("PUT", `/v5/domain/domains/${encodeURIComponent(domain)}/nameservers`, {
        body: { nameservers: nameServers },
      });
    },

    servesDns: isLiveDns,

    async setDnsRecords(domain, record: DnsRecordSet): Promise<void> {
      // LiveDNS v5 (https://api.gandi.net/docs/livedns/): PUT on one name and type replaces the set.
      await call(
        "PUT",
        `/v5/livedns/domains/${segment(domain)}/records/${segment(record.name)}/${segment(record.type)}`,
        {
          body: { rrset_values: record.values, rrset_ttl: record.ttl ?? DEFAULT_RECORD_TTL },
          conflictIsRefusal: true,
        },
      );
    },
  };
}
