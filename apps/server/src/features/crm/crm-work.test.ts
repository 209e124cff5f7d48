import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInClient, type TestContext } from "../../testing/test-app";
import { verifySenderThroughOutbox } from "../../testing/verified-sender";
import { tokyoDay } from "./tasks";

let ctx: TestContext;
const publicUrl = "http://shobai.test";
beforeAll(async () => {
  ctx = await createTestApp({ email: { tickMs: null }, publicUrl });
});
afterAll(async () => {
  await ctx?.close();
});

const day = (offsetDays: number) => tokyoDay(new Date(Date.now() + offsetDays * 86_400_000));
type Mail = { to: string; from: string; subject: string; text: string };

describe("tasks and follow-ups", () => {
  it("adds tasks to a contact, lists today's and overdue open ones with the contact, and marks them done", async () => {
    const { client } = await signedInClient(ctx.app);
    const c = (
      await client.post("/api/contacts", { lastName: "佐々木", firstName: "花子", email: "h@example.jp" })
    ).json();
    const overdue = await client.post(`/api/contacts/${c.id}/tasks`, {
      title: "見積もりを送る",
      dueOn: day(-2),
    });
    expect(overdue.statusCode).toBe(201);
    expect(overdue.json()).toMatchObject({
      title: "見積もりを送る",
      done: false,
      doneAt: null,
      contactId: c.id,
    });
    const today = (
      await client.post(`/api/contacts/${c.id}/tasks`, { title: "お電話", dueOn: day(0) })
    ).json();
    await client.post(`/api/contacts/${c.id}/tasks`, { title: "来週の確認", dueOn: day(7) });

    const bad = await client.post(`/api/contacts/${c.id}/tasks`, { title: " ", dueOn: "2026-02-30" });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(["dueOn", "title"]);

    const list = (await client.get(`/api/contacts/${c.id}/tasks`)).json();
    expect(list.map((t: { title: string }) => t.title)).toEqual(["見積もりを送る", "お電話", "来週の確認"]);

    const due = (await client.get("/api/tasks/due")).json();
    expect(due.map((t: { title: string; overdue: boolean }) => [t.title, t.overdue])).toEqual([
      ["見積もりを送る", true],
      ["お電話", false],
    ]);
    expect(due[0].contact).toMatchObject({ id: c.id, lastName: "佐々木", firstName: "花子" });

    const done = await client.patch(`/api/tasks/${today.id}`, { done: true });
    expect(done.json()).toMatchObject({ done: true });
    expect(done.json().doneAt).not.toBeNull();
    expect((await client.get("/api/tasks/due")).json().map((t: { title: string }) => t.title)).toEqual([
      "見積もりを送る",
    ]);
    expect((await client.patch(`/api/tasks/${today.id}`, { done: false })).json().done).toBe(false);
    expect((await client.delete(`/api/tasks/${today.id}`)).statusCode).toBe(204);
    expect((await client.get(`/api/contacts/${c.id}/tasks`)).json()).toHaveLength(2);
  });

  it("answers 404 to another account for every task route", async () => {
    const a = await signedInClient(ctx.app);
    const b = await signedInClient(ctx.app);
    const c = (await a.client.post("/api/contacts", { lastName: "田中", email: "t@example.jp" })).json();
    const task = (
      await a.client.post(`/api/contacts/${c.id}/tasks`, { title: "電話", dueOn: day(0) })
    ).json();
    expect((await b.client.get(`/api/contacts/${c.id}/tasks`)).statusCode).toBe(404);
    expect(
      (await b.client.post(`/api/contacts/${c.id}/tasks`, { title: "x", dueOn: day(0) })).statusCode,
    ).toBe(404);
    expect((await b.client.patch(`/api/tasks/${task.id}`, { done: true })).statusCode).toBe(404);
    expect((await b.client.delete(`/api/tasks/${task.id}`)).statusCode).toBe(404);
    expect((await b.client.get("/api/tasks/due")).json()).toEqual([]);
    const mine = (await a.client.get(`/api/contacts/${c.id}/tasks`)).json();
    expect(mine).toMatchObject([{ title: "電話", done: false }]);
  });
});

