import { generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import { domainToASCII } from "node:url";
import { ERROR_CODES, type TSendingDomain } from "@shobai/shared";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { emailDomains } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { SecretBox } from "../../lib/secret-box";
import { domainOf } from "../../providers/email/message";

/** The TXT texts at a DNS name (each record's strings joined), or why the lookup failed. */
export type TxtResolver = (name: string) => Promise<{ found: string[] } | { failed: string }>;

/** What nodemailer's DKIM signer takes. */
export type DkimKey = { domainName: string; keySelector: string; privateKey: string };

/**
 * Mailbox providers' domains: only the provider can publish records there, and most have a strict
 * DMARC policy, so mail "From" them through anyone else is refused. They always go "via" us.
 */
export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  "gmail.com",
  "googlemail.com",
  "yahoo.co.jp",
  "ymail.ne.jp",
  "yahoo.com",
  "outlook.com",
  "outlook.jp",
  "hotmail.com",
  "hotmail.co.jp",
  "live.jp",
  "live.com",
  "msn.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "docomo.ne.jp",
  "ezweb.ne.jp",
  "au.com",
  "softbank.ne.jp",
  "i.softbank.jp",
  "gmx.com",
  "gmx.net",
  "yandex.com",
  "mail.com",
  "zoho.com",
  "wp.pl",
  "onet.pl",
  "o2.pl",
  "interia.pl",
  "yahoo.co.id",
  "yahoo.com.my",
]);

const dkimName = (selector: string, domain: string) => `${selector}._domainkey.${domain}`;
const dkimValue = (publicKey: string) => `v=DKIM1; k=rsa; p=${publicKey}`;
/** The p= of a DKIM TXT record, without the spaces DNS hosts sometimes add. */
const publicKeyIn = (txt: string) =>
  /(?:^|;)\s*p\s*=\s*([A-Za-z0-9+/=\s]*)/.exec(txt)?.[1]?.replace(/\s+/g, "");

type DomainRow = typeof emailDomains.$inferSelect;
const PROBLEMS = ["missing", "mismatch", "lookup_failed"] as const;
const SPF_FINDINGS = ["ok", "missing", "no_include", "multiple", "lookup_failed"] as const;
type SpfFinding = (typeof SPF_FINDINGS)[number];

const isSpf = (txt: string) => /^v=spf1(\s|$)/i.test(txt.trim());

/**
 * What a domain's TXT records say about its SPF and the platform's include (RFC 7208: one record
 * starting "v=spf1"; more than one is a permanent error for receivers).
 */
export function spfFinding(
  lookup: { found: string[] } | { failed: string },
  include: string,
): { finding: SpfFinding; record: string | null } {
  if ("failed" in lookup) return { finding: "lookup_failed", record: null };
  const records = lookup.found.filter(isSpf);
  if (records.length === 0) return { finding: "missing", record: null };
  if (records.length > 1) return { finding: "multiple", record: records[0] ?? null };
  const record = (records[0] as string).trim();
  const terms = record.toLowerCase().split(/\s+/);
  return {
    finding: terms.some((t) => t.replace(/^[+?~]/, "") === include.toLowerCase()) ? "ok" : "no_include",
    record,
  };
}

/**
 * The SPF record to publish: the domain's own with the include added before its final "all" (or
 * "redirect="), or a new one that soft-fails everything else.
 */
export function spfRecordWith(existing: string | null, include: string): string {
  if (!existing) return `v=spf1 ${include} ~all`;
  const terms = existing.trim().split(/\s+/);
  const end = terms.findIndex((t) => /^[+\-~?]?all$/i.test(t) || /^redirect=/i.test(t));
  if (end === -1) return [...terms, include].join(" ");
  return [...terms.slice(0, end), include, ...terms.slice(end)].join(" ");
}

/**
 * Owners' sending domains: a 2048-bit RSA key per domain, the records to publish, a DNS check, and
 * the signing key once verified (decision 0036).
 */
