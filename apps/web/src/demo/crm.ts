import type {
  TContactActivity,
  TContactDetail,
  TContactSource,
  TContactStatus,
  TContactTask,
} from "@shobai/shared";

/** Sample leads of a small Japanese business, for visitors who are not signed in (no data calls). */

const DAY = 24 * 60 * 60 * 1000;

function daysAgo(days: number, hour = 10): string {
  const date = new Date(Date.now() - days * DAY);
  date.setUTCHours(hour - 9, 12, 0, 0); // hour in Tokyo time
  return date.toISOString();
}

function activity(id: string, type: TContactActivity["type"], data: TContactActivity["data"], at: string) {
  return { id, type, data, createdAt: at } satisfies TContactActivity;
}

function demoContact(input: {
  id: string;
  firstName: string;
  lastName: string;
  firstNameKana: string;
  lastNameKana: string;
  tags?: TContactDetail["tags"];
  email: string;
  company: string;
  phone: string;
  status: TContactStatus;
  source: TContactSource;
  createdDaysAgo: number;
  activities: (created: string) => TContactActivity[];
}): TContactDetail {
  const createdAt = daysAgo(input.createdDaysAgo);
  const activities = input.activities(createdAt);
  return {
    id: input.id,
    firstName: input.firstName,
    lastName: input.lastName,
    firstNameKana: input.firstNameKana,
    lastNameKana: input.lastNameKana,
    email: input.email,
    company: input.company,
    companyKana: "",
    tags: input.tags ?? [],
    customFields: {},
    phone: input.phone,
    status: input.status,
    source: input.source,
    marketingConsent: "unknown",
    createdAt,
    updatedAt: activities[0]?.createdAt ?? createdAt,
    activities,
  };
}

