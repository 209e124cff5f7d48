import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerSession } from "smtp-server";

export type SunkMessage = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server on loopback that keeps every message it takes, as the receiving side of tests.
 * `refuse(address, code, text)` makes it answer RCPT TO for that address with a 5xx (permanent) or
 * 4xx (temporary) reply, as a real mailbox provider does.
 */
export async function startSmtpSink() {
  const messages: SunkMessage[] = [];
  const refusals = new Map<string, { code: number; text: string }>();
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    onRcptTo(address, _session, callback) {
      const refusal = refusals.get(address.address.toLowerCase());
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback(null);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Messages to one address. */
    to: (address: string) => messages.filter((m) => m.to.includes(address)),
    refuse(address: string, code: number, text: string) {
      refusals.set(address.toLowerCase(), { code, text });
    },
    accept(address: string) {
      refusals.delete(address.toLowerCase());
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** A message as a mail client reads it (mailparser): decoded text, html and headers. */
export async function readMessage(raw: string) {
  const mail = await simpleParser(raw);
  return {
    text: mail.text ?? "",
    html: typeof mail.html === "string" ? mail.html : "",
    subject: mail.subject ?? "",
    header: (name: string) => {
      const value = mail.headers.get(name.toLowerCase());
      return typeof value === "string" ? value : value === undefined ? undefined : JSON.stringify(value);
    },
  };
}
