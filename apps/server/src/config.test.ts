import { generateKeyPairSync } from "node:crypto";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("config", () => {
  it("runs on embedded defaults with no configuration", () => {
    const config = loadConfig({}, "/home/shop");
    expect(config).toMatchObject({
      port: 5000,
      host: "127.0.0.1",
      dataDir: path.resolve("/home/shop/data"),
      databaseUrl: undefined,
      google: undefined,
      authRateLimit: { max: 10, windowSeconds: 60 },
      trustProxy: false,
    });
  });

  it("reads every variable", () => {
    const config = loadConfig(
      {
        PORT: "8080",
        DATA_DIR: "/var/shobai",
        DATABASE_URL: "postgres://app@db:5432/shobai",
        APP_URL: "https://shobai.example/",
        AUTH_SECRET: "x".repeat(40),
        GOOGLE_CLIENT_ID: "id",
        GOOGLE_CLIENT_SECRET: "secret",
        AUTH_RATE_LIMIT_MAX: "20",
        TRUST_PROXY: "true",
      },
      "/",
    );
    expect(config).toMatchObject({
      port: 8080,
      dataDir: "/var/shobai",
      databaseUrl: "postgres://app@db:5432/shobai",
      appUrl: "https://shobai.example",
      google: { clientId: "id", clientSecret: "secret" },
      authRateLimit: { max: 20, windowSeconds: 60 },
      trustProxy: true,
    });
  });

  it("reads TRUST_PROXY as a switch, a number of proxies or the proxies' addresses", () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }, "/").trustProxy;
    expect(trust("true")).toBe(true);
    expect(trust("no")).toBe(false);
    expect(trust("1")).toBe(1);
    expect(trust("0")).toBe(0);
    expect(trust(" 10.0.0.1, 192.168.0.0/16 ,fd00::/8,loopback")).toEqual([
      "10.0.0.1",
      "192.168.0.0/16",
      "fd00::/8",
      "loopback",
    ]);
  });

  it.each([
    [{ PORT: "abc" }, 'PORT must be a whole number (got "abc")'],
    [{ PORT: "70000" }, "PORT must be at most 65535"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL must be a postgres:// or postgresql:// URL"],
    [{ APP_URL: "shobai.example" }, "APP_URL must be an http:// or https:// URL"],
    [{ AUTH_SECRET: "short" }, "AUTH_SECRET must be at least 32 characters"],
    [{ GOOGLE_CLIENT_ID: "only-id" }, "GOOGLE_CLIENT_SECRET must be set together"],
    [{ TRUST_PROXY: "maybe" }, "TRUST_PROXY must be true, false, a number of proxies"],
    [{ TRUST_PROXY: "10.0.0.1,300.1.1.1" }, "TRUST_PROXY must be true, false, a number of proxies"],
    [{ TRUST_PROXY: "10.0.0.0/33" }, "TRUST_PROXY must be true, false, a number of proxies"],
    [{ TRUST_PROXY: "99" }, "TRUST_PROXY must be true, false, a number of proxies"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ STRIPE_SECRET_KEY: "sk_test_abc" }, "STRIPE_WEBHOOK_SECRET must be set together"],
    [
      { STRIPE_SECRET_KEY: "pk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_x" },
      "STRIPE_SECRET_KEY must be a Stripe secret key",
    ],
    [
      { STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "secret" },
      "STRIPE_WEBHOOK_SECRET must be a Stripe webhook",
    ],
    [{ STRIPE_API_BASE: "127.0.0.1:12111" }, "STRIPE_API_BASE must be an http:// or https:// URL"],
    // Partial S3 settings stop the start instead of photos silently staying on disk (issue 19).
    [{ S3_BUCKET: "photos" }, "S3_ENDPOINT must be set: photos go to S3-compatible storage only with all of"],
    [
      { S3_ENDPOINT: "http://127.0.0.1:9000", S3_BUCKET: "photos", S3_ACCESS_KEY_ID: "key" },
      "S3_SECRET_ACCESS_KEY must be set: photos go to S3-compatible storage only with all of",
    ],
    [{ S3_REGION: "ap-northeast-1", MEDIA_DIR: "/srv/media" }, "S3_BUCKET must be set"],
  ])("stops with a message naming the variable for %j", (env, message) => {
    expect(() => loadConfig(env, "/")).toThrow(ConfigError);
    expect(() => loadConfig(env, "/")).toThrow(message);
  });

  it("takes all four S3 variables together, or none", () => {
    const all = {
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_BUCKET: "photos",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    };
    expect(loadConfig(all, "/").media.s3).toMatchObject({ bucket: "photos", region: "us-east-1" });
    expect(loadConfig({ MEDIA_DIR: "/srv/media" }, "/").media).toEqual({ dir: "/srv/media", s3: undefined });
  });

  it("never prints a secret's value", () => {
    try {
      loadConfig({ AUTH_SECRET: "hunter2" }, "/");
      expect.unreachable();
    } catch (error) {
      expect(String(error)).not.toContain("hunter2");
    }
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: " " }, "/")).toMatchObject({
      port: 5000,
      databaseUrl: undefined,
    });
  });

  it("reads Stripe: keys, a price per plan, another API address; off by default", () => {
    expect(loadConfig({}, "/").stripe).toBeUndefined();
    const config = loadConfig(
      {
        STRIPE_SECRET_KEY: "sk_test_123",
        STRIPE_WEBHOOK_SECRET: "whsec_abc",
        STRIPE_PRICE_STARTER: "price_s",
        STRIPE_PRICE_WHITE_LABEL: "price_w",
        STRIPE_API_BASE: "http://127.0.0.1:12111",
      },
      "/",
    );
    expect(config.stripe).toEqual({
      secretKey: "sk_test_123",
      webhookSecret: "whsec_abc",
      prices: { starter: "price_s", white_label: "price_w" },
      apiBase: "http://127.0.0.1:12111",
    });
  });

  it("reads the email settings and names a bad email variable", () => {
    const config = loadConfig(
      {
        SMTP_URL: "smtp://mailer:pw@127.0.0.1:2525",
        PUBLIC_URL: "https://shobai.example/",
        EMAIL_FROM: "noreply@shobai.example",
        EMAIL_RATE_PER_SECOND: "20",
      },
      "/",
    );
    expect(config.publicUrl).toBe("https://shobai.example");
    expect(config.email.from).toBe("noreply@shobai.example");
    expect(config.email.ratePerSecond).toBe(20);
    expect(config.email.providers.active).toBe("smtp");
    expect(loadConfig({}, "/").email.providers.active).toBe("outbox");
    expect(() => loadConfig({ EMAIL_PROVIDER: "resend" }, "/")).toThrow(/RESEND_API_KEY/);
    expect(() => loadConfig({ EMAIL_FROM: "nobody" }, "/")).toThrow(/EMAIL_FROM/);
  });

  it("refuses to send real mail in production without PUBLIC_URL and EMAIL_FROM", () => {
    const prod = {
      NODE_ENV: "production",
      AUTH_SECRET: "x".repeat(40),
      SMTP_URL: "smtps://mailer:pw@mail.example.jp",
    };
    expect(() => loadConfig(prod, "/")).toThrow(/PUBLIC_URL .*production[\s\S]*EMAIL_FROM .*production/);
    expect(() => loadConfig({ ...prod, PUBLIC_URL: "https://shobai.example" }, "/")).toThrow(/EMAIL_FROM/);
    const ok = loadConfig(
      { ...prod, PUBLIC_URL: "https://shobai.example", EMAIL_FROM: "noreply@shobai.example" },
      "/",
    );
    expect(ok.email.providers.active).toBe("smtp");
    // The outbox sends nothing, so a production machine without mail settings still starts.
    expect(
      loadConfig({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(40) }, "/").email.providers.active,
    ).toBe("outbox");
  });

  it("reads the bounce domain, inbound SMTP and the providers' webhook keys; all off by default (decision 0037)", () => {
    expect(loadConfig({}, "/").inbound).toEqual({
      smtp: undefined,
      resendWebhookSecret: undefined,
      sendgridWebhookPublicKey: undefined,
    });
    const key = generateKeyPairSync("ec", { namedCurve: "prime256v1" })
      .publicKey.export({ type: "spki", format: "der" })
      .toString("base64");
    const config = loadConfig(
      {
        EMAIL_BOUNCE_DOMAIN: "Bounce.Shobai.Example",
        INBOUND_SMTP_PORT: "2525",
        RESEND_WEBHOOK_SECRET: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
        SENDGRID_WEBHOOK_PUBLIC_KEY: key,
      },
      "/",
    );
    expect(config.email.bounceDomain).toBe("bounce.shobai.example");
    expect(config.inbound).toEqual({
      smtp: { host: "0.0.0.0", port: 2525, domain: "bounce.shobai.example" },
      resendWebhookSecret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      sendgridWebhookPublicKey: key,
    });
    expect(() => loadConfig({ INBOUND_SMTP_PORT: "25" }, "/")).toThrow(
      "EMAIL_BOUNCE_DOMAIN must be set with",
    );
    expect(() => loadConfig({ RESEND_WEBHOOK_SECRET: "abc" }, "/")).toThrow("RESEND_WEBHOOK_SECRET must be");
    expect(() => loadConfig({ SENDGRID_WEBHOOK_PUBLIC_KEY: "bm90IGEga2V5" }, "/")).toThrow(
      "SENDGRID_WEBHOOK_PUBLIC_KEY must be the Event Webhook's verification key",
    );
  });

  it("reads the SMTP EHLO name and the plaintext opt-out, and names bad values", () => {
    const smtp = (extra: Record<string, string>) =>
      loadConfig({ SMTP_URL: "smtp://mailer:pw@127.0.0.1:2525", ...extra }, "/").email.providers.smtp;
    expect(smtp({})).toEqual({ url: "smtp://mailer:pw@127.0.0.1:2525", allowPlaintextAuth: false });
    expect(smtp({ SMTP_EHLO_NAME: "Mail.Shobai.example", SMTP_ALLOW_PLAINTEXT_AUTH: "true" })).toMatchObject({
      ehloName: "mail.shobai.example",
      allowPlaintextAuth: true,
    });
    expect(() => smtp({ SMTP_EHLO_NAME: "not a name" })).toThrow(/SMTP_EHLO_NAME/);
    expect(() => smtp({ SMTP_ALLOW_PLAINTEXT_AUTH: "yes please" })).toThrow(/SMTP_ALLOW_PLAINTEXT_AUTH/);
  });

  it("reads the operator's details for /commercial-law; each one is optional", () => {
    expect(loadConfig({}, "/").operator).toEqual({
      name: undefined,
      representative: undefined,
      address: undefined,
      phone: undefined,
      email: undefined,
    });
    const config = loadConfig(
      {
        OPERATOR_NAME: " 株式会社商売 ",
        OPERATOR_REPRESENTATIVE: "佐藤 花子",
        OPERATOR_ADDRESS: "〒150-0002 東京都渋谷区渋谷1-2-3",
        OPERATOR_PHONE: "+81 3-1234-5678",
        OPERATOR_EMAIL: "support@shobai.example",
      },
      "/",
    );
    expect(config.operator).toEqual({
      name: "株式会社商売",
      representative: "佐藤 花子",
      address: "〒150-0002 東京都渋谷区渋谷1-2-3",
      phone: "+81 3-1234-5678",
      email: "support@shobai.example",
    });
    expect(
      loadConfig({ OPERATOR_PHONE: "(03) 1234-5678", OPERATOR_ADDRESS: "  " }, "/").operator,
    ).toMatchObject({
      phone: "(03) 1234-5678",
      address: undefined,
    });
  });

  it.each([
    [{ OPERATOR_EMAIL: "support" }, "OPERATOR_EMAIL must be an email address"],
    [{ OPERATOR_PHONE: "call us" }, "OPERATOR_PHONE must be a telephone number"],
    [{ OPERATOR_NAME: "x".repeat(201) }, "OPERATOR_NAME must be at most 200 characters"],
    [{ OPERATOR_INVOICE_NUMBER: "7000012050002" }, "OPERATOR_INVOICE_NUMBER must be T and 13 digits"],
    [{ OPERATOR_INVOICE_NUMBER: "T123" }, "OPERATOR_INVOICE_NUMBER must be T and 13 digits"],
    // Right shape, wrong check digit (the National Tax Agency's own number is T7000012050002).
    [{ OPERATOR_INVOICE_NUMBER: "T1000012050002" }, "with a valid check digit"],
  ])("names a bad operator variable: %j", (env, message) => {
    expect(() => loadConfig(env, "/")).toThrow(message);
  });

  it("reads the invoice registration number (適格請求書発行事業者登録番号), trimmed and upper-cased", () => {
    expect(loadConfig({ OPERATOR_INVOICE_NUMBER: " t7000012050002 " }, "/").operator.invoiceNumber).toBe(
      "T7000012050002",
    );
    expect(loadConfig({ OPERATOR_INVOICE_NUMBER: "" }, "/").operator.invoiceNumber).toBeUndefined();
  });

  it("reads the custom-domain settings; all optional", () => {
    expect(loadConfig({}, "/").customDomains).toEqual({
      cnameTarget: undefined,
      ipv4: [],
      ipv6: [],
      dnsServers: [],
    });
    const config = loadConfig(
      {
        SITES_CNAME_TARGET: "Edge.Shobai.jp.",
        SITES_IPV4: "203.0.113.10, 203.0.113.11",
        SITES_IPV6: "2001:DB8::10",
        DNS_SERVERS: "1.1.1.1,127.0.0.1:5353,2001:db8::53,[2001:db8::53]:5353",
      },
      "/",
    );
    expect(config.customDomains).toEqual({
      cnameTarget: "edge.shobai.jp",
      ipv4: ["203.0.113.10", "203.0.113.11"],
      ipv6: ["2001:db8::10"],
      dnsServers: ["1.1.1.1", "127.0.0.1:5353", "2001:db8::53", "[2001:db8::53]:5353"],
    });
  });

  it.each([
    [{ SITES_CNAME_TARGET: "not a host" }, "SITES_CNAME_TARGET must be a host name"],
    [{ SITES_IPV4: "203.0.113.10,999.1.1.1" }, "SITES_IPV4 must be a comma-separated list of IPv4 addresses"],
    [{ SITES_IPV6: "203.0.113.10" }, "SITES_IPV6 must be a comma-separated list of IPv6 addresses"],
    [{ DNS_SERVERS: "dns.google" }, "DNS_SERVERS must be a comma-separated list of ip[:port]"],
    [{ DNS_SERVERS: "127.0.0.1:70000" }, "DNS_SERVERS must be a comma-separated list of ip[:port]"],
  ])("names a bad custom-domain variable: %j", (env, message) => {
    expect(() => loadConfig(env, "/")).toThrow(message);
  });
});

