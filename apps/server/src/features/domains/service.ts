import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import {
  ERROR_CODES,
  isWithinDomain,
  type TDomainSearchResult,
  type TDomainServiceStatus,
  type TOwnedDomain,
  type TRegisterDomain,
  type TRegisterDomainResult,
  toUnicodeHostname,
  withTax,
} from "@shobai/shared";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { isUniqueViolation } from "../../lib/db-errors";
import {
  type DnsRecordSet,
  type DomainInfo,
  type Registrar,
  RegistrarError,
} from "../../providers/registrar/types";
import * as q from "./queries";

export type DomainsDeps = {
  db: Database;
  /** The registrar, when REGISTRAR_API_TOKEN is set; the service is "not configured" otherwise. */
  registrar: Registrar | undefined;
  log?: FastifyBaseLogger;
  now?: () => Date;
};

const DOMAIN_SERVICE_READY = "Domain service is ready";
export const DOMAIN_SERVICE_NOT_CONFIGURED =
  "Domain registration is not configured on this server (REGISTRAR_API_TOKEN)";

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;
const POLL_MS = 100;
/** How long a repeat waits for the first request with its Idempotency-Key to finish (wall clock). */
const PENDING_WAIT_MS = 60_000;

function toOwnedDomain(row: q.DomainRow): TOwnedDomain {
  return {
    id: row.id,
    domain: row.name,
    unicodeDomain: toUnicodeHostname(row.name),
    status: row.status as TOwnedDomain["status"],
    registrationPeriod: row.registrationPeriod,
    priceJpy: row.priceJpy,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    nameServers: row.nameServers,
    createdAt: row.createdAt.toISOString(),
    autoRenew: row.autoRenew,
  };
}

/**
 * The key that makes a repeated registration return the first outcome: the client's
 * Idempotency-Key header, or else a hash of the request itself (so a double click is one order).
 */
function idempotencyKeyOf(header: string | undefined, input: TRegisterDomain): string {
  if (header !== undefined) {
    const key = header.trim();
    if (!IDEMPOTENCY_KEY.test(key))
      throw AppError.badRequest(
        ERROR_CODES.validation,
        "Idempotency-Key must be 1 to 255 visible ASCII characters",
      );
    return `key:${key}`;
  }
  const hash = createHash("sha256").update(JSON.stringify(input)).digest("hex");
  return `body:${hash}`;
}

/**
 * The names a host name is or lies in, itself first, the TLD left out:
 * www.shop.example.jp → www.shop.example.jp, shop.example.jp, example.jp.
 */
function enclosingNames(hostname: string): string[] {
  const labels = hostname.toLowerCase().replace(/\.$/, "").split(".");
  return labels.slice(0, -1).map((_, i) => labels.slice(i).join("."));
}

/** A domain registered through Shobai that a host name is or lies in. */
export type RegisteredDomain = {
  domain: string;
  ownerId: string;
  /**
   * Shobai can set the host's DNS records: the domain is active, uses the registrar's own name
   * servers (the default), and a registrar is configured.
   */
  registrarDns: boolean;
};

/** A record for a host name in the zone of a domain at the registrar's DNS. */
export type HostRecord = { hostname: string; type: DnsRecordSet["type"]; values: string[] };

const years = (n: number) => (n === 1 ? "1 year" : `${n} years`);

