import net, { type AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerOptions, type SMTPServerSession } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { sendWithRetry } from "./retry";
import { createSmtpProvider, parseSmtpUrl } from "./smtp";
import { type EmailProvider, EmailProviderError, type OutgoingEmail } from "./types";

// A real SMTP server on loopback; each test starts its own with the behaviour it needs.
type Received = { from: string; to: string[]; raw: string; secure: boolean; user: unknown };

const servers: SMTPServer[] = [];
const providers: EmailProvider[] = [];

afterEach(async () => {
  await Promise.all(providers.splice(0).map((p) => p.close?.()));
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

async function startServer(options: SMTPServerOptions = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
          secure: session.secure,
          user: session.user,
        });
        callback(null);
      });
    },
    ...options,
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return { received, port };
}

function smtp(url: string, extra: Partial<Parameters<typeof createSmtpProvider>[0]> = {}) {
  const provider = createSmtpProvider({ url, connectionTimeoutMs: 2000, socketTimeoutMs: 5000, ...extra });
  providers.push(provider);
  return provider;
}

const smtpReply = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

const message: OutgoingEmail = {
  from: { email: "shop@example.jp", name: "Sakura Bakery" },
  to: { email: "hanako@example.com", name: "Hanako Yamada" },
  replyTo: { email: "owner@example.jp" },
  subject: "Spring menu",
  html: "<p>Our spring menu is here.</p>",
  text: "Our spring menu is here.",
  headers: {
    "List-Unsubscribe": "<https://app.example.jp/u/abc123>",
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  },
};

