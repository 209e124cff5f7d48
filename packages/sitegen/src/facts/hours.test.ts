import { describe, expect, it } from "vitest";
import { extractHours } from "./hours.ts";
import { normalizeText } from "./text.ts";

const hours = (text: string) => extractHours(normalizeText(text)).hours;
const ranges = (text: string) => hours(text)?.periods.map((p) => [p.days.join(""), p.opens, p.closes]);

describe("opening hours", () => {
  it.each([
    ["営業時間 10:00〜19:00", [["", "10:00", "19:00"]]],
    ["営業は朝8時半〜夕方5時です", [["", "08:30", "17:00"]]],
    ["午前9時から午後6時まで営業", [["", "09:00", "18:00"]]],
    ["受付 ９：３０～１８：３０", [["", "09:30", "18:30"]]],
    ["18時〜翌2時", [["", "18:00", "02:00"]]],
    [
      "ランチ 11:30-14:00、ディナー 17:30-22:00",
      [
        ["", "11:30", "14:00"],
        ["", "17:30", "22:00"],
      ],
    ],
    ["平日10-18時", [["12345", "10:00", "18:00"]]],
    ["Open 10am to 7pm", [["", "10:00", "19:00"]]],
    ["Mon–Sat 10-8", [["123456", "10:00", "20:00"]]],
    ["Open 7 till 15 on weekdays", [["12345", "07:00", "15:00"]]],
    ["czynne pn.–sob. 10–18", [["123456", "10:00", "18:00"]]],
    ["program: luni–vineri 10:00–18:00", [["12345", "10:00", "18:00"]]],
    ["buka 8 pagi hingga 5 petang", [["", "08:00", "17:00"]]],
    ["buka jam 9 pagi sampai jam 4 sore", [["", "09:00", "16:00"]]],
    ["Senin–Jumat pukul 08.00–17.00", [["12345", "08:00", "17:00"]]],
  ])("%s", (text, expected) => {
    expect(ranges(text)).toEqual(expected);
  });

  it("reads an opening time without a closing one, and keeps the owner's note", () => {
    expect(hours("朝6時オープン、売り切れ次第閉店")).toMatchObject({
      periods: [{ days: [], opens: "06:00", closes: null }],
      notes: ["売り切れ次第閉店"],
    });
  });

  it("does not read ages, months, durations or prices as hours", () => {
    for (const text of [
      "対象 4歳〜10歳",
      "5月〜9月のみ",
      "1回60分 3,000円",
      "2〜3名様",
      "Courses 3-5 people, 2-4 weeks",
    ]) {
      expect(hours(text)?.periods ?? [], text).toEqual([]);
    }
  });
});

describe("closed days", () => {
  it.each([
    ["木曜定休", [4], false],
    ["定休日：月・火", [1, 2], false],
    ["毎週日曜・祝日はお休み", [0], true],
    ["土日祝休み", [0, 6], true],
    ["休診日 水曜午後、日曜", [0], false],
    ["Closed on Mondays and public holidays", [1], true],
    ["closed Sat & Sun", [0, 6], false],
    ["nieczynne w poniedziałki", [1], false],
    ["închis duminica", [0], false],
    ["Ahad tutup", [0], false],
    ["libur hari Kamis", [4], false],
    ["buka setiap hari kecuali Rabu", [3], false],
  ])("%s", (text, days, holidays) => {
    expect(hours(text)).toMatchObject({ closedDays: days, closedOnHolidays: holidays });
  });

  it("derives closed days from the open days named", () => {
    expect(hours("火〜土 10:00-18:00")?.closedDays).toEqual([0, 1]);
    expect(hours("Mon–Fri 9–5, Sat 10–2")?.closedDays).toEqual([0]);
  });

  it("keeps 第2火曜 and 不定休 as notes, not weekly closed days", () => {
    expect(hours("定休日 月曜・第2火曜、不定休あり")).toMatchObject({
      closedDays: [1],
      notes: ["第2火曜", "不定休"],
    });
  });

  it("reads every day", () => {
    expect(hours("年中無休 10:00〜20:00")).toMatchObject({ openEveryDay: true, closedDays: [] });
    expect(hours("Otwarte codziennie 9–17")).toMatchObject({ openEveryDay: true });
  });

  it("does not read 毎月, 月謝 or 日本 as days", () => {
    expect(hours("月謝 8,000円、日本語でどうぞ")).toBeNull();
  });
});
