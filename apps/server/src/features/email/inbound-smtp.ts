import type { AddressInfo } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { SMTPServer } from "smtp-server";
import type { Database } from "../../db/client";
import { readInboundReport } from "./inbound-reports";
import { recordDeliveryProblem } from "./suppression";
import { isAtDomain, tokenFromVerp } from "./verp";

export type InboundSmtpOptions = {
  db: Database;
  /** The bounce domain (EMAIL_BOUNCE_DOMAIN): the only addresses mail is taken for. */
  domain: string;
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  log: FastifyBaseLogger;
  /** Largest message taken; a DSN or feedback report with its original is far smaller. */
  maxBytes?: number;
  now?: () => Date;
};

export const INBOUND_MAX_BYTES = 5 * 1024 * 1024;

const smtpError = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

/**
 * The bounce domain's mail server (decision 0037): takes mail for addresses at that domain only,
 * reads each message as a delivery status notification or a feedback report, and records a hard
 * bounce or a complaint against the delivery it names. What it cannot use is taken and dropped (a
 * refusal would only make the sender bounce the bounce); a database failure answers 451, so the
 * sending server tries again later.
 */
export async function startInboundSmtp(options: InboundSmtpOptions) {
  const log = options.log.child({ component: "inbound-smtp" });
  const maxBytes = options.maxBytes ?? INBOUND_MAX_BYTES;
  const now = options.now ?? (() => new Date());

  async function handle(raw: Buffer, recipients: string[]): Promise<void> {
    let report: Awaited<ReturnType<typeof readInboundReport>>;
    try {
      report = await readInboundReport(raw);
    } catch (err) {
      log.info({ err, recipients }, "inbound mail could not be read; dropped");
      return;
    }
    if (report.kind === null) {
      log.info({ recipients }, "inbound mail is no permanent failure or complaint; dropped");
      return;
    }
    const verp = recipients
      .map((r) => tokenFromVerp(r, options.domain))
      .filter((t): t is string => t !== null);
    const candidates = [
      ...verp.map((token) => ({ token })),
      ...report.tokens.map((token) => ({ token })),
      ...report.messageIds.map((providerMessageId) => ({ providerMessageId })),
    ];
    for (const match of candidates) {
      if (
        await recordDeliveryProblem(options.db, {
          kind: report.kind,
          reason: report.reason,
          at: now(),
          ...match,
        })
      ) {
        log.info({ kind: report.kind, by: Object.keys(match)[0] }, "inbound report recorded");
        return;
      }
    }
    log.info({ kind: report.kind, recipients }, "inbound report names no delivery of ours; dropped");
  }

  const server = new SMTPServer({
    logger: false,
    banner: "Shobai bounce processor",
    // No accounts here: it is a mail exchanger, not a submission server. Without a certificate of
    // its own it offers no STARTTLS either (smtp-server's built-in one would be a shared key).
    disabledCommands: ["AUTH", "STARTTLS"],
    authOptional: true,
    size: maxBytes,
    maxClients: 100,
    socketTimeout: 60_000,
    // On shutdown, a sending server still connected gets this long to finish, then is cut off (it
    // tries again later: nothing was accepted that was not recorded).
    closeTimeout: 5_000,
    onRcptTo(address, _session, callback) {
      if (!isAtDomain(address.address, options.domain)) {
        callback(smtpError(550, "5.7.1 Relay access denied"));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let bytes = 0;
      stream.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes <= maxBytes) chunks.push(chunk);
      });
      stream.on("error", (err) => callback(err));
      stream.on("end", () => {
        if (bytes > maxBytes || (stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          callback(smtpError(552, `5.3.4 Message too big (at most ${maxBytes} bytes)`));
          return;
        }
        const recipients = session.envelope.rcptTo.map((r) => r.address);
        handle(Buffer.concat(chunks), recipients).then(
          () => callback(null),
          (err: unknown) => {
            log.error({ err }, "inbound report could not be recorded; the sender will try again");
            callback(smtpError(451, "4.3.0 Temporary failure, try again later"));
          },
        );
      });
    },
  });
  server.on("error", (err) => log.error({ err }, "inbound SMTP error"));
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  log.info({ host: options.host, port, domain: options.domain }, "inbound SMTP listening");
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type InboundSmtp = Awaited<ReturnType<typeof startInboundSmtp>>;
