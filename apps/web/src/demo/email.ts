import type { TAnalyticsRange, TCampaign, TDeliveryStats, TEmailServiceStatus } from "@shobai/shared";
import { RANGE_DAYS } from "@shobai/shared/constants";

/**
 * Sample campaigns of a small Japanese business for visitors who are not signed in (spec §3:
 * the demo adds status, emailsSent, openRate and clickRate). Nothing here is sent or stored.
 */

const DAY = 24 * 60 * 60 * 1000;

function daysAgo(days: number): string {
  return new Date(Date.now() - days * DAY).toISOString();
}

function demoCampaign(
  input: Pick<TCampaign, "id" | "name" | "type" | "subject" | "content" | "state"> & {
    emailsSent: number;
    openRate: number;
    clickRate: number;
    createdDaysAgo: number;
    followupDays?: number;
    audience?: TCampaign["audience"];
  },
): TCampaign {
  const opened = Math.round((input.emailsSent * input.openRate) / 100);
  const clicked = Math.round((input.emailsSent * input.clickRate) / 100);
  return {
    id: input.id,
    name: input.name,
    type: input.type,
    subject: input.subject,
    content: input.content,
    audience: input.audience ?? [],
    followupDays: input.followupDays ?? null,
    fromEmail: "info@sakura-ramen.example.jp",
    trackOpens: true,
    isActive: input.state === "active",
    state: input.state,
    stopReason: null,
    stats: {
      recipients: input.emailsSent,
      emailsSent: input.emailsSent,
      failed: 0,
      skipped: 0,
      bounced: 0,
      complained: 0,
      deferred: 0,
      pending: 0,
      unknown: 0,
      opened,
      clicked,
      openRate: input.openRate,
      clickRate: input.clickRate,
    },
    createdAt: daysAgo(input.createdDaysAgo),
    updatedAt: daysAgo(Math.max(0, input.createdDaysAgo - 2)),
  };
}

export const DEMO_CAMPAIGNS: TCampaign[] = [
  demoCampaign({
    id: "demo-welcome",
    name: "新規のお客様へのウェルカムメール",
    type: "welcome",
    subject: "{{lastName}}様、ご登録ありがとうございます",
    content:
      "{{lastName}} {{firstName}}様\n\nさくらラーメンのメールマガジンにご登録いただき、ありがとうございます。\n次回ご来店時にこのメールをご提示いただくと、味玉を1つサービスいたします。",
    state: "active",
    emailsSent: 1250,
    openRate: 68.5,
    clickRate: 12.3,
    createdDaysAgo: 45,
  }),
  demoCampaign({
    id: "demo-followup",
    name: "ご来店3日後のお礼メール",
    type: "followup",
    subject: "先日はご来店ありがとうございました",
    content:
      "{{lastName}}様\n\n先日はさくらラーメンにお越しいただき、ありがとうございました。\nよろしければ、ご感想をお聞かせください。",
    state: "active",
    emailsSent: 842,
    openRate: 54.2,
    clickRate: 8.7,
    createdDaysAgo: 30,
    followupDays: 3,
    audience: ["active", "qualified"],
  }),
  demoCampaign({
    id: "demo-newsletter",
    name: "春の新メニューのお知らせ",
    type: "newsletter",
    subject: "春限定「桜えび塩ラーメン」はじめました",
    content:
      "{{lastName}}様\n\nいつもありがとうございます。3月1日より、春限定の桜えび塩ラーメンをご用意しました。\n数量限定のため、お早めにどうぞ。",
    state: "sent",
    emailsSent: 2310,
    openRate: 42.1,
    clickRate: 6.4,
    createdDaysAgo: 12,
  }),
  demoCampaign({
    id: "demo-draft",
    name: "夏季休業のお知らせ",
    type: "newsletter",
    subject: "夏季休業日のご案内",
    content: "{{lastName}}様\n\n誠に勝手ながら、8月13日から16日まで休業いたします。",
    state: "draft",
    emailsSent: 0,
    openRate: 0,
    clickRate: 0,
    createdDaysAgo: 2,
  }),
];

/** What a new account sees: mail stays in the app's outbox until a provider is configured. */
export const DEMO_SERVICE_STATUS: TEmailServiceStatus = {
  providers: { outbox: true, smtp: false, resend: false, sendgrid: true },
  activeProvider: "sendgrid",
  recommendation: "SendGrid is configured and sending. Verify each sender address before using it.",
};

/** A small deterministic hash, so a given day always shows the same sample figure. */
function noise(seed: string): number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return ((h >>> 0) % 1000) / 1000;
}

function tokyoToday(now: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tokyo" }).format(now);
}

/** Sample sent / opened / clicked a day over the range, ending today (Tokyo). */
export function demoDeliveryStats(range: TAnalyticsRange, now = new Date()): TDeliveryStats {
  const count = RANGE_DAYS[range];
  const [y = 1970, m = 1, d = 1] = tokyoToday(now).split("-").map(Number);
  const end = Date.UTC(y, m - 1, d);
  const days = Array.from({ length: count }, (_, i) =>
    new Date(end - (count - 1 - i) * DAY).toISOString().slice(0, 10),
  );
  const sent = days.map((date) => {
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    const base = weekday === 2 ? 180 : weekday === 0 || weekday === 6 ? 25 : 60;
    return { date, value: Math.round(base * (0.7 + 0.6 * noise(`sent${date}`))) };
  });
  const opened = sent.map(({ date, value }) => ({
    date,
    value: Math.round(value * (0.45 + 0.2 * noise(`open${date}`))),
  }));
  const clicked = opened.map(({ date, value }) => ({
    date,
    value: Math.round(value * (0.12 + 0.1 * noise(`click${date}`))),
  }));
  const total = (points: { value: number }[]) => points.reduce((n, p) => n + p.value, 0);
  return {
    from: days[0] ?? "",
    to: days.at(-1) ?? "",
    sent,
    opened,
    clicked,
    totals: { sent: total(sent), opened: total(opened), clicked: total(clicked) },
  };
}