export function createDomainsService(deps: DomainsDeps) {
  const { db, registrar, log } = deps;
  const now = deps.now ?? (() => new Date());

  function requireRegistrar(): Registrar {
    if (!registrar) throw AppError.notConfigured(DOMAIN_SERVICE_NOT_CONFIGURED);
    return registrar;
  }

  /** A registrar failure as the API answers it; refusals are the caller's (400), outages ours. */
  function failure(error: unknown): unknown {
    if (!(error instanceof RegistrarError)) return error;
    log?.warn({ kind: error.kind, status: error.status, err: error.message }, "registrar call failed");
    switch (error.kind) {
      case "misconfigured":
        return AppError.notConfigured(error.message);
      case "timeout":
        return new AppError(504, ERROR_CODES.registrarFailed, error.message);
      case "unavailable-service":
        return new AppError(502, ERROR_CODES.registrarFailed, error.message);
      case "unavailable":
        return AppError.conflict(ERROR_CODES.domainUnavailable, error.message);
      default:
        return AppError.badRequest(ERROR_CODES.validation, error.message);
    }
  }

  const alreadyRegistered = (domain: string): TRegisterDomainResult => ({
    success: false,
    domain,
    message: `${toUnicodeHostname(domain)} is already registered`,
  });

  function storedOutcome(row: q.DomainRow, domain: string): TRegisterDomainResult {
    if (row.name !== domain) {
      throw AppError.conflict(
        ERROR_CODES.conflict,
        `This Idempotency-Key was already used to register ${toUnicodeHostname(row.name)}; use a new key for another domain`,
      );
    }
    if (row.status === "registering") {
      throw AppError.conflict(
        ERROR_CODES.conflict,
        `The registration of ${toUnicodeHostname(row.name)} is still in progress; try again in a minute`,
      );
    }
    return {
      success: true,
      domain: row.name,
      message: `${toUnicodeHostname(row.name)} is registered for ${years(row.registrationPeriod)}`,
    };
  }

  /** Waits while another request with the same key is at the registrar; undefined if it failed. */
  async function settled(ownerId: string, key: string): Promise<q.DomainRow | undefined> {
    const deadline = Date.now() + PENDING_WAIT_MS;
    for (;;) {
      const row = await q.findByIdempotencyKey(db, ownerId, key);
      if (row?.status !== "registering" || Date.now() >= deadline) return row;
      await sleep(POLL_MS);
    }
  }

  async function attempt(
    reg: Registrar,
    row: q.DomainRow,
    input: TRegisterDomain,
  ): Promise<TRegisterDomainResult> {
    const domain = input.domain;
    let priceJpy: number | null;
    let info: DomainInfo | null;
    try {
      const check = await reg.checkAvailability(domain, input.registrationPeriod);
      if (!check.available) {
        await q.deleteRegistering(db, row.id);
        return alreadyRegistered(domain);
      }
      priceJpy = check.priceJpy === null ? null : withTax(check.priceJpy);
      try {
        await reg.register({
          domain,
          years: input.registrationPeriod,
          owner: input.ownerContact,
          nameServers: input.nameServers,
        });
      } catch (error) {
        // No answer (or a failure) after the order was sent: the registrar may still have taken it.
        // Asking whether the domain is now ours keeps a paid registration from being forgotten.
        if (!(error instanceof RegistrarError) || !["timeout", "unavailable-service"].includes(error.kind))
          throw error;
        const found = await reg.getDomain(domain).catch(() => null);
        if (!found) throw error;
        log?.warn({ domain }, "registrar failed to answer, but the domain was registered");
      }
      // The registration is accepted; its details are best effort (Gandi may still be processing it).
      info = await reg.getDomain(domain).catch(() => null);
    } catch (error) {
      await q.deleteRegistering(db, row.id);
      if (error instanceof RegistrarError && (error.kind === "unavailable" || error.kind === "rejected")) {
        log?.info({ domain, kind: error.kind, err: error.message }, "registrar declined a registration");
        return {
          success: false,
          domain,
          message: error.kind === "unavailable" ? alreadyRegistered(domain).message : error.message,
        };
      }
      throw failure(error);
    }
    const fallback = new Date(now());
    fallback.setUTCFullYear(fallback.getUTCFullYear() + input.registrationPeriod);
    const active = await q.markActive(db, row.id, {
      expiresAt: info?.expiresAt ?? fallback,
      nameServers: info && info.nameServers.length > 0 ? info.nameServers : input.nameServers,
      priceJpy,
    });
    return storedOutcome(active ?? row, domain);
  }

  const servedByRegistrar = (row: q.DomainRow) =>
    row.status === "active" && registrar?.servesDns(row.nameServers) === true;

  return {
    status(): TDomainServiceStatus {
      return registrar
        ? { configured: true, message: DOMAIN_SERVICE_READY }
        : { configured: false, message: DOMAIN_SERVICE_NOT_CONFIGURED };
    },

    /** Availability and the yen price for `registrationPeriod` years. */
    async search(domain: string, registrationPeriod: number): Promise<TDomainSearchResult> {
      const reg = requireRegistrar();
      const base = { domain, unicodeDomain: toUnicodeHostname(domain), registrationPeriod };
      // Registered (or being registered) through Shobai: no need to ask.
      if (await q.findByName(db, domain)) return { ...base, available: false, price: null };
      try {
        const check = await reg.checkAvailability(domain, registrationPeriod);
        // The registrar's price is what we pay; customers see it with consumption tax (decision 0043).
        const cost = check.available ? check.priceJpy : null;
        return {
          ...base,
          available: check.available,
          price: cost === null ? null : withTax(cost),
          priceExcludingTax: cost,
        };
      } catch (error) {
        throw failure(error);
      }
    },

    /**
     * Registers a domain once per idempotency key. The row is written (`registering`) before the
     * registrar is called, so a repeat or a concurrent twin finds it and never orders twice; a refused
     * or failed registration removes it again, so nothing is left half-registered.
     */
    async register(
      ownerId: string,
      input: TRegisterDomain,
      idempotencyHeader: string | undefined,
    ): Promise<TRegisterDomainResult> {
      const reg = requireRegistrar();
      const key = idempotencyKeyOf(idempotencyHeader, input);
      for (let round = 0; round < 3; round++) {
        const existing = await q.findByIdempotencyKey(db, ownerId, key);
        if (existing) {
          const row = existing.status === "registering" ? await settled(ownerId, key) : existing;
          // The first request failed and removed its row: this one is a fresh attempt.
          if (!row) continue;
          return storedOutcome(row, input.domain);
        }
        const taken = await q.findByName(db, input.domain);
        // Our own twin request inserted it between the two reads: wait for its outcome (next round).
        if (taken?.ownerId === ownerId && taken.idempotencyKey === key) continue;
        if (taken) return alreadyRegistered(input.domain);
        let row: q.DomainRow;
        try {
          row = await q.insertDomain(db, {
            id: crypto.randomUUID(),
            ownerId,
            name: input.domain,
            status: "registering",
            registrationPeriod: input.registrationPeriod,
            idempotencyKey: key,
            ownerContact: { ...input.ownerContact },
            nameServers: input.nameServers,
          });
        } catch (error) {
          // Someone else got there first (same key or same name): look again.
          if (isUniqueViolation(error)) continue;
          throw error;
        }
        return attempt(reg, row, input);
      }
      throw AppError.conflict(
        ERROR_CODES.conflict,
        "Another registration of this domain is in progress; try again in a minute",
      );
    },

    async list(ownerId: string): Promise<TOwnedDomain[]> {
      return (await q.listOwned(db, ownerId)).map(toOwnedDomain);
    },

    async updateNameServers(ownerId: string, domain: string, nameServers: string[]): Promise<TOwnedDomain> {
      const row = await q.findOwned(db, ownerId, domain);
      if (!row) throw AppError.notFound("Domain not found");
      if (row.status !== "active") {
        throw AppError.conflict(
          ERROR_CODES.conflict,
          `${toUnicodeHostname(row.name)} is ${row.status === "registering" ? "still being registered" : "expired"}`,
        );
      }
      const reg = requireRegistrar();
      try {
        await reg.setNameServers(row.name, nameServers);
      } catch (error) {
        throw failure(error);
      }
      const updated = await q.setNameServers(db, ownerId, row.id, nameServers);
      if (!updated) throw AppError.notFound("Domain not found");
      return toOwnedDomain(updated);
    },

    /** The domain registered through Shobai (any owner) that `hostname` is or lies in; null if none. */
    async registeredDomainOf(hostname: string): Promise<RegisteredDomain | null> {
      const names = enclosingNames(hostname);
      const rows = await q.findByNames(db, names);
      // The longest name wins (a host is in at most one registered domain; this is only a tie-break).
      const row = rows.sort((a, b) => b.name.length - a.name.length)[0];
      return row ? { domain: row.name, ownerId: row.ownerId, registrarDns: servedByRegistrar(row) } : null;
    },

    /**
     * The owner's domains whose DNS Shobai can set at the registrar: active, on the registrar's
     * default name servers. Empty without a registrar. Moving a domain to other name servers takes it
     * off this list (the records left at the registrar are then simply not used).
     */
    async registrarDnsDomains(ownerId: string): Promise<string[]> {
      if (!registrar) return [];
      return (await q.listOwned(db, ownerId)).filter(servedByRegistrar).map((row) => row.name);
    },

    /**
     * Creates or replaces a host's record set in the registrar's DNS zone of one of the owner's
     * domains (one of `registrarDnsDomains`). Throws the API's error: 404 when the domain is not the
     * owner's, 409 when its DNS is elsewhere, and the registrar's failures as `register` maps them.
     */
    async setDnsRecord(ownerId: string, domain: string, record: HostRecord): Promise<void> {
      const reg = requireRegistrar();
      const row = await q.findOwned(db, ownerId, domain);
      const hostname = record.hostname.toLowerCase();
      if (!row || !isWithinDomain(hostname, row.name)) throw AppError.notFound("Domain not found");
      if (!servedByRegistrar(row)) {
        throw AppError.conflict(
          ERROR_CODES.conflict,
          `${toUnicodeHostname(row.name)} does not use the registrar's name servers; set its DNS records at its DNS provider`,
        );
      }
      const name = hostname === row.name ? "@" : hostname.slice(0, -(row.name.length + 1));
      try {
        await reg.setDnsRecords(row.name, { name, type: record.type, values: record.values });
      } catch (error) {
        throw failure(error);
      }
    },
  };
}

export type DomainsService = ReturnType<typeof createDomainsService>;
