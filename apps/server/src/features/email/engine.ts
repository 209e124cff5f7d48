import { type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import PQueue from "p-queue";
import type { Database } from "../../db/client";
import { processAlive } from "../../db/processes";
import { sendWithRetry } from "../../providers/email/retry";
import { type EmailProvider, EmailProviderError } from "../../providers/email/types";
import { MARKETING_AUDIENCE } from "./consent";
import { mailLanguage } from "./mail-texts";
import { linksIn, renderCampaignEmail } from "./render";
import { chooseSender, type PlatformSender, verpAddress } from "./sender-identity";
import { recordDeliveryProblem } from "./suppression";

export type CampaignEngineDeps = {
  db: Database;
  provider: EmailProvider;
  publicUrl: string;
  log?: FastifyBaseLogger;
  now?: () => Date;
  /** Messages per second handed to the provider. */
  ratePerSecond?: number;
  /** Deliveries claimed at once (at most the send concurrency, which is also the default). */
  batchSize?: number;
  /** A delivery left "sending" this long belongs to a process that died (or lost its database). */
  leaseMs?: number;
  /**
   * This process's liveness token (db/processes.ts), written on the rows it claims: a row whose
   * claimer no longer holds its lock is recovered at once instead of after the lease.
   */
  processToken?: number;
  /**
   * Owners (among `ownerIds`) who may send now, with the emails left this month
   * (`Entitlements.allowanceSql`). Without it, every owner may send without limit.
   */
  allowance?: (ownerIds: SQL) => SQL;
  /**
   * The platform's sending identity and the opener of owners' sealed DKIM keys: mail goes From the
   * owner's address signed by their verified domain, else "via" the platform (sender-identity.ts).
   * Without it (tests of the queue alone), mail goes From the campaign's address, unsigned.
   */
  identity?: PlatformSender & { openKey: (sealed: string) => string };
  /** Starts the scheduled campaigns whose time has come, before each round (campaigns.ts). */
  startScheduled?: () => Promise<number>;
};

/**
 * Emails in flight at once (the SMTP pool keeps 20 connections, each carrying one message while the
 * next ones are built and signed in worker threads), and the most claimed at once: a process killed
 * mid-send leaves at most this many emails whose fate nobody knows (shown as "unknown").
 */
const CONCURRENCY = 100;

/**
 * Pauses before each new try of a deferred email (temporary refusal or provider down): 5 min, 30 min,
 * 2 h, 6 h, 12 h, 24 h (≈45 h in all); after the last, it counts as failed.
 */
export const RETRY_DELAYS_MS = [5, 30, 120, 360, 720, 1440].map((minutes) => minutes * 60_000);

/** Hard bounces and spam complaints above which a campaign stops itself (Gmail's and Yahoo's sender rules). */
export const MAX_BOUNCE_RATE = 0.05;
export const MAX_COMPLAINT_RATE = 0.003;
const MIN_REPUTATION_SAMPLE = 20;

/** Providers that drop a repeat of the same idempotency key: an interrupted send may be retried safely. */
const IDEMPOTENT: ReadonlySet<string> = new Set(["outbox", "resend"]);

type Claimed = {
  id: string;
  owner_id: string;
  campaign_id: string;
  to_address: string;
  token: string;
  subject: string;
  content: string;
  /** The composed HTML (MJML, rendered when saved); null for a plain campaign. */
  body_html: string | null;
  type: string;
  track_opens: boolean;
  /** The campaign's sender, verified for its owner in the same statement that claimed the row. */
  from_address: string;
  sender_name: string;
  reply_to: string;
  postal_address: string;
  contact_point: string;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  unsubscribed: boolean;
  /** "bounce" or "complaint" when the owner's mail no longer goes to this address. */
  suppressed: string | null;
  attempts: number;
  /** The recipient's language (the contact's, else the owner's interface language). */
  language: string | null;
  /** The owner's verified DKIM domain for the sender's address, if any. */
  dkim_domain: string | null;
  dkim_selector: string | null;
  dkim_key: string | null;
};

/** The address campaign `c` sends from: its own, else the sender in its owner's settings. */
const SENDER = sql.raw(`lower(coalesce(nullif(c.from_email, ''),
  (SELECT s.sender_email FROM email_settings s WHERE s.owner_id = c.owner_id), ''))`);
/** True when campaign `c`'s sender is a verified address of its owner, now. */
const SENDER_VERIFIED = sql`EXISTS (
  SELECT 1 FROM email_senders es
  WHERE es.owner_id = c.owner_id AND es.status = 'verified' AND lower(es.email) = ${SENDER})`;

/** Campaign `c`'s subject with contact `k`'s values, as the email had it (render.ts fillVariables). */
const FILLED_SUBJECT = sql.raw(`regexp_replace(regexp_replace(regexp_replace(c.subject,
  '\\{\\{\\s*firstName\\s*\\}\\}', replace(k.first_name, '\\', '\\\\'), 'g'),
  '\\{\\{\\s*lastName\\s*\\}\\}', replace(k.last_name, '\\', '\\\\'), 'g'),
  '\\{\\{\\s*company\\s*\\}\\}', replace(k.company, '\\', '\\\\'), 'g')`);

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * Sends campaigns. The deliveries table is the queue: welcome and followup campaigns gain a row per
 * new contact (unique per campaign and contact, so nobody gets one twice), rows are claimed with
 * FOR UPDATE SKIP LOCKED (no more than are sent at once), sent with a rate limit, and marked. A row a dead
 * process left "sending" is sent again only through a provider that drops repeats (same key);
 * otherwise it is marked "unknown" (maybe delivered) rather than risk a second copy.
 */
export function createCampaignEngine(deps: CampaignEngineDeps) {
  const { db, provider } = deps;
  /** The platform's host names each owner's list (List-Id, RFC 2919). */
  const listDomain = new URL(deps.publicUrl).hostname || "shobai.invalid";
  const now = deps.now ?? (() => new Date());
  const batchSize = Math.min(deps.batchSize ?? CONCURRENCY, CONCURRENCY);
  const leaseMs = deps.leaseMs ?? 10 * 60_000;
  /** Owners' private keys, opened once per process (by their sealed form). */
  const openedKeys = new Map<string, string>();
  const openKey = (sealed: string) => {
    let key = openedKeys.get(sealed);
    if (key === undefined) {
      key = deps.identity?.openKey(sealed) ?? "";
      openedKeys.set(sealed, key);
    }
    return key;
  };
  let running: Promise<number> | null = null;
  /** When the bounce and complaint rates were last counted (performance.now()). */
  let reputationCheckedAt = Number.NEGATIVE_INFINITY;
  let stopping = false;
  // At most CONCURRENCY emails in flight, and their starts spread at the configured rate. Timers do
  // not fire more often than every millisecond or so, so a fast rate is kept as a few starts per
  // 10 ms window rather than one start per 0.1 ms (which capped the rate near 750 a second).
  const ratePerSecond = Math.max(1, deps.ratePerSecond ?? 50);
  const rateWindowMs = Math.max(10, 1000 / ratePerSecond);
  const sends = new PQueue({
    concurrency: CONCURRENCY,
    intervalCap: Math.max(1, Math.round((ratePerSecond * rateWindowMs) / 1000)),
    interval: rateWindowMs,
  });

  /** Queues welcome and followup emails for contacts who arrived since their campaign started. */
  async function plan(): Promise<void> {
    await db.execute(sql`
      INSERT INTO email_deliveries (id, owner_id, campaign_id, contact_id, to_address, status, due_at, token)
      SELECT gen_random_uuid()::text, c.owner_id, c.id, k.id, k.email, 'pending',
        CASE WHEN c.type = 'followup' THEN k.created_at + make_interval(days => coalesce(c.followup_days, 3)) ELSE k.created_at END,
        replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')
      FROM email_campaigns c
      JOIN contacts k ON k.owner_id = c.owner_id AND k.created_at >= c.started_at
      WHERE c.is_active AND c.type IN ('welcome', 'followup') AND ${MARKETING_AUDIENCE}
        AND (jsonb_array_length(c.audience) = 0 OR c.audience ? k.status)
      ON CONFLICT (campaign_id, contact_id) DO NOTHING`);
  }

  /**
   * Campaigns whose sender is not (or no longer) a verified address of their owner stop, with the
   * reason shown to the owner: the address was changed in the settings or the campaign while it ran.
   */
  async function stopUnverified(): Promise<void> {
    await db.execute(sql`
      UPDATE email_campaigns c SET is_active = false, state = 'stopped', stop_reason = 'sender_unverified', updated_at = now()
      WHERE c.is_active AND NOT ${SENDER_VERIFIED}`);
  }

  /**
   * Protects the platform's sending reputation: a campaign whose emails since it was last started
   * bounce for good more than 5% of the time, or draw spam complaints more than 0.3% of the time,
   * stops itself with the reason shown to the owner (after at least 20 emails, so one early bounce
   * in a small list does not stop it).
   */
  async function pauseOnBadReputation(): Promise<void> {
    reputationCheckedAt = performance.now();
    await db.execute(sql`
      UPDATE email_campaigns c SET is_active = false, state = 'stopped', updated_at = now(),
        stop_reason = CASE WHEN r.bounced > ${MAX_BOUNCE_RATE}::numeric * r.reached THEN 'bounces' ELSE 'complaints' END
      FROM (
        SELECT d.campaign_id,
          count(*) FILTER (WHERE d.status IN ('sent', 'bounced', 'unknown')) AS reached,
          count(*) FILTER (WHERE d.status = 'bounced') AS bounced,
          count(*) FILTER (WHERE d.complained_at IS NOT NULL) AS complained
        FROM email_deliveries d JOIN email_campaigns a ON a.id = d.campaign_id
        WHERE a.is_active AND (a.resumed_at IS NULL OR d.created_at >= a.resumed_at OR d.sent_at >= a.resumed_at
          OR d.bounced_at >= a.resumed_at)
        GROUP BY d.campaign_id
      ) r
      WHERE c.id = r.campaign_id AND c.is_active AND r.reached >= ${MIN_REPUTATION_SAMPLE}::int
        AND (r.bounced > ${MAX_BOUNCE_RATE}::numeric * r.reached OR r.complained > ${MAX_COMPLAINT_RATE}::numeric * r.reached)`);
  }

  /**
   * Rows a dead process left "sending" (claimed, no outcome recorded). Through a provider that drops
   * repeats of the same idempotency key they are simply sent again: the person gets one. Through
   * SMTP or SendGrid the email may or may not have left, and a second send could be a second copy,
   * so the row becomes "unknown" (shown as such in the campaign's figures), never sent again.
   */
  async function recover(): Promise<void> {
    const stale = new Date(now().getTime() - leaseMs).toISOString();
    const abandoned = sql`status = 'sending' AND campaign_id IS NOT NULL AND (due_at <= ${stale}::timestamptz
      OR (claimed_by IS NOT NULL AND NOT ${processAlive(sql`claimed_by`)}))`;
    if (IDEMPOTENT.has(provider.name)) {
      await db.execute(sql`
        UPDATE email_deliveries SET status = 'pending', claimed_by = NULL WHERE ${abandoned}`);
    } else {
      await db.execute(sql`
        UPDATE email_deliveries SET status = 'unknown', provider = ${provider.name}, claimed_by = NULL,
          last_error = 'Interrupted while sending: it may have been delivered; not sent again so that nobody gets it twice'
        WHERE ${abandoned}`);
    }
  }

  /**
   * Takes due rows of active campaigns; `due_at` becomes the claim time (the lease). The claim reads
   * no more rows than it takes: per owner who may send, the owner's earliest due rows (at most the
   * emails the owner has left, at most a batch) straight from the (owner, status, due) index, then
   * the earliest of those. Ranking every due row of the list (as before) made each claim cost as
   * much as the rows still to go, so a 10,000-email list spent most of its time claiming.
   */
  async function claim(): Promise<Claimed[]> {
    const at = now().toISOString();
    // With plans: only owners whose plan runs, and no more than each has left this month.
    const allowance = deps.allowance
      ? sql`SELECT a.owner_id, a.remaining FROM (${deps.allowance(sql`SELECT owner_id FROM sendable`)}) a`
      : sql`SELECT owner_id, ${batchSize}::int AS remaining FROM sendable`;
    const picked = sql`
        sendable AS MATERIALIZED (
          SELECT c.owner_id, array_agg(c.id) AS campaigns FROM email_campaigns c
          WHERE c.is_active AND ${SENDER_VERIFIED}
          GROUP BY c.owner_id
        ), allowance AS MATERIALIZED (${allowance}),
        picked AS (
          SELECT d.id FROM email_deliveries d
          WHERE d.status = 'pending' AND d.id = ANY(ARRAY(
            SELECT due.id FROM sendable s JOIN allowance a ON a.owner_id = s.owner_id
            CROSS JOIN LATERAL (
              SELECT e.id, e.due_at FROM email_deliveries e
              WHERE e.owner_id = s.owner_id AND e.status = 'pending' AND e.due_at <= ${at}::timestamptz
                AND e.campaign_id = ANY(s.campaigns)
              ORDER BY e.due_at LIMIT greatest(least(a.remaining, ${batchSize}::int), 0)
            ) due
            ORDER BY due.due_at LIMIT ${batchSize}::int
          ))
          FOR UPDATE OF d SKIP LOCKED
        )`;
    return rowsOf<Claimed>(
      await db.execute(sql`
        WITH ${picked}, claimed AS (
          UPDATE email_deliveries d SET status = 'sending', attempts = d.attempts + 1, due_at = ${at}::timestamptz,
            claimed_by = ${deps.processToken ?? null}::int
          FROM picked WHERE d.id = picked.id
          RETURNING d.id, d.owner_id, d.campaign_id, d.contact_id, d.to_address, d.token, d.attempts
        )
        SELECT claimed.id, claimed.owner_id, claimed.campaign_id, claimed.to_address, claimed.token, claimed.attempts,
          c.subject, c.content, c.body_html, c.type, c.track_opens, ${SENDER} AS from_address,
          coalesce(s.sender_name, '') AS sender_name, coalesce(s.reply_to, '') AS reply_to,
          coalesce(s.postal_address, '') AS postal_address, coalesce(s.contact_point, '') AS contact_point,
          k.first_name, k.last_name, k.company,
          coalesce(c.language, k.language, (SELECT u.language FROM users u WHERE u.id = claimed.owner_id)) AS language,
          ed.domain AS dkim_domain, ed.selector AS dkim_selector, ed.private_key_sealed AS dkim_key,
          EXISTS (SELECT 1 FROM email_unsubscribes u WHERE u.owner_id = claimed.owner_id AND u.email = claimed.to_address) AS unsubscribed,
          (SELECT x.kind FROM email_suppressions x WHERE x.owner_id = claimed.owner_id AND x.email = lower(claimed.to_address)) AS suppressed
        FROM claimed
        JOIN email_campaigns c ON c.id = claimed.campaign_id
        LEFT JOIN email_settings s ON s.owner_id = claimed.owner_id
        LEFT JOIN contacts k ON k.id = claimed.contact_id
        LEFT JOIN email_domains ed ON ed.owner_id = claimed.owner_id AND ed.status = 'verified'
          AND ed.domain = split_part(${SENDER}, '@', 2)`),
    );
  }

  type Outcome = {
    id: string;
    status: string;
    error: string | null;
    messageId: string | null;
    dueAt: Date | null;
  };

  /**
   * Records a whole batch's outcomes in one statement (one round trip, one commit): the deliveries'
   * states, and for every email sent an entry on its contact's timeline with the campaign's subject.
   */
  async function record(outcomes: Outcome[]): Promise<void> {
    if (outcomes.length === 0) return;
    const at = now().toISOString();
    await db.execute(sql`
      WITH updated AS (
        UPDATE email_deliveries d SET status = o.status, last_error = o.error, provider = ${provider.name},
          provider_message_id = o.message_id,
          sent_at = CASE WHEN o.status = 'sent' THEN ${at}::timestamptz ELSE d.sent_at END,
          bounced_at = CASE WHEN o.status = 'bounced' THEN ${at}::timestamptz ELSE d.bounced_at END,
          due_at = coalesce(o.due_at, d.due_at)
        FROM unnest(${sql.param(outcomes.map((o) => o.id))}::text[], ${sql.param(outcomes.map((o) => o.status))}::text[],
          ${sql.param(outcomes.map((o) => o.error))}::text[], ${sql.param(outcomes.map((o) => o.messageId))}::text[],
          ${sql.param(outcomes.map((o) => o.dueAt?.toISOString() ?? null))}::timestamptz[])
          AS o(id, status, error, message_id, due_at)
        WHERE d.id = o.id
        RETURNING d.owner_id, d.contact_id, d.campaign_id, d.status
      )
      INSERT INTO contact_activities (id, owner_id, contact_id, type, data, created_at)
      SELECT gen_random_uuid()::text, d.owner_id, d.contact_id, 'email_sent',
        jsonb_build_object('subject', ${FILLED_SUBJECT}, 'campaign', c.name, 'campaignId', c.id), ${at}::timestamptz
      FROM updated d JOIN email_campaigns c ON c.id = d.campaign_id
      JOIN contacts k ON k.id = d.contact_id
      WHERE d.status = 'sent'`);
    // A hard bounce stops the owner's mail to that address (later campaigns skip it).
    const bounced = outcomes.filter((o) => o.status === "bounced");
    for (const o of bounced) {
      await recordDeliveryProblem(db, { kind: "bounce", reason: o.error ?? "", at: now(), deliveryId: o.id });
    }
  }

  /**
   * The owner's addresses in each claimed campaign's text, by link id (added to the campaign's link
   * set the first time they are sent): click links name an id, never a URL (decision 0017). `known`
   * holds the round's sets so far: a link's id never changes, so later batches of the round ask the
   * database only about addresses it has not seen yet (none, unless a campaign's text changed).
   */
  async function linkSets(rows: Claimed[], known: Map<string, Map<string, string>>): Promise<void> {
    const campaignIds: string[] = [];
    const urls: string[] = [];
    const seen = new Set<string>();
    for (const row of rows) {
      if (seen.has(row.campaign_id)) continue;
      seen.add(row.campaign_id);
      const set = known.get(row.campaign_id);
      for (const url of new Set(linksIn(row.content))) {
        if (set?.has(url)) continue;
        campaignIds.push(row.campaign_id);
        urls.push(url);
      }
    }
    if (urls.length === 0) return;
    const wanted = sql`unnest(${sql.param(campaignIds)}::text[], ${sql.param(urls)}::text[]) AS w(campaign_id, url)`;
    await db.execute(sql`
      INSERT INTO email_links (id, campaign_id, url)
      SELECT left(replace(gen_random_uuid()::text, '-', ''), 16), w.campaign_id, w.url FROM ${wanted}
      ON CONFLICT (campaign_id, url) DO NOTHING`);
    const found = rowsOf<{ id: string; campaign_id: string; url: string }>(
      await db.execute(sql`
        SELECT l.id, l.campaign_id, l.url FROM email_links l JOIN ${wanted}
          ON w.campaign_id = l.campaign_id AND w.url = l.url`),
    );
    for (const link of found) {
      const set = known.get(link.campaign_id) ?? new Map<string, string>();
      set.set(link.url, link.id);
      known.set(link.campaign_id, set);
    }
  }

  /** Sends one email (its turn in `sends` has come). */
  async function deliver(row: Claimed, links: Map<string, string> | undefined): Promise<Outcome> {
    const outcome = (status: string, fields: Partial<Omit<Outcome, "id" | "status">> = {}): Outcome => ({
      id: row.id,
      status,
      error: fields.error ?? null,
      messageId: fields.messageId ?? null,
      dueAt: fields.dueAt ?? null,
    });
    if (row.unsubscribed) return outcome("skipped", { error: "Unsubscribed" });
    if (row.suppressed) {
      return outcome("skipped", {
        error: row.suppressed === "complaint" ? "Reported an earlier email as spam" : "Bounced before",
      });
    }
    const { via: _via, ...sender } = deps.identity
      ? chooseSender({
          address: row.from_address,
          name: row.sender_name,
          replyTo: row.reply_to,
          ownKey:
            row.dkim_domain && row.dkim_selector && row.dkim_key
              ? {
                  domainName: row.dkim_domain,
                  keySelector: row.dkim_selector,
                  privateKey: openKey(row.dkim_key),
                }
              : null,
          platform: deps.identity,
        })
      : {
          from: { email: row.from_address, ...(row.sender_name ? { name: row.sender_name } : {}) },
          ...(row.reply_to ? { replyTo: { email: row.reply_to } } : {}),
          via: false,
        };
    const bounceDomain = deps.identity?.bounceDomain;
    const message = renderCampaignEmail({
      subject: row.subject,
      content: row.content,
      bodyHtml: row.body_html,
      recipient: {
        firstName: row.first_name ?? "",
        lastName: row.last_name ?? "",
        company: row.company ?? "",
      },
      senderName: row.sender_name,
      postalAddress: row.postal_address,
      contactPoint: row.contact_point,
      trackOpens: row.track_opens,
      // Welcome and followup mails go out by themselves when a contact arrives (RFC 3834).
      automatic: row.type !== "newsletter",
      listId: `${row.owner_id}.${listDomain}`,
      lang: mailLanguage(row.language),
      links: {
        base: deps.publicUrl,
        token: row.token,
        linkId: (url) => {
          const id = links?.get(url);
          if (!id) throw new Error(`No link id for ${url}`);
          return id;
        },
      },
    });
    try {
      const sent = await sendWithRetry(
        provider,
        {
          ...sender,
          to: { email: row.to_address },
          ...message,
          ...(bounceDomain ? { envelopeFrom: verpAddress(row.token, bounceDomain) } : {}),
          tags: { kind: "campaign", owner: row.owner_id, delivery: row.token },
          idempotencyKey: `delivery-${row.id}`,
        },
        { attempts: 3, maxDelayMs: 5_000 },
      );
      return outcome("sent", { messageId: sent.providerMessageId });
    } catch (error) {
      if (error instanceof EmailProviderError && error.retryable) {
        // Deferred: try again after a growing pause (or the provider's, if longer), for up to 48 hours.
        const delay = RETRY_DELAYS_MS[row.attempts - 1];
        if (delay === undefined) {
          return outcome("failed", {
            error: `Still refused after ${row.attempts} tries over 48 hours: ${error.message}`,
          });
        }
        const dueAt = new Date(now().getTime() + Math.max(error.retryAfterMs ?? 0, delay));
        return outcome("pending", { error: error.message, dueAt });
      }
      if (error instanceof EmailProviderError && error.bounce)
        return outcome("bounced", { error: error.message });
      const text = error instanceof Error ? error.message : String(error);
      deps.log?.warn({ delivery: row.id, err: text }, "campaign email failed");
      return outcome("failed", { error: text });
    }
  }

  /** Waits until at most `batchSize − room` emails are queued or on the wire. */
  async function roomFor(room: number): Promise<void> {
    while (!stopping && sends.size + sends.pending > batchSize - room) {
      await new Promise<void>((resolve) => sends.once("next", () => resolve()));
    }
  }

  /** Claimed rows that were never handed to the provider: pending again, due at once. */
  async function release(ids: string[]): Promise<void> {
    await db.execute(sql`
      UPDATE email_deliveries SET status = 'pending', attempts = greatest(attempts - 1, 0)
      WHERE id = ANY(${sql.param(ids)}::text[]) AND status = 'sending'`);
  }

  /** Newsletters whose every email is done become "sent". */
  async function finishNewsletters(): Promise<void> {
    await db.execute(sql`
      UPDATE email_campaigns c SET state = 'sent', is_active = false, updated_at = now()
      WHERE c.type = 'newsletter' AND c.is_active
        AND NOT EXISTS (SELECT 1 FROM email_deliveries d WHERE d.campaign_id = c.id AND d.status IN ('pending', 'sending'))`);
  }

  /** One round: plan, recover, then send until nothing is due (bounded). Returns emails handled. */
  async function round(maxBatches: number): Promise<number> {
    await deps.startScheduled?.();
    await plan();
    await recover();
    await stopUnverified();
    await pauseOnBadReputation();
    let handled = 0;
    // Batches overlap: the next batch is claimed (and its links prepared) while half of the current
    // one is still on the wire, so the connections never wait for the slowest email of a batch, a
    // claim or a record. Outcomes are recorded batch by batch, one record at a time.
    const batches: Promise<void>[] = [];
    const links = new Map<string, Map<string, string>>();
    let recording: Promise<void> = Promise.resolve();
    for (let i = 0; i < maxBatches && !stopping; i++) {
      // At most two batches at a time: the next is claimed once half of the current one is done,
      // and never before the one before it is recorded and its bounces counted (so a campaign that
      // bounces too much stops within two batches).
      await roomFor(Math.ceil(batchSize / 2));
      await batches[i - 2]?.catch(() => undefined);
      if (stopping) break;
      const rows = await claim();
      if (rows.length === 0) break;
      await linkSets(rows, links);
      // An email whose turn comes after shutdown began goes back to the queue.
      const sending = Promise.all(
        rows.map((row) =>
          sends.add(
            async (): Promise<Outcome | null> => (stopping ? null : deliver(row, links.get(row.campaign_id))),
          ),
        ),
      );
      const batch = sending.then((results) => {
        const outcomes = results.filter((o): o is Outcome => o !== null);
        const notBegun = rows.filter((_row, n) => results[n] === null).map((r) => r.id);
        recording = recording.then(async () => {
          await record(outcomes);
          // Bounces and complaints also arrive later (DSNs, webhooks): the rates are counted again
          // at least once a second, and at once after a batch with a bounce.
          if (
            outcomes.some((o) => o.status === "bounced") ||
            performance.now() - reputationCheckedAt >= 1000
          ) {
            await pauseOnBadReputation();
          }
          if (notBegun.length > 0) await release(notBegun);
          handled += outcomes.length;
        });
        return recording;
      });
      batches.push(batch);
      // A short batch: nothing more is due now.
      if (rows.length < batchSize) break;
    }
    const settled = await Promise.allSettled(batches);
    const failure = settled.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failure) throw failure.reason;
    await finishNewsletters();
    return handled;
  }

  return {
    /** Runs one round unless one is running; resolves with the number of emails handled. */
    tick(maxBatches = 50): Promise<number> {
      if (stopping) return Promise.resolve(0);
      if (!running) {
        running = round(maxBatches).finally(() => {
          running = null;
        });
      }
      return running;
    },
    /**
     * Graceful shutdown: no new round or batch starts; the emails being sent finish and are
     * recorded, the rest of the claimed batch goes back to pending. Resolves when nothing is in flight.
     */
    async stop(): Promise<void> {
      stopping = true;
      await running?.catch(() => undefined);
    },
  };
}

export type CampaignEngine = ReturnType<typeof createCampaignEngine>;