describe("reply to a person who wrote in", () => {
  it("mails the reply from the verified sender with the enquiry quoted, threaded on the timeline", async () => {
    const { client, user } = await signedInClient(ctx.app);
    await verifySenderThroughOutbox(ctx.app, client, "shop@sakura.example.jp", publicUrl);
    const { contact } = await ctx.app.services.crm.captureLead(
      user.id,
      { name: "山田 太郎", email: "taro@example.jp" },
      { website: "さくら食堂", message: "土曜日の予約はできますか？\n4名です。" },
    );
    const enquiry = (await client.get(`/api/contacts/${contact.id}`))
      .json()
      .activities.find((a: { type: string }) => a.type === "form_submitted");

    const bad = await client.post(`/api/contacts/${contact.id}/reply`, { subject: "", text: "" });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(["subject", "text"]);

    const sent = await client.post(`/api/contacts/${contact.id}/reply`, {
      subject: "Re: ご予約について",
      text: "山田様\nご連絡ありがとうございます。土曜日4名様でお取りできます。",
      inReplyTo: enquiry.id,
    });
    expect(sent.statusCode).toBe(200);
    const mail = ((await client.get("/api/email/outbox")).json() as Mail[]).find(
      (m) => m.to === "taro@example.jp",
    );
    expect(mail?.subject).toBe("Re: ご予約について");
    expect(mail?.text).toContain("土曜日4名様でお取りできます。");
    expect(mail?.text).toContain("> 土曜日の予約はできますか？");
    expect(mail?.text).toContain("> 4名です。");
    // Not on its own authenticated domain: from the platform under the owner's name (decision 0036).
    expect(mail?.from).toContain("さくら商店 via");

    const timeline = (await client.get(`/api/contacts/${contact.id}`)).json().activities;
    expect(timeline[0]).toMatchObject({
      type: "email_sent",
      data: { subject: "Re: ご予約について", from: "shop@sakura.example.jp", inReplyTo: enquiry.id },
    });
  });

  it("refuses a contact who never wrote in, an owner without a verified sender, and another account (404)", async () => {
    const a = await signedInClient(ctx.app);
    const b = await signedInClient(ctx.app);
    const body = { subject: "ご案内", text: "こんにちは" };
    const typed = (await a.client.post("/api/contacts", { lastName: "鈴木", email: "s@example.jp" })).json();
    const { contact: lead } = await ctx.app.services.crm.captureLead(
      a.user.id,
      { name: "伊藤 一", email: "ito@example.jp" },
      { website: "site", message: "質問です" },
    );
    // No verified sender yet.
    const noSender = await a.client.post(`/api/contacts/${lead.id}/reply`, body);
    expect(noSender.statusCode).toBe(403);
    expect(noSender.json().code).toBe("sender_unverified");
    await verifySenderThroughOutbox(ctx.app, a.client, "owner@shop.example.jp", publicUrl);
    const never = await a.client.post(`/api/contacts/${typed.id}/reply`, body);
    expect(never.statusCode).toBe(403);
    expect(never.json().code).toBe("forbidden");
    expect((await b.client.post(`/api/contacts/${lead.id}/reply`, body)).statusCode).toBe(404);
    expect(
      (await a.client.post(`/api/contacts/${lead.id}/reply`, { ...body, inReplyTo: "nope" })).statusCode,
    ).toBe(404);
    const unverifiedFrom = await a.client.post(`/api/contacts/${lead.id}/reply`, {
      ...body,
      fromEmail: "someone@else.example.jp",
    });
    expect(unverifiedFrom.json().code).toBe("sender_unverified");
    const outbox = (await b.client.get("/api/email/outbox")).json() as Mail[];
    expect(outbox.some((m) => m.to === "ito@example.jp")).toBe(false);
  });
});

