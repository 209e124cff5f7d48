import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "../../db/schema/index";
import { languageFromHeader } from "../../lib/accept-language";
import { createTestApp, type TestContext } from "../../testing/test-app";
import { formatContactMessage } from "./service";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ contactRateLimit: { max: 3, windowSeconds: 60 } });
});
afterAll(async () => {
  await ctx?.close();
});

let address = 0;
/** Each test writes from its own address, so the per-IP limit only bites where it is tested. */
function nextAddress() {
  address += 1;
  return `203.0.113.${address}`;
}

function send(payload: unknown, options: { ip?: string; headers?: Record<string, string> } = {}) {
  return ctx.app.inject({
    method: "POST",
    url: "/api/contact-messages",
    payload: payload as object,
    remoteAddress: options.ip ?? nextAddress(),
    ...(options.headers ? { headers: options.headers } : {}),
  });
}

async function storedRows() {
  return ctx.db.db.select().from(contactMessages);
}

const valid = {
  name: " 佐藤 花子 ",
  email: "Hanako@Example.JP",
  company: "花子商店",
  message: "ホームページの作成について相談したいです。\n予算は月5,000円ほどです。",
};

describe("POST /api/contact-messages", () => {
  it("saves the message without a sign-in, with the language and a hash instead of the address", async () => {
    const before = (await storedRows()).length;
    const ip = nextAddress();
    const res = await send(valid, { ip, headers: { "accept-language": "en-US,en;q=0.9,ja;q=0.8" } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });

    const rows = await storedRows();
    expect(rows).toHaveLength(before + 1);
    const row = rows.find((r) => r.company === "花子商店");
    expect(row).toMatchObject({
      name: "佐藤 花子",
      email: "hanako@example.jp",
      message: valid.message,
      language: "en",
    });
    expect(row?.ipHash).toMatch(/^[\w-]{32}$/);
    expect(row?.ipHash).not.toContain(ip);
    expect(row?.createdAt).toBeInstanceOf(Date);
  });

  it("takes the language field over the header, and company is optional", async () => {
    const res = await send(
      { name: "Ana", email: "ana@example.ro", message: "Bună ziua", language: "ro" },
      { headers: { "accept-language": "ja" } },
    );
    expect(res.statusCode).toBe(201);
    const row = (await storedRows()).find((r) => r.email === "ana@example.ro");
    expect(row).toMatchObject({ company: "", language: "ro" });
  });

  it("answers 400 naming the field and saves nothing on bad input", async () => {
    const before = (await storedRows()).length;
    const cases: [unknown, RegExp][] = [
      [{ ...valid, name: "  " }, /name/],
      [{ ...valid, email: "not-an-email" }, /email/],
      [{ ...valid, message: "" }, /message/],
      [{ ...valid, message: "あ".repeat(5001) }, /message/],
      [{ ...valid, company: "x".repeat(201) }, /company/],
      [{ email: "a@example.jp", message: "hi" }, /name/],
    ];
    for (const [payload, field] of cases) {
      const res = await send(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("validation_error");
      expect(res.json().message).toMatch(field);
    }
    expect(await storedRows()).toHaveLength(before);
  });

  it("accepts and drops a filled honeypot", async () => {
    const before = (await storedRows()).length;
    const res = await send({ ...valid, website: "http://spam.example" });
    expect(res.statusCode).toBe(201);
    expect(await storedRows()).toHaveLength(before);
  });

  it("limits messages per address with a clear 429", async () => {
    const ip = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await send({ ...valid, message: `try ${i}` }, { ip });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().code).toBe("rate_limited");
        expect(res.json().message).toMatch(/Too many attempts\. Please wait \d+ seconds/);
      }
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    // Another sender is not affected.
    expect((await send(valid)).statusCode).toBe(201);
  });
});

describe("operator listing", () => {
  it("lists newest first and formats one line per message in Tokyo time", async () => {
    const list = await ctx.app.services.contact.list();
    expect(list.length).toBeGreaterThan(2);
    const times = list.map((m) => m.createdAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const line = formatContactMessage({
      id: "x",
      name: "佐藤 花子",
      email: "hanako@example.jp",
      company: "",
      message: "\n最初の行です。\n二行目",
      language: "ja",
      ipHash: "h",
      createdAt: new Date("2025-01-01T15:30:00Z"),
    });
    expect(line).toBe("2025/1/2 0:30:00\t佐藤 花子\thanako@example.jp\t-\t[ja]\t最初の行です。");
  });

  it("reads the preferred supported language from Accept-Language", () => {
    expect(languageFromHeader(undefined)).toBe("ja");
    expect(languageFromHeader("fr-FR,fr;q=0.9")).toBe("ja");
    expect(languageFromHeader("fr;q=0.9,pl;q=0.8,en;q=0.5")).toBe("pl");
    expect(languageFromHeader("en;q=0.4,id;q=0.7")).toBe("id");
    expect(languageFromHeader("ms-MY")).toBe("ms");
  });
});
