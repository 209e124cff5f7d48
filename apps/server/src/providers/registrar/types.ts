import type { TOwnerContact } from "@shobai/shared";

/**
 * The registrar as the product sees it (decision 0010): one implementation talks to Gandi's REST
 * API v5; tests talk to the same protocol on loopback (testing/registrar-peer.ts).
 */
export type RegistrarErrorKind =
  /** The name cannot be had (taken, reserved, premium). */
  | "unavailable"
  /** The registrar refused the request itself (owner contact, name servers, policy). */
  | "rejected"
  /** The registrar failed, is rate limiting us or cannot be reached: try again later. */
  | "unavailable-service"
  /** The registrar refused our credentials (401/403): the operator must fix the configuration. */
  | "misconfigured"
  /** No answer within the time limit: the outcome of a write is unknown. */
  | "timeout";

/** A registrar failure in the product's words; its message never carries the access token. */
export class RegistrarError extends Error {
  override name = "RegistrarError";
  constructor(
    readonly kind: RegistrarErrorKind,
    message: string,
    /** The registrar's HTTP status, when it answered. */
    readonly status?: number,
  ) {
    super(message);
  }
}

export type DomainAvailability = {
  /** ASCII (punycode) name as checked. */
  domain: string;
  available: boolean;
  /** Price for `years`, integer JPY (rounded up); null when not available or not priced. */
  priceJpy: number | null;
  years: number;
};

export type RegisterRequest = {
  domain: string;
  years: number;
  owner: TOwnerContact;
  /** Empty: the registrar's own name servers. */
  nameServers: string[];
};

export type DomainInfo = {
  domain: string;
  expiresAt: Date | null;
  nameServers: string[];
};

/** One record set in the registrar's DNS zone of a domain (all values of one name and type). */
export type DnsRecordSet = {
  /** Relative to the domain: "www", "shop.www"; "@" for the domain itself. */
  name: string;
  type: "A" | "AAAA" | "CNAME";
  /** A and AAAA: addresses; CNAME: one absolute name with its trailing dot ("shop.example.net."). */
  values: string[];
  /** Seconds; default 300. */
  ttl?: number;
};

export interface Registrar {
  /** Whether the name can be registered, and its price for `years` in integer JPY. */
  checkAvailability(domain: string, years: number): Promise<DomainAvailability>;
  /** Orders the registration; resolves when the registrar has accepted the order. */
  register(request: RegisterRequest): Promise<void>;
  /**
   * Today's price to renew the domain for `years`, integer JPY (rounded up) as the registrar charges
   * it (before our consumption tax); null when the registrar gives no renewal price for it.
   */
  renewalPrice(domain: string, years: number): Promise<number | null>;
  /** Renews the domain for `years` more; resolves when the registrar has accepted the order. */
  renew(domain: string, years: number): Promise<void>;
  /** The domain as the registrar holds it; null when the registrar does not (yet) know it. */
  getDomain(domain: string): Promise<DomainInfo | null>;
  /** Replaces the domain's name servers. */
  setNameServers(domain: string, nameServers: string[]): Promise<void>;
  /**
   * Whether these name servers (as stored for a domain) are the registrar's own DNS, where
   * `setDnsRecords` takes effect. Empty means the registrar's defaults.
   */
  servesDns(nameServers: readonly string[]): boolean;
  /** Creates or replaces one record set in the domain's zone at the registrar's DNS. */
  setDnsRecords(domain: string, record: DnsRecordSet): Promise<void>;
}