describe("duplicates before create and on import, merge choosing values", () => {
  it("warns of the same email, phone digits, or name with the same reading before a create", async () => {
    const { client } = await signedInClient(ctx.app);
    const hanako = (
      await client.post("/api/contacts", {
        lastName: "佐々木",
        firstName: "花子",
        lastNameKana: "ササキ",
        firstNameKana: "ハナコ",
        email: "hanako@example.jp",
        phone: "090-1234-5678",
      })
    ).json();
    const check = (body: Record<string, string>) => client.post("/api/contacts/duplicate-check", body);
    expect((await check({ email: "HANAKO@example.jp" })).json()).toMatchObject([
      { contact: { id: hanako.id }, reasons: ["email"] },
    ]);
    expect((await check({ phone: "０９０（１２３４）５６７８" })).json()).toMatchObject([
      { reasons: ["phone"] },
    ]);
    expect(
      (await check({ lastName: "佐々木", firstName: "花子", lastNameKana: "ささき" })).json(),
    ).toMatchObject([{ reasons: ["name"] }]);
    // The same kanji read differently is another person.
    expect((await check({ lastName: "佐々木", firstName: "花子", lastNameKana: "サザキ" })).json()).toEqual(
      [],
    );
    expect((await check({ lastName: "田中" })).json()).toEqual([]);
    const other = await signedInClient(ctx.app);
    expect(
      (await other.client.post("/api/contacts/duplicate-check", { email: "hanako@example.jp" })).json(),
    ).toEqual([]);
  });

  it("imports look-alike rows and reports them beside the contact they resemble", async () => {
    const { client } = await signedInClient(ctx.app);
    const existing = (
      await client.post("/api/contacts", {
        lastName: "佐々木",
        firstName: "花子",
        email: "a@example.jp",
        phone: "03-1111-2222",
      })
    ).json();
    const csv = [
      "姓,名,メール,電話",
      "佐々木,花子,b@example.jp,",
      "山田,一郎,c@example.jp,0311112222",
      "田中,次郎,d@example.jp,",
    ].join("\n");
    const report = (
      await client.request({
        method: "POST",
        url: "/api/contacts/import",
        headers: { "content-type": "text/csv" },
        payload: csv,
      })
    ).json();
    expect(report.imported).toBe(3);
    expect(
      report.possibleDuplicates.map((d: { row: number; reasons: string[]; existingId: string }) => [
        d.row,
        d.reasons,
        d.existingId,
      ]),
    ).toEqual([
      [2, ["name"], existing.id],
      [3, ["phone"], existing.id],
    ]);
  });

  it("merges keeping the values chosen from the other contact, with its tasks; another account gets 404", async () => {
    const { client } = await signedInClient(ctx.app);
    const keep = (
      await client.post("/api/contacts", {
        lastName: "佐々木",
        firstName: "花子",
        email: "old@example.jp",
        phone: "090-1111-2222",
      })
    ).json();
    const other = (
      await client.post("/api/contacts", {
        lastName: "佐々木",
        firstName: "花子",
        email: "new@example.jp",
        phone: "090-3333-4444",
        company: "みどり商店",
      })
    ).json();
    await client.post(`/api/contacts/${other.id}/tasks`, { title: "折り返し", dueOn: day(1) });
    const b = await signedInClient(ctx.app);
    expect((await b.client.post(`/api/contacts/${keep.id}/merge`, { otherId: other.id })).statusCode).toBe(
      404,
    );
    const bad = await client.post(`/api/contacts/${keep.id}/merge`, { otherId: other.id, take: ["owner"] });
    expect(bad.statusCode).toBe(400);
    const merged = await client.post(`/api/contacts/${keep.id}/merge`, {
      otherId: other.id,
      take: ["email"],
    });
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toMatchObject({
      email: "new@example.jp",
      phone: "090-1111-2222",
      company: "みどり商店",
    });
    expect((await client.get(`/api/contacts/${keep.id}/tasks`)).json()).toMatchObject([
      { title: "折り返し" },
    ]);
    expect((await client.get(`/api/contacts/${other.id}`)).statusCode).toBe(404);
  });
});
