import { describe, expect, it } from "vitest";
import { EmailConfigError, resolveEmailProviders, serviceStatus } from "./config";
import { createEmailProvider } from "./create-email-provider";
import { createMemoryOutboxStore } from "./outbox";

const SMTP_URL = "smtp://mailer:s3cret-pass@mail.example.jp:587";
const all = { SMTP_URL, RESEND_API_KEY: "re_key_123", SENDGRID_API_KEY: "SG.key_456" };

describe("resolveEmailProviders", () => {
  it("uses the outbox when nothing is configured", () => {
    const resolved = resolveEmailProviders({});
    expect(resolved).toEqual({
      configured: { outbox: true, smtp: false, resend: false, sendgrid: false },
      active: "outbox",
      chosenExplicitly: false,
    });
  });

  it("treats empty and blank values as unset", () => {
    expect(resolveEmailProviders({ SMTP_URL: "", RESEND_API_KEY: "  ", EMAIL_PROVIDER: "" }).active).toBe(
      "outbox",
    );
  });

  it("prefers resend, then sendgrid, then smtp when several are set", () => {
    expect(resolveEmailProviders(all).active).toBe("resend");
    expect(resolveEmailProviders({ ...all, RESEND_API_KEY: undefined }).active).toBe("sendgrid");
    expect(resolveEmailProviders({ SMTP_URL }).active).toBe("smtp");
    expect(resolveEmailProviders(all).configured).toEqual({
      outbox: true,
      smtp: true,
      resend: true,
      sendgrid: true,
    });
  });

  it("follows EMAIL_PROVIDER, case-insensitively, including back to the outbox", () => {
    expect(resolveEmailProviders({ ...all, EMAIL_PROVIDER: "smtp" })).toMatchObject({
      active: "smtp",
      chosenExplicitly: true,
    });
    expect(resolveEmailProviders({ ...all, EMAIL_PROVIDER: " SendGrid " }).active).toBe("sendgrid");
    expect(resolveEmailProviders({ ...all, EMAIL_PROVIDER: "outbox" }).active).toBe("outbox");
  });

  it("names the missing variable when EMAIL_PROVIDER picks an unconfigured provider", () => {
    expect(() => resolveEmailProviders({ EMAIL_PROVIDER: "resend" })).toThrow(
      new EmailConfigError('EMAIL_PROVIDER is "resend" but RESEND_API_KEY is not set'),
    );
    expect(() => resolveEmailProviders({ SMTP_URL, EMAIL_PROVIDER: "sendgrid" })).toThrow(
      'EMAIL_PROVIDER is "sendgrid" but SENDGRID_API_KEY is not set',
    );
    expect(() => resolveEmailProviders({ EMAIL_PROVIDER: "smtp" })).toThrow(
      'EMAIL_PROVIDER is "smtp" but SMTP_URL is not set',
    );
  });

  it("rejects an unknown EMAIL_PROVIDER listing the choices", () => {
    expect(() => resolveEmailProviders({ EMAIL_PROVIDER: "mailgun" })).toThrow(
      'EMAIL_PROVIDER must be one of outbox, smtp, resend, sendgrid (got "mailgun")',
    );
  });

  it("rejects a malformed SMTP_URL without repeating it", () => {
    const attempt = () => resolveEmailProviders({ SMTP_URL: "mail.example.jp:587 with s3cret" });
    expect(attempt).toThrow(EmailConfigError);
    expect(attempt).toThrow(/^SMTP_URL must look like smtp:\/\/user:pass@host:port/);
    expect(attempt).not.toThrow(/s3cret/);
  });

  it("takes API bases for tests and checks them", () => {
    const resolved = resolveEmailProviders({
      ...all,
      RESEND_API_BASE: "http://127.0.0.1:4010/",
      SENDGRID_API_BASE: "http://127.0.0.1:4011",
    });
    expect(resolved.resend).toEqual({ apiKey: "re_key_123", baseUrl: "http://127.0.0.1:4010" });
    expect(resolved.sendgrid).toEqual({ apiKey: "SG.key_456", baseUrl: "http://127.0.0.1:4011" });
    expect(resolveEmailProviders(all).resend?.baseUrl).toBe("https://api.resend.com");
    expect(resolveEmailProviders(all).sendgrid?.baseUrl).toBe("https://api.sendgrid.com");
    expect(() => resolveEmailProviders({ ...all, RESEND_API_BASE: "ftp://x" })).toThrow(
      "RESEND_API_BASE must be an http(s) URL such as https://api.resend.com",
    );
  });
});

describe("serviceStatus", () => {
  it("has the spec's shape and points to the settings when only the outbox is available", () => {
    expect(serviceStatus(resolveEmailProviders({}))).toEqual({
      providers: { outbox: true, smtp: false, resend: false, sendgrid: false },
      activeProvider: "outbox",
      recommendation:
        "Emails stay in the outbox. Set SMTP_URL, RESEND_API_KEY or SENDGRID_API_KEY to deliver them.",
    });
  });

  it("names the active provider and the others that are configured", () => {
    expect(serviceStatus(resolveEmailProviders({ SMTP_URL })).recommendation).toBe(
      "Emails are delivered through SMTP.",
    );
    expect(serviceStatus(resolveEmailProviders(all))).toEqual({
      providers: { outbox: true, smtp: true, resend: true, sendgrid: true },
      activeProvider: "resend",
      recommendation:
        "Emails are delivered through Resend. SendGrid and SMTP are also configured; EMAIL_PROVIDER chooses.",
    });
  });

  it("explains an outbox chosen while a real provider is configured", () => {
    expect(serviceStatus(resolveEmailProviders({ SMTP_URL, EMAIL_PROVIDER: "outbox" })).recommendation).toBe(
      "Emails stay in the outbox because EMAIL_PROVIDER is outbox. Set it to smtp to deliver them through SMTP.",
    );
  });

  it("never includes a secret", () => {
    const text = JSON.stringify(serviceStatus(resolveEmailProviders(all)));
    for (const secret of ["s3cret-pass", "re_key_123", "SG.key_456"]) expect(text).not.toContain(secret);
  });
});

describe("createEmailProvider", () => {
  const deps = { outboxStore: createMemoryOutboxStore() };

  it("builds the active provider", async () => {
    expect(createEmailProvider(resolveEmailProviders({}), deps).name).toBe("outbox");
    expect(createEmailProvider(resolveEmailProviders(all), deps).name).toBe("resend");
    expect(createEmailProvider(resolveEmailProviders({ SENDGRID_API_KEY: "SG.x" }), deps).name).toBe(
      "sendgrid",
    );
    const smtp = createEmailProvider(resolveEmailProviders({ SMTP_URL }), deps);
    expect(smtp.name).toBe("smtp");
    await smtp.close?.();
  });

  it("builds another configured provider on request, and refuses an unconfigured one", () => {
    const resolved = resolveEmailProviders({ RESEND_API_KEY: "re_key_123" });
    expect(createEmailProvider(resolved, deps, "outbox").name).toBe("outbox");
    expect(() => createEmailProvider(resolved, deps, "sendgrid")).toThrow(
      "SendGrid is not configured: set SENDGRID_API_KEY",
    );
  });
});