describe("config: domain registrar (decision 0010)", () => {
  it("is off without REGISTRAR_API_TOKEN", () => {
    expect(loadConfig({}, "/").registrar).toBeUndefined();
  });

  it("reads the token, the Gandi address, the currency and the yen rate", () => {
    expect(
      loadConfig({ REGISTRAR_API_TOKEN: "pat_abc", REGISTRAR_JPY_RATE: "165.5" }, "/").registrar,
    ).toEqual({
      apiToken: "pat_abc",
      apiBase: "https://api.gandi.net",
      currency: "EUR",
      jpyPerUnit: 165.5,
      sharingId: undefined,
    });
    expect(
      loadConfig(
        {
          REGISTRAR_API_TOKEN: "pat_abc",
          REGISTRAR_API_BASE: "https://api.sandbox.gandi.net/",
          REGISTRAR_CURRENCY: "usd",
          REGISTRAR_JPY_RATE: "150",
          REGISTRAR_SHARING_ID: "org-123",
        },
        "/",
      ).registrar,
    ).toEqual({
      apiToken: "pat_abc",
      apiBase: "https://api.sandbox.gandi.net",
      currency: "USD",
      jpyPerUnit: 150,
      sharingId: "org-123",
    });
  });

  it.each([
    [{ REGISTRAR_API_TOKEN: "pat_abc" }, "REGISTRAR_JPY_RATE must be set with REGISTRAR_API_TOKEN"],
    [{ REGISTRAR_API_TOKEN: "pat_abc", REGISTRAR_JPY_RATE: "-1" }, "REGISTRAR_JPY_RATE must be a positive"],
    [{ REGISTRAR_JPY_RATE: "lots" }, "REGISTRAR_JPY_RATE must be a number of yen"],
    [{ REGISTRAR_CURRENCY: "JPY" }, "REGISTRAR_CURRENCY must be one of EUR, USD, GBP"],
    [{ REGISTRAR_API_BASE: "api.gandi.net" }, "REGISTRAR_API_BASE must be an http:// or https:// URL"],
  ])("names a bad registrar variable: %j", (env, message) => {
    expect(() => loadConfig(env, "/")).toThrow(ConfigError);
    expect(() => loadConfig(env, "/")).toThrow(message);
  });

  it("never prints the registrar token", () => {
    try {
      loadConfig({ REGISTRAR_API_TOKEN: "pat_secret_value", REGISTRAR_JPY_RATE: "x" }, "/");
      expect.unreachable();
    } catch (error) {
      expect(String(error)).not.toContain("pat_secret_value");
    }
  });

  it("reads the shutdown timeout, 30 seconds by default", () => {
    expect(loadConfig({}, "/").shutdownTimeoutMs).toBe(30_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: "5" }, "/").shutdownTimeoutMs).toBe(5_000);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: "soon" }, "/")).toThrow("SHUTDOWN_TIMEOUT_SECONDS");
  });

  it("reads backup settings: DATA_DIR/backups, 30 days and daily by default", () => {
    expect(loadConfig({ DATA_DIR: "store" }, "/home/shop").backup).toEqual({
      dir: path.resolve("/home/shop/store/backups"),
      retentionDays: 30,
      intervalHours: 24,
    });
    const set = loadConfig(
      { BACKUP_DIR: "/backups", BACKUP_RETENTION_DAYS: "7", BACKUP_INTERVAL_HOURS: "0" },
      "/",
    );
    expect(set.backup).toEqual({ dir: path.resolve("/backups"), retentionDays: 7, intervalHours: 0 });
    expect(() => loadConfig({ BACKUP_RETENTION_DAYS: "0" }, "/")).toThrow(
      "BACKUP_RETENTION_DAYS must be at least 1",
    );
    expect(() => loadConfig({ BACKUP_INTERVAL_HOURS: "daily" }, "/")).toThrow("BACKUP_INTERVAL_HOURS");
  });
});