export function createSendingDomains(deps: {
  db: Database;
  box: SecretBox;
  txt: TxtResolver;
  now: () => Date;
  /** The platform's SPF domain owners include ("include:" + the bounce or sending domain). */
  spfDomain: string;
}) {
  const { db, box } = deps;
  const include = `include:${deps.spfDomain}`;

  function toDomain(row: DomainRow, dmarcMissing = false, spfRecord: string | null = null): TSendingDomain {
    const spf = SPF_FINDINGS.find((f) => f === row.spf) ?? null;
    return {
      id: row.id,
      domain: row.domain,
      status: row.status === "verified" ? "verified" : "pending",
      records: [
        {
          type: "TXT",
          name: dkimName(row.selector, row.domain),
          value: dkimValue(row.publicKey),
          purpose: "dkim",
        },
        ...(dmarcMissing || row.status !== "verified"
          ? [
              {
                type: "TXT" as const,
                name: `_dmarc.${row.domain}`,
                value: "v=DMARC1; p=none",
                purpose: "dmarc" as const,
              },
            ]
          : []),
        ...(spf !== "ok"
          ? [
              {
                type: "TXT" as const,
                name: row.domain,
                value: spfRecordWith(spfRecord, include),
                purpose: "spf" as const,
              },
            ]
          : []),
      ],
      problem: PROBLEMS.find((p) => p === row.problem) ?? null,
      spf,
      spfInclude: include,
      checkedAt: row.checkedAt?.toISOString() ?? null,
      verifiedAt: row.verifiedAt?.toISOString() ?? null,
    };
  }

  async function owned(ownerId: string, id: string): Promise<DomainRow> {
    const [row] = await db
      .select()
      .from(emailDomains)
      .where(and(eq(emailDomains.ownerId, ownerId), eq(emailDomains.id, id)));
    if (!row) throw AppError.notFound("Sending domain not found");
    return row;
  }

  return {
    async list(ownerId: string): Promise<TSendingDomain[]> {
      const rows = await db
        .select()
        .from(emailDomains)
        .where(eq(emailDomains.ownerId, ownerId))
        .orderBy(asc(emailDomains.createdAt));
      return rows.map((r) => toDomain(r));
    },

    /** Makes the key pair and answers the records to publish; adding the same domain again answers it as it is. */
    async add(ownerId: string, input: string): Promise<TSendingDomain> {
      const domain = domainToASCII(input.trim().toLowerCase().replace(/\.$/, ""));
      if (!domain?.includes(".")) {
        throw new AppError(400, ERROR_CODES.validation, "Enter a domain name such as example.jp");
      }
      if (FREE_MAIL_DOMAINS.has(domain)) {
        throw new AppError(
          400,
          ERROR_CODES.freeMailDomain,
          `${domain} belongs to a mailbox provider: only it can sign mail for it. Your emails go out as “via Shobai” with replies to your address; to send as yourself, use an address at your own domain.`,
        );
      }
      const [existing] = await db
        .select()
        .from(emailDomains)
        .where(and(eq(emailDomains.ownerId, ownerId), eq(emailDomains.domain, domain)));
      if (existing) return toDomain(existing);
      const { publicKey, privateKey } = generateKeyPairSync("rsa", {
        modulusLength: 2048,
        publicKeyEncoding: { type: "spki", format: "der" },
        privateKeyEncoding: { type: "pkcs8", format: "pem" },
      });
      const [row] = await db
        .insert(emailDomains)
        .values({
          id: randomUUID(),
          ownerId,
          domain,
          // A fresh selector per key: a new key can be published beside the old one (rotation).
          selector: `shobai${randomBytes(3).toString("hex")}`,
          publicKey: publicKey.toString("base64"),
          privateKeySealed: box.seal(privateKey),
        })
        .onConflictDoNothing()
        .returning();
      if (!row) return this.add(ownerId, domain);
      return toDomain(row);
    },

    /** Looks the records up in DNS; verified when the DKIM record carries our public key. */
    async check(ownerId: string, id: string): Promise<TSendingDomain> {
      const row = await owned(ownerId, id);
      const name = dkimName(row.selector, row.domain);
      const [dkim, dmarc, spfLookup] = await Promise.all([
        deps.txt(name),
        deps.txt(`_dmarc.${row.domain}`),
        deps.txt(row.domain),
      ]);
      const spf = spfFinding(spfLookup, include);
      let problem: NonNullable<TSendingDomain["problem"]> | null = null;
      if ("failed" in dkim) problem = "lookup_failed";
      else if (dkim.found.length === 0) problem = "missing";
      else if (!dkim.found.some((txt) => publicKeyIn(txt) === row.publicKey)) problem = "mismatch";
      const at = deps.now();
      const verified = problem === null;
      const [updated] = await db
        .update(emailDomains)
        .set({
          status: verified
            ? "verified"
            : row.status === "verified" && "failed" in dkim
              ? "verified"
              : "pending",
          problem,
          spf: spf.finding,
          checkedAt: at,
          ...(verified && !row.verifiedAt ? { verifiedAt: at } : {}),
        })
        .where(eq(emailDomains.id, row.id))
        .returning();
      const dmarcMissing = "found" in dmarc && !dmarc.found.some((t) => /^v=DMARC1/i.test(t.trim()));
      return toDomain(updated ?? row, dmarcMissing, spf.record);
    },

    async remove(ownerId: string, id: string): Promise<void> {
      const row = await owned(ownerId, id);
      await db.delete(emailDomains).where(eq(emailDomains.id, row.id));
    },

    /** The key that signs mail From `address` for this owner, when its domain is verified. */
    async signingKey(ownerId: string, address: string): Promise<DkimKey | null> {
      const [row] = await db
        .select()
        .from(emailDomains)
        .where(
          and(
            eq(emailDomains.ownerId, ownerId),
            eq(emailDomains.domain, domainOf(address)),
            eq(emailDomains.status, "verified"),
          ),
        );
      return row
        ? { domainName: row.domain, keySelector: row.selector, privateKey: box.open(row.privateKeySealed) }
        : null;
    },
  };
}

export type SendingDomains = ReturnType<typeof createSendingDomains>;