describe("SMTP provider", () => {
  it("delivers both parts, the unsubscribe headers, from and to, authenticated with user and pass", async () => {
    const logins: { username?: string; password?: string | null }[] = [];
    const { received, port } = await startServer({
      authOptional: false,
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        logins.push({ username: auth.username, password: auth.password });
        if (auth.username === "mailer" && auth.password === "p@ss word")
          return callback(null, { user: "mailer" });
        callback(new Error("Invalid username or password"));
      },
    });
    const provider = smtp(`smtp://mailer:${encodeURIComponent("p@ss word")}@127.0.0.1:${port}`, {
      allowPlaintextAuth: true,
    });

    const result = await provider.send(message);

    expect(logins).toEqual([{ username: "mailer", password: "p@ss word" }]);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.from).toBe("shop@example.jp");
    expect(mail.to).toEqual(["hanako@example.com"]);
    expect(mail.user).toBe("mailer");
    expect(mail.raw).toMatch(/^From: Sakura Bakery <shop@example\.jp>\r$/m);
    expect(mail.raw).toMatch(/^To: Hanako Yamada <hanako@example\.com>\r$/m);
    expect(mail.raw).toMatch(/^Reply-To: owner@example\.jp\r$/m);
    expect(mail.raw).toMatch(/^Subject: Spring menu\r$/m);
    expect(mail.raw).toMatch(/^List-Unsubscribe: <https:\/\/app\.example\.jp\/u\/abc123>\r$/m);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(mail.raw).toMatch(/Content-Type: text\/plain[\s\S]*Our spring menu is here\./);
    expect(mail.raw).toMatch(/Content-Type: text\/html[\s\S]*<p>Our spring menu is here\.<\/p>/);
    expect(result.providerMessageId).toMatch(/^<.+@.+>$/);
    expect(mail.raw).toContain(`Message-ID: ${result.providerMessageId}`);
  });

  it("encodes a Japanese subject and names", async () => {
    const { received, port } = await startServer();
    await smtp(`smtp://127.0.0.1:${port}`).send({
      ...message,
      from: { email: "shop@example.jp", name: "さくらベーカリー" },
      subject: "春のメニューのお知らせ",
    });
    expect(received[0]!.raw).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/m);
    expect(received[0]!.raw).toMatch(/^From: =\?UTF-8\?[BQ]\?.+\?= <shop@example\.jp>/m);
  });

  it("never sends the password unencrypted: without STARTTLS on offer it refuses, unless the operator opts out", async () => {
    const logins: string[] = [];
    const { received, port } = await startServer({
      authOptional: false,
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        logins.push(`${auth.username}:${auth.password}`);
        callback(null, { user: auth.username });
      },
    });
    const error = await smtp(`smtp://mailer:sup3r-secret@127.0.0.1:${port}`)
      .send(message)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "misconfigured", provider: "smtp", retryable: false });
    expect((error as Error).message).toContain("does not offer STARTTLS");
    expect((error as Error).message).not.toContain("sup3r-secret");
    expect(logins).toEqual([]);
    expect(received).toEqual([]);

    await smtp(`smtp://mailer:sup3r-secret@127.0.0.1:${port}`, { allowPlaintextAuth: true }).send(message);
    expect(logins).toEqual(["mailer:sup3r-secret"]);
  });

  it("logs in over STARTTLS and names itself in EHLO as configured", async () => {
    const greetings: string[] = [];
    const { received, port } = await startServer({
      disabledCommands: [],
      authOptional: false,
      onAuth(auth, session, callback) {
        greetings.push(session.hostNameAppearsAs);
        callback(null, { user: auth.username });
      },
    });
    await smtp(`smtp://mailer:pw@127.0.0.1:${port}`, {
      tls: { rejectUnauthorized: false },
      ehloName: "mail.shobai.example",
    }).send(message);
    expect(received[0]).toMatchObject({ secure: true, user: "mailer" });
    expect(greetings).toEqual(["mail.shobai.example"]);
  });

  it("uses STARTTLS when the server offers it", async () => {
    const { received, port } = await startServer({ disabledCommands: [] });
    await smtp(`smtp://127.0.0.1:${port}`, { tls: { rejectUnauthorized: false } }).send(message);
    expect(received[0]!.secure).toBe(true);
  });

  it("speaks implicit TLS for smtps://", async () => {
    const { received, port } = await startServer({ secure: true });
    await smtp(`smtps://127.0.0.1:${port}`, { tls: { rejectUnauthorized: false } }).send(message);
    expect(received[0]!.secure).toBe(true);
  });

  it("gives the same Message-ID to repeats of an idempotency key", async () => {
    const { received, port } = await startServer();
    const provider = smtp(`smtp://127.0.0.1:${port}`);
    const a = await provider.send({ ...message, idempotencyKey: "campaign-1/contact-9" });
    const b = await provider.send({ ...message, idempotencyKey: "campaign-1/contact-9" });
    expect(a.providerMessageId).toBe(b.providerMessageId);
    expect(a.providerMessageId).toMatch(/@example\.jp>$/);
    expect(received).toHaveLength(2);
  });

  it("keeps sending over a new connection after the server dropped an idle one", async () => {
    // The server ends a session idle for 150 ms (421); the next message needs a new connection.
    let connections = 0;
    const { received, port } = await startServer({
      socketTimeout: 150,
      onConnect(_session, callback) {
        connections++;
        callback();
      },
    });
    const provider = smtp(`smtp://127.0.0.1:${port}`);
    await provider.send({ ...message, idempotencyKey: "drop-1" });
    await new Promise((resolve) => setTimeout(resolve, 400));
    await provider.send({ ...message, idempotencyKey: "drop-2" });
    expect(received).toHaveLength(2);
    expect(connections).toBe(2);
    for (const mail of received) expect(mail.raw).toMatch(/Our spring menu is here\.\r?\n/);
  });

  it("turns a 550 recipient refusal into a rejected error that is not retried", async () => {
    const { received, port } = await startServer({
      onRcptTo(_address, _session, callback) {
        callback(smtpReply(550, "5.1.1 No such user here"));
      },
    });
    const provider = smtp(`smtp://127.0.0.1:${port}`);
    const sleeps: number[] = [];
    const error = await sendWithRetry(provider, message, { sleep: async (ms) => void sleeps.push(ms) }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EmailProviderError);
    expect(error).toMatchObject({ kind: "rejected", provider: "smtp", status: 550, retryable: false });
    expect((error as Error).message).toBe(
      "The SMTP server refused the recipient address: 550 5.1.1 No such user here",
    );
    expect(sleeps).toEqual([]);
    expect(received).toEqual([]);
  });

  it("treats a 451 as unavailable and delivers on retry", async () => {
    let rcptCalls = 0;
    const { received, port } = await startServer({
      onRcptTo(_address, _session, callback) {
        rcptCalls++;
        callback(rcptCalls === 1 ? smtpReply(451, "4.3.0 Temporary local problem, try later") : null);
      },
    });
    const provider = smtp(`smtp://127.0.0.1:${port}`);

    const first = await provider.send(message).catch((e: unknown) => e);
    expect(first).toMatchObject({ kind: "unavailable", status: 451, retryable: true });
    expect((first as Error).message).toContain("temporarily refused the recipient address: 451");

    rcptCalls = 0;
    const sleeps: number[] = [];
    const result = await sendWithRetry(provider, message, {
      baseDelayMs: 100,
      random: () => 0,
      sleep: async (ms) => void sleeps.push(ms),
    });
    expect(result.attempts).toBe(2);
    expect(sleeps).toEqual([50]);
    expect(received).toHaveLength(1);
  });

  it("reports wrong credentials as misconfigured without the password", async () => {
    const { port } = await startServer({
      authOptional: false,
      allowInsecureAuth: true,
      onAuth(_auth, _session, callback) {
        callback(new Error("Invalid username or password"));
      },
    });
    const error = await smtp(`smtp://mailer:sup3r-secret@127.0.0.1:${port}`, { allowPlaintextAuth: true })
      .send(message)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "misconfigured", provider: "smtp" });
    expect((error as Error).message).toContain(
      `The SMTP server at 127.0.0.1:${port} refused the user name or password`,
    );
    expect((error as Error).message).not.toContain("sup3r-secret");
  });

  it("reports a refused connection as unavailable with a clear message", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));

    const error = await smtp(`smtp://127.0.0.1:${port}`)
      .send(message)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmailProviderError);
    expect(error).toMatchObject({ kind: "unavailable", retryable: true });
    expect((error as Error).message).toBe(
      `Could not reach the SMTP server at 127.0.0.1:${port} (connection refused)`,
    );
  });

  it("refuses header injection before connecting", async () => {
    const provider = smtp("smtp://127.0.0.1:1");
    await expect(
      provider.send({ ...message, headers: { "X-Campaign": "1\r\nBcc: victim@example.com" } }),
    ).rejects.toMatchObject({ kind: "rejected", message: "The X-Campaign header contains a line break" });
    await expect(provider.send({ ...message, subject: "Hi\nBcc: x@example.com" })).rejects.toMatchObject({
      kind: "rejected",
    });
  });
});

describe("parseSmtpUrl", () => {
  it("reads user, password, host, port and TLS mode", () => {
    expect(parseSmtpUrl("smtp://user%40example.jp:p%3Ass@mail.example.jp:2525")).toEqual({
      host: "mail.example.jp",
      port: 2525,
      secure: false,
      user: "user@example.jp",
      pass: "p:ss",
    });
    expect(parseSmtpUrl("smtps://mail.example.jp")).toEqual({
      host: "mail.example.jp",
      port: 465,
      secure: true,
    });
    expect(parseSmtpUrl("smtp://mail.example.jp")).toMatchObject({ port: 587, secure: false });
  });

  it("rejects other schemes and garbage without echoing the value", () => {
    expect(() => parseSmtpUrl("https://user:secret@mail.example.jp")).toThrow(/^SMTP_URL must look like/);
    expect(() => parseSmtpUrl("not a url with secret")).toThrow(/^SMTP_URL must look like/);
    try {
      parseSmtpUrl("http://user:secret@x");
    } catch (error) {
      expect((error as Error).message).not.toContain("secret");
    }
  });
});
