import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local server on 127.0.0.1 that speaks the part of Gandi's REST API v5 the product uses
 * (decision 0010): availability and prices, registration, domain info and name servers, and
 * LiveDNS record sets, with Gandi's JSON shapes, Bearer access tokens and error bodies. Registered
 * domains and their zones live in memory (`records(fqdn)` shows a zone).
 * Tests steer it: `failNext` answers the next requests with an error, `setDelay` makes it slow,
 * `requests` lists what it received.
 */

export type RegistrarPeerOptions = {
  /** The personal access token it accepts. */
  token: string;
  /** Currency of its prices (Gandi answers EUR, USD or GBP). Default EUR. */
  currency?: string;
  /** Yearly price after taxes per TLD ("jp" → 28.5); a TLD not listed is not sold. */
  prices: Record<string, number>;
  /** Yearly renewal price per TLD when it differs from `prices` (registries raise them). */
  renewPrices?: Record<string, number>;
  /** Names registered elsewhere. */
  taken?: string[];
  port?: number;
};

export type PeerRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorized: boolean;
};

/** One LiveDNS record set as stored: values as sent (CNAME targets with their trailing dot). */
export type PeerRecordSet = { name: string; type: string; values: string[]; ttl: number };

export type PeerDomain = {
  fqdn: string;
  duration: number;
  owner: Record<string, unknown>;
  nameServers: string[];
  createdAt: Date;
  endsAt: Date;
  /** The LiveDNS zone, by "name/TYPE". */
  zone: Map<string, PeerRecordSet>;
};

type Answer = { status: number; body: unknown };
type Failure = {
  status: number;
  body: unknown;
  times: number;
  afterHandling: boolean;
  method: string | undefined;
  path: string | undefined;
};

const RECORD_TYPES = new Set(["A", "AAAA", "CNAME", "MX", "TXT", "CAA", "SRV", "NS", "ALIAS"]);
/** Like Gandi's default zone for a new domain: a parking address and www redirected to it. */
const PARKING: PeerRecordSet[] = [
  { name: "@", type: "A", values: ["217.70.184.38"], ttl: 10800 },
  { name: "www", type: "CNAME", values: ["webredir.vip.gandi.net."], ttl: 10800 },
];
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

const OWNER_FIELDS = ["given", "family", "email", "phone", "streetaddr", "city", "zip", "country", "type"];
const REASONS: Record<number, [string, string]> = {
  400: ["HTTPBadRequest", "Bad Request"],
  401: ["HTTPUnauthorized", "Unauthorized"],
  402: ["HTTPPaymentRequired", "Payment Required"],
  403: ["HTTPForbidden", "Forbidden"],
  404: ["HTTPNotFound", "Not Found"],
  409: ["HTTPConflict", "Conflict"],
  429: ["HTTPTooManyRequests", "Too Many Requests"],
  500: ["HTTPInternalServerError", "Internal Server Error"],
  502: ["HTTPBadGateway", "Bad Gateway"],
  503: ["HTTPServiceUnavailable", "Service Unavailable"],
};