export const DEMO_CONTACTS: TContactDetail[] = [
  demoContact({
    id: "demo-1",
    firstName: "美咲",
    lastName: "高橋",
    firstNameKana: "ミサキ",
    lastNameKana: "タカハシ",
    tags: [{ id: "demo-tag-1", name: "常連", color: "green" }],
    email: "misaki.takahashi@example.jp",
    company: "さくらカフェ 自由が丘店",
    phone: "03-5701-2231",
    status: "new",
    source: "website_form",
    createdDaysAgo: 1,
    activities: (at) => [
      activity(
        "demo-1-c",
        "email_sent",
        {
          subject: "Re: ホームページと予約フォームのご相談",
          from: "info@shobai-web.example.jp",
          text: "高橋様\nお問い合わせありがとうございます。来週のご都合のよい日時をお知らせください。",
          inReplyTo: "demo-1-b",
        },
        new Date(Date.parse(at) + 2 * 60 * 60 * 1000).toISOString(),
      ),
      activity(
        "demo-1-b",
        "form_submitted",
        {
          website: "shobai-web.example.jp",
          message: "店舗のホームページ作成と、予約フォームの設置について相談したいです。",
        },
        at,
      ),
      activity("demo-1-a", "created", { source: "website_form" }, at),
    ],
  }),
  demoContact({
    id: "demo-2",
    firstName: "健一",
    lastName: "中村",
    firstNameKana: "ケンイチ",
    lastNameKana: "ナカムラ",
    tags: [
      { id: "demo-tag-2", name: "VIP", color: "amber" },
      { id: "demo-tag-1", name: "常連", color: "green" },
    ],
    email: "k.nakamura@example.co.jp",
    company: "中村工務店",
    phone: "090-3412-7788",
    status: "active",
    source: "manual",
    createdDaysAgo: 4,
    activities: (at) => [
      activity(
        "demo-2-c",
        "note",
        { text: "来週火曜 14時に現地で打ち合わせ。リフォーム事例を持参する。" },
        daysAgo(2, 15),
      ),
      activity("demo-2-b", "status_changed", { from: "new", to: "active" }, daysAgo(3, 11)),
      activity("demo-2-a", "created", { source: "manual" }, at),
    ],
  }),
  demoContact({
    id: "demo-3",
    firstName: "陽子",
    lastName: "鈴木",
    firstNameKana: "ヨウコ",
    lastNameKana: "スズキ",
    email: "yoko@suzuki-tax.example.jp",
    company: "鈴木税理士事務所",
    phone: "06-6345-9012",
    status: "qualified",
    source: "website_form",
    createdDaysAgo: 9,
    activities: (at) => [
      activity("demo-3-d", "email_sent", { subject: "お見積りのご案内（ビジネスプラン）" }, daysAgo(5, 16)),
      activity("demo-3-c", "status_changed", { from: "active", to: "qualified" }, daysAgo(6, 10)),
      activity("demo-3-b", "status_changed", { from: "new", to: "active" }, daysAgo(8, 9)),
      activity("demo-3-a", "created", { source: "website_form" }, at),
    ],
  }),
  demoContact({
    id: "demo-4",
    firstName: "翔太",
    lastName: "伊藤",
    firstNameKana: "ショウタ",
    lastNameKana: "イトウ",
    email: "shota.ito@example.com",
    company: "青空ヨガスタジオ",
    phone: "080-2290-4415",
    status: "converted",
    source: "import",
    createdDaysAgo: 21,
    activities: (at) => [
      activity(
        "demo-4-c",
        "note",
        { text: "年間契約で成約。4月から英語版ページも追加予定。" },
        daysAgo(12, 17),
      ),
      activity("demo-4-b", "status_changed", { from: "qualified", to: "converted" }, daysAgo(12, 16)),
      activity("demo-4-a", "created", { source: "import" }, at),
    ],
  }),
  demoContact({
    id: "demo-5",
    firstName: "さくら",
    lastName: "渡辺",
    firstNameKana: "サクラ",
    lastNameKana: "ワタナベ",
    email: "sakura.w@example.jp",
    company: "渡辺デザイン室",
    phone: "",
    status: "new",
    source: "manual",
    createdDaysAgo: 2,
    activities: (at) => [activity("demo-5-a", "created", { source: "manual" }, at)],
  }),
  demoContact({
    id: "demo-6",
    firstName: "大輔",
    lastName: "小林",
    firstNameKana: "ダイスケ",
    lastNameKana: "コバヤシ",
    email: "d.kobayashi@example.ne.jp",
    company: "小林不動産",
    phone: "092-711-3300",
    status: "closed",
    source: "website_form",
    createdDaysAgo: 35,
    activities: (at) => [
      activity("demo-6-b", "status_changed", { from: "active", to: "closed" }, daysAgo(20, 13)),
      activity("demo-6-a", "created", { source: "website_form" }, at),
    ],
  }),
];

/** A Tokyo calendar day some days from today (negative: before), as tasks are due. */
function tokyoDayFromToday(days: number): string {
  return new Date(Date.now() + days * DAY).toLocaleDateString("sv-SE", { timeZone: "Asia/Tokyo" });
}

function demoTask(
  id: string,
  contactId: string,
  title: string,
  dueInDays: number,
  done = false,
): TContactTask {
  return {
    id,
    contactId,
    title,
    dueOn: tokyoDayFromToday(dueInDays),
    done,
    doneAt: done ? daysAgo(1) : null,
    createdAt: daysAgo(3),
  };
}

/** Sample follow-ups on the sample contacts: one overdue, one today, one later, one done. */
export const DEMO_TASKS: TContactTask[] = [
  demoTask("demo-task-1", "demo-1", "予約フォームの見積もりを送る", 0),
  demoTask("demo-task-2", "demo-2", "リフォーム事例の写真を確認してもらう", -1),
  demoTask("demo-task-3", "demo-2", "来月のキャンペーンを案内", 6),
  demoTask("demo-task-4", "demo-1", "初回のお礼メール", -2, true),
];
