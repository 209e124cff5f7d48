import { createHash, randomBytes, randomUUID } from "node:crypto";
import { ERROR_CODES, type TEmailResult, type TSender, type TVerificationStatus } from "@shobai/shared";
import { and, desc, eq, gte, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { emailSenderRequests, emailSenders, users } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { sendWithRetry } from "../../providers/email/retry";
import type { EmailProvider } from "../../providers/email/types";
import { MAIL_TEXTS, mailLanguage } from "./mail-texts";
import { providerFailure } from "./provider-failure";
import { renderPlainEmail } from "./render";

export type SenderDeps = {
  db: Database;
  provider: EmailProvider;
  /** Origin for links in emails (PUBLIC_URL). */
  publicUrl: string;
  /** The platform's own sender of the verification emails. */
  systemFrom: { email: string; name?: string };
  now: () => Date;
};

const VERIFY_LINK_HOURS = 24;
/** Sender verification mails per account and hour, and per target address and hour (any account). */
export const VERIFY_LIMITS = { perAccount: 5, perAddress: 1 } as const;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Sender addresses: an owner may send from an address only after opening a link mailed to it, and
 * only a few such mails go out an hour (decision 0017).
 */
export function createSenders(deps: SenderDeps) {
  const { db, provider, now } = deps;

  async function ownerLanguage(ownerId: string) {
    const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, ownerId));
    return mailLanguage(row?.language);
  }

  async function senderStatus(ownerId: string, email: string): Promise<TVerificationStatus> {
    const [row] = await db
      .select()
      .from(emailSenders)
      .where(and(eq(emailSenders.ownerId, ownerId), eq(emailSenders.email, email.toLowerCase())));
    if (row?.status === "verified") return { email, status: "verified", verified: true };
    if (row?.status === "pending" && row.tokenExpiresAt && row.tokenExpiresAt > now()) {
      return { email, status: "pending", verified: false };
    }
    return { email, status: "unverified", verified: false };
  }

  async function requireVerifiedSender(ownerId: string, email: string): Promise<void> {
    if (!(await senderStatus(ownerId, email)).verified) {
      throw new AppError(
        403,
        ERROR_CODES.senderUnverified,
        `${email} is not a verified sender. Verify it on the email service page first.`,
      );
    }
  }

  /**
   * Counts a verification mail against the limits, or refuses with 429: nobody can use Shobai to
   * mail strangers in bulk, nor one address over and over (decision 0017). One lock keeps two
   * simultaneous requests from both passing the count.
   */
  async function takeVerificationSlot(ownerId: string, email: string, at: Date): Promise<void> {
    const since = new Date(at.getTime() - 3_600_000);
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('email_sender_requests'))`);
      const [counts] = await tx
        .select({
          account: sql<number>`count(*) FILTER (WHERE ${emailSenderRequests.ownerId} = ${ownerId})::int`,
          address: sql<number>`count(*) FILTER (WHERE ${emailSenderRequests.email} = ${email})::int`,
        })
        .from(emailSenderRequests)
        .where(
          and(
            gte(emailSenderRequests.createdAt, since),
            or(eq(emailSenderRequests.ownerId, ownerId), eq(emailSenderRequests.email, email)),
          ),
        );
      if (Number(counts?.address ?? 0) >= VERIFY_LIMITS.perAddress) {
        throw new AppError(
          429,
          ERROR_CODES.rateLimited,
          `A verification email was sent to ${email} within the last hour. Open the link in it, or try again later.`,
        );
      }
      if (Number(counts?.account ?? 0) >= VERIFY_LIMITS.perAccount) {
        throw new AppError(
          429,
          ERROR_CODES.rateLimited,
          `At most ${VERIFY_LIMITS.perAccount} verification emails an hour. Please try again later.`,
        );
      }
      await tx.insert(emailSenderRequests).values({ id: randomUUID(), ownerId, email, createdAt: at });
    });
  }

  return {
    status: senderStatus,
    requireVerified: requireVerifiedSender,

    /** Emails a link to the address; opening it verifies the sender for this owner. */
    async requestVerification(ownerId: string, email: string): Promise<TEmailResult> {
      const current = await senderStatus(ownerId, email);
      if (current.verified) return { success: true, message: `${email} is already verified.` };
      const at = now();
      await takeVerificationSlot(ownerId, email.toLowerCase(), at);
      const token = randomBytes(24).toString("base64url");
      const expires = new Date(at.getTime() + VERIFY_LINK_HOURS * 3_600_000);
      await db
        .insert(emailSenders)
        .values({
          id: randomUUID(),
          ownerId,
          email,
          status: "pending",
          tokenHash: hashToken(token),
          tokenExpiresAt: expires,
        })
        .onConflictDoUpdate({
          target: [emailSenders.ownerId, emailSenders.email],
          set: { status: "pending", tokenHash: hashToken(token), tokenExpiresAt: expires },
        });
      const link = `${deps.publicUrl}/api/email/verify-sender/confirm?token=${token}`;
      // In the owner's interface language (the address is theirs, or their staff's).
      const lang = await ownerLanguage(ownerId);
      const words = MAIL_TEXTS[lang];
      const text = words.senderBody(email, link, VERIFY_LINK_HOURS);
      try {
        await sendWithRetry(provider, {
          from: deps.systemFrom,
          to: { email },
          subject: words.senderSubject,
          text,
          html: renderPlainEmail(text, words.senderSubject, lang).html,
          headers: { "Auto-Submitted": "auto-generated" },
          tags: { kind: "sender-verification", owner: ownerId },
          idempotencyKey: `verify-${hashToken(token)}`,
        });
      } catch (error) {
        throw providerFailure(error);
      }
      return { success: true, message: `Verification email sent to ${email}.` };
    },

    /** The owner's sender addresses, newest first, each with its status now. */
    async listSenders(ownerId: string): Promise<TSender[]> {
      const rows = await db
        .select()
        .from(emailSenders)
        .where(eq(emailSenders.ownerId, ownerId))
        .orderBy(desc(emailSenders.createdAt));
      return rows.map((r) => ({
        id: r.id,
        email: r.email,
        status:
          r.status === "verified"
            ? "verified"
            : r.tokenExpiresAt && r.tokenExpiresAt > now()
              ? "pending"
              : "unverified",
        verifiedAt: r.verifiedAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
      }));
    },

    /**
     * Removes a sender address: it may no longer send (a campaign that used it stops at its next
     * batch, decision 0017) until verified again.
     */
    async removeSender(ownerId: string, id: string): Promise<void> {
      const gone = await db
        .delete(emailSenders)
        .where(and(eq(emailSenders.ownerId, ownerId), eq(emailSenders.id, id)))
        .returning({ id: emailSenders.id });
      if (gone.length === 0) throw AppError.notFound("Sender not found");
    },

    /** The link from the verification email. Returns the verified address, or null for a bad or old link. */
    async confirmVerification(token: string): Promise<string | null> {
      const [row] = await db
        .update(emailSenders)
        .set({ status: "verified", verifiedAt: now(), tokenHash: null, tokenExpiresAt: null })
        .where(
          and(
            eq(emailSenders.tokenHash, hashToken(token)),
            eq(emailSenders.status, "pending"),
            gte(emailSenders.tokenExpiresAt, now()),
          ),
        )
        .returning({ email: emailSenders.email });
      return row?.email ?? null;
    },
  };
}

export type Senders = ReturnType<typeof createSenders>;