/** Gandi's error body: code, message, object, cause and (for validation) errors[]. */
function gandiError(
  status: number,
  message: string,
  errors?: { location: string; name: string; description: string }[],
): Answer {
  const [object, cause] = REASONS[status] ?? ["HTTPError", "Error"];
  return { status, body: { code: status, message, object, cause, ...(errors ? { errors } : {}) } };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

export async function startRegistrarPeer(options: RegistrarPeerOptions) {
  const currency = options.currency ?? "EUR";
  const renewPrices: Record<string, number> = { ...options.renewPrices };
  const taken = new Set((options.taken ?? []).map((d) => d.toLowerCase()));
  const registered = new Map<string, PeerDomain>();
  const requests: PeerRequest[] = [];
  /** Answered when a domain was registered without name servers. */
  const defaultNameServers = ["ns-101-a.gandi.net", "ns-101-b.gandi.net", "ns-101-c.gandi.net"];
  let failure: Failure | null = null;
  let delayMs = 0;

  function check(name: string, process = "create"): Answer {
    const fqdn = name.toLowerCase();
    const tld = fqdn.split(".").at(-1) ?? "";
    if (process === "renew") {
      // A renewal is priced for a name held in this account; others have no renew product.
      const yearly = renewPrices[tld] ?? options.prices[tld];
      const held = registered.has(fqdn) && yearly !== undefined;
      return {
        status: 200,
        body: {
          currency,
          grid: "A",
          products: [
            {
              name: fqdn,
              process: "renew",
              status: held ? "available" : "unavailable",
              taxes: [],
              ...(held
                ? {
                    prices: [
                      {
                        duration_unit: "y",
                        min_duration: 1,
                        max_duration: 9,
                        discount: false,
                        price_after_taxes: yearly,
                        price_before_taxes: yearly,
                      },
                    ],
                  }
                : {}),
            },
          ],
        },
      };
    }
    const price = options.prices[tld];
    const free = price !== undefined && !taken.has(fqdn) && !registered.has(fqdn);
    return {
      status: 200,
      body: {
        currency,
        grid: "A",
        products: [
          {
            name: fqdn,
            process: "create",
            status: price === undefined ? "unavailable_tld" : free ? "available" : "unavailable",
            taxes: [],
            ...(free
              ? {
                  prices: [
                    {
                      duration_unit: "y",
                      min_duration: 1,
                      max_duration: 10,
                      discount: false,
                      price_after_taxes: price,
                      price_before_taxes: price,
                      options: { period: "golive" },
                    },
                  ],
                }
              : {}),
          },
        ],
      },
    };
  }

  function register(body: unknown): Answer {
    if (!isObject(body)) return gandiError(400, "Invalid JSON body");
    const errors: { location: string; name: string; description: string }[] = [];
    const fqdn = typeof body.fqdn === "string" ? body.fqdn.toLowerCase() : "";
    if (!fqdn) errors.push({ location: "body", name: "fqdn", description: "required" });
    const duration = body.duration ?? 1;
    if (!Number.isInteger(duration) || (duration as number) < 1 || (duration as number) > 10)
      errors.push({ location: "body", name: "duration", description: "must be 1 to 10 years" });
    const owner = isObject(body.owner) ? body.owner : {};
    for (const field of OWNER_FIELDS) {
      if (typeof owner[field] !== "string" || !owner[field])
        errors.push({ location: "body", name: `owner.${field}`, description: "required" });
    }
    if (typeof owner.phone === "string" && !/^\+\d{1,3}\.\d{4,14}$/.test(owner.phone))
      errors.push({ location: "body", name: "owner.phone", description: "must look like +81.312345678" });
    if (owner.country === "JP" && !/^JP-\d{2}$/.test(String(owner.state ?? "")))
      errors.push({
        location: "body",
        name: "owner.state",
        description: "must be an ISO 3166-2 code (JP-13)",
      });
    if (owner.type === "company" && !owner.orgname)
      errors.push({ location: "body", name: "owner.orgname", description: "required for a company" });
    const nameServers = Array.isArray(body.nameservers) ? body.nameservers.map(String) : [];
    if (nameServers.length === 1)
      errors.push({ location: "body", name: "nameservers", description: "at least two name servers" });
    if (errors.length > 0) return gandiError(400, "Invalid request", errors);
    const tld = fqdn.split(".").at(-1) ?? "";
    if (options.prices[tld] === undefined) return gandiError(400, `The TLD .${tld} is not sold`);
    if (taken.has(fqdn) || registered.has(fqdn)) return gandiError(409, `${fqdn} is not available`);
    const createdAt = new Date();
    const endsAt = new Date(createdAt);
    endsAt.setUTCFullYear(endsAt.getUTCFullYear() + (duration as number));
    registered.set(fqdn, {
      fqdn,
      duration: duration as number,
      owner,
      nameServers: nameServers.length > 0 ? nameServers : defaultNameServers,
      createdAt,
      endsAt,
      zone: new Map(PARKING.map((r) => [`${r.name}/${r.type}`, { ...r, values: [...r.values] }])),
    });
    return { status: 202, body: { message: "Confirmed" } };
  }

  /** POST /v5/domain/domains/{fqdn}/renew: adds `duration` years to the registry end date. */
  function renew(fqdn: string, body: unknown): Answer {
    const domain = registered.get(fqdn.toLowerCase());
    if (!domain) return gandiError(404, "The requested resource was not found");
    const duration = isObject(body) ? (body.duration ?? 1) : 1;
    if (!Number.isInteger(duration) || (duration as number) < 1 || (duration as number) > 10)
      return gandiError(400, "Invalid request", [
        { location: "body", name: "duration", description: "must be 1 to 10 years" },
      ]);
    domain.endsAt = new Date(domain.endsAt);
    domain.endsAt.setUTCFullYear(domain.endsAt.getUTCFullYear() + (duration as number));
    domain.duration += duration as number;
    return { status: 202, body: { message: "Confirmed" } };
  }

  function info(fqdn: string): Answer {
    const domain = registered.get(fqdn.toLowerCase());
    if (!domain) return gandiError(404, "The requested resource was not found");
    return {
      status: 200,
      body: {
        fqdn: domain.fqdn,
        fqdn_unicode: domain.fqdn,
        tld: domain.fqdn.split(".").at(-1),
        status: [],
        dates: {
          created_at: domain.createdAt.toISOString(),
          registry_created_at: domain.createdAt.toISOString(),
          registry_ends_at: domain.endsAt.toISOString(),
          updated_at: domain.createdAt.toISOString(),
        },
        nameserver: {
          current: domain.nameServers === defaultNameServers ? "livedns" : "other",
          hosts: domain.nameServers,
        },
        autorenew: false,
        can_tld_lock: false,
        is_locked: false,
      },
    };
  }

  function setNameServers(fqdn: string, body: unknown): Answer {
    const domain = registered.get(fqdn.toLowerCase());
    if (!domain) return gandiError(404, "The requested resource was not found");
    const list = isObject(body) && Array.isArray(body.nameservers) ? body.nameservers.map(String) : [];
    if (list.length < 2)
      return gandiError(400, "Invalid request", [
        { location: "body", name: "nameservers", description: "at least two name servers" },
      ]);
    domain.nameServers = list;
    return { status: 202, body: { message: "Nameservers updated" } };
  }

  /** LiveDNS: PUT /v5/livedns/domains/{fqdn}/records/{name}/{type} replaces one record set. */
  function putRecords(fqdn: string, name: string, type: string, body: unknown): Answer {
    const domain = registered.get(fqdn.toLowerCase());
    if (!domain) return gandiError(404, "The requested resource was not found");
    const rrName = name.toLowerCase();
    const rrType = type.toUpperCase();
    if (!RECORD_TYPES.has(rrType)) return gandiError(400, `Unsupported record type ${type}`);
    const errors: { location: string; name: string; description: string }[] = [];
    const values =
      isObject(body) &&
      Array.isArray(body.rrset_values) &&
      body.rrset_values.every((v) => typeof v === "string")
        ? (body.rrset_values as string[])
        : [];
    if (values.length === 0)
      errors.push({ location: "body", name: "rrset_values", description: "a list of values is required" });
    const ttl = isObject(body) && body.rrset_ttl !== undefined ? body.rrset_ttl : 10800;
    if (!Number.isInteger(ttl) || (ttl as number) < 300 || (ttl as number) > 2_592_000)
      errors.push({ location: "body", name: "rrset_ttl", description: "must be 300 to 2592000" });
    if (rrType === "A" && !values.every((v) => IPV4.test(v)))
      errors.push({ location: "body", name: "rrset_values", description: "must be IPv4 addresses" });
    if (rrType === "CNAME" && (values.length !== 1 || rrName === "@"))
      errors.push({
        location: "body",
        name: "rrset_values",
        description: rrName === "@" ? "a CNAME is not allowed at the apex" : "a CNAME has exactly one value",
      });
    if (errors.length > 0) return gandiError(400, "Invalid request", errors);
    const others = [...domain.zone.values()].filter((r) => r.name === rrName && r.type !== rrType);
    if (others.length > 0 && (rrType === "CNAME" || others.some((r) => r.type === "CNAME")))
      return gandiError(409, `A CNAME cannot share the name ${rrName} with other records`);
    domain.zone.set(`${rrName}/${rrType}`, { name: rrName, type: rrType, values, ttl: ttl as number });
    return { status: 201, body: { message: "DNS Record Created" } };
  }

  function route(method: string, path: string, query: Record<string, string>, body: unknown): Answer {
    if (method === "GET" && path === "/v5/domain/check") {
      if (!query.name) return gandiError(400, "name is required");
      return check(query.name, query.processes);
    }
    if (method === "POST" && path === "/v5/domain/domains") return register(body);
    const rr = path.match(/^\/v5\/livedns\/domains\/([^/]+)\/records\/([^/]+)\/([^/]+)$/);
    if (rr && method === "PUT")
      return putRecords(
        decodeURIComponent(rr[1] as string),
        decodeURIComponent(rr[2] as string),
        decodeURIComponent(rr[3] as string),
        body,
      );
    const rn = path.match(/^\/v5\/domain\/domains\/([^/]+)\/renew$/);
    if (rn && method === "POST") return renew(decodeURIComponent(rn[1] as string), body);
    const ns = path.match(/^\/v5\/domain\/domains\/([^/]+)\/nameservers$/);
    if (ns && method === "PUT") return setNameServers(decodeURIComponent(ns[1] as string), body);
    const one = path.match(/^\/v5\/domain\/domains\/([^/]+)$/);
    if (one && method === "GET") return info(decodeURIComponent(one[1] as string));
    return gandiError(404, "The requested resource was not found");
  }

  /** Uses up one of a failure's `times` (clearing it after the last) and gives its answer. */
  function spend(fail: Failure): Answer {
    fail.times -= 1;
    if (fail.times <= 0) failure = null;
    return { status: fail.status, body: fail.body };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://peer");
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = undefined;
      }
      const authorized = req.headers.authorization === `Bearer ${options.token}`;
      const method = req.method ?? "GET";
      requests.push({
        method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body,
        authorized,
      });
      // A failure belongs to the request that arrives while it is set, also when the answer is
      // delayed: a slow request of one test must not take the failure a later test sets.
      const fail =
        failure &&
        (!failure.method || failure.method === method) &&
        (!failure.path || failure.path === url.pathname)
          ? failure
          : null;
      const failed = fail ? spend(fail) : null;
      const answer = (): Answer => {
        if (failed && !fail?.afterHandling) return failed;
        let result: Answer;
        if (!authorized) result = gandiError(401, "The server could not verify that you are authorized");
        else if (body === undefined) result = gandiError(400, "Invalid JSON body");
        else result = route(method, url.pathname, Object.fromEntries(url.searchParams), body);
        return failed ?? result;
      };
      const send = () => {
        const { status, body: out } = answer();
        if (res.destroyed) return;
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(out));
      };
      if (delayMs > 0) setTimeout(send, delayMs);
      else send();
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    registered,
    /** The registry raised (or lowered) a TLD's renewal price. */
    setRenewPrice(tld: string, price: number) {
      renewPrices[tld] = price;
    },
    /** The LiveDNS zone of a registered domain (record sets sorted by name and type); [] if unknown. */
    records(fqdn: string): PeerRecordSet[] {
      const zone = registered.get(fqdn.toLowerCase())?.zone;
      return [...(zone?.values() ?? [])].sort(
        (a, b) => a.name.localeCompare(b.name) || a.type.localeCompare(b.type),
      );
    },
    /** One record set of a registered domain's zone, e.g. record("shop.jp", "www", "CNAME"). */
    record(fqdn: string, name: string, type: string): PeerRecordSet | undefined {
      return registered.get(fqdn.toLowerCase())?.zone.get(`${name.toLowerCase()}/${type.toUpperCase()}`);
    },
    /** Requests to one path (and method), e.g. count("POST", "/v5/domain/domains"). */
    count(method: string, path: string): number {
      return requests.filter((r) => r.method === method && r.path === path).length;
    },
    /**
     * Answers the next `times` requests with `status` and a Gandi error body. With afterHandling the
     * request still takes effect first (a registration that succeeded but whose answer was lost).
     * With method and path only matching requests fail.
     */
    failNext(
      status: number,
      opts: {
        times?: number;
        message?: string;
        afterHandling?: boolean;
        method?: string;
        path?: string;
      } = {},
    ) {
      failure = {
        status,
        body: gandiError(status, opts.message ?? `Simulated failure ${status}`).body,
        times: opts.times ?? 1,
        afterHandling: opts.afterHandling ?? false,
        method: opts.method,
        path: opts.path,
      };
    },
    /** Every answer waits this long (0: none), to try timeouts. */
    setDelay(ms: number) {
      delayMs = ms;
    },
    reset() {
      failure = null;
      delayMs = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type RegistrarPeer = Awaited<ReturnType<typeof startRegistrarPeer>>;
