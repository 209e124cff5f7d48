import type { TOpeningHours, TOpeningPeriod, TWeekday } from "@shobai/shared";
import {
  CLOSED_WORDS,
  CLOSES_AT_WORDS,
  DAY_NAMES,
  DAYTIME_WORDS,
  EVERY_DAY_WORDS,
  EXCEPT_WORDS,
  HOLIDAY_WORDS,
  HOURS_NOTE_PATTERNS,
  HOURS_WORDS,
  JA_DAY_CHARS,
  LETTER_DAYS,
  MERIDIEM_AFTER,
  OPENS_AT_WORDS,
  RANGE_WORDS,
  WEEKDAY_WORDS,
  WEEKEND_WORDS,
} from "./words.ts";

/**
 * Opening hours read the way a person reads them: the text becomes a row of tokens (days, day
 * groups, times, "closed", "open", range words, separators), and a few rules over the row decide
 * which times belong to which days and which days are closed. The word tables are in words.ts.
 */

type Time = { h: number; m: number; explicit: boolean; nextDay: boolean };
type Token =
  | { kind: "day"; days: TWeekday[]; at: number; end: number }
  | { kind: "nth"; text: string; at: number; end: number }
  | { kind: "holiday"; at: number; end: number }
  | { kind: "every"; at: number; end: number }
  | { kind: "closed"; at: number; end: number }
  | { kind: "except"; at: number; end: number }
  | { kind: "hoursWord"; at: number; end: number }
  | { kind: "opensAt"; at: number; end: number }
  | { kind: "closesAt"; at: number; end: number }
  | { kind: "time"; time: Time; at: number; end: number }
  | { kind: "range"; at: number; end: number }
  | { kind: "until"; at: number; end: number }
  | { kind: "conn"; at: number; end: number }
  | { kind: "break"; at: number; end: number }
  | { kind: "word"; at: number; end: number };

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const isLatin = (w: string) => /^[\p{Script=Latin}\d\s.'/-]+$/u.test(w);
const byLength = (a: string, b: string) => b.length - a.length;
/** One alternation for a word list: Latin words bounded by non-letters, Japanese ones as they are. */
function words(list: string[]): string {
  return [...list]
    .sort(byLength)
    .map((w) => (isLatin(w) ? `(?<![\\p{L}])${escapeRe(w)}(?![\\p{L}])` : escapeRe(w)))
    .join("|");
}

const DAY_LOOKUP = new Map<string, TWeekday>();
DAY_NAMES.forEach((names, day) => {
  for (const n of names) DAY_LOOKUP.set(n.toLowerCase(), day as TWeekday);
});

const JA_DAY = `[${JA_DAY_CHARS}](?:曜日|曜)?`;
/**
 * A one-character day (月, 火 …) only where it reads as a day: with 曜, or next to another day, a
 * separator, a time or a closed word; never inside a word (毎月, 月謝, 日本, 土地) or after a digit (8月).
 */
const JA_DAY_ALONE =
  `(?:(?<=毎週)|(?<![\\p{Script=Han}\\d]))[${JA_DAY_CHARS}]` +
  `(?:曜日|曜|(?=[・、,~〜\\-\\s\\d祝定休おは:)]|$))`;
const TIME_JA = String.raw`(?<jpre>午前|午後|夕方|朝|昼|夜|翌|深夜)?\s?(?<jh>\d{1,2})時(?:(?<jm>\d{1,2})分|(?<half>半))?`;
const MERIDIEM = MERIDIEM_AFTER.map(([w]) => escapeRe(w)).join("|");
const TIME_LATIN = String.raw`(?<lpre>翌)?(?<lh>\d{1,2})(?:[:.](?<lm>[0-5]\d))?(?:\s?(?<mer>${MERIDIEM})(?![\p{L}]))?`;

/** Token patterns in order of preference at one position. */
const TOKEN = new RegExp(
  [
    // 第3木曜日, 水曜午後: part of a day, kept as the owner's note rather than a closed day.
    String.raw`(?<nth>第[1-5一二三四五](?:・第?[1-5一二三四五])*${JA_DAY}|[${JA_DAY_CHARS}]曜日?(?:午後|午前))`,
    String.raw`(?<letterRange>(?<![\p{L}])[LVSD]\s?[-–]\s?[LVSD](?![\p{L}]))`,
    `(?<every>${words(EVERY_DAY_WORDS)})`,
    `(?<weekday>${words(WEEKDAY_WORDS)})`,
    `(?<weekend>${words(WEEKEND_WORDS)})`,
    `(?<holiday>${words(HOLIDAY_WORDS)})`,
    `(?<dayName>${words(DAY_NAMES.flat().filter((d) => d.length > 1))})`,
    `(?<jaDay>${JA_DAY_ALONE})`,
    `(?<closed>${words(CLOSED_WORDS)})`,
    `(?<except>${words(EXCEPT_WORDS)})`,
    `(?<opensAt>${words(OPENS_AT_WORDS)})`,
    `(?<closesAt>${words(CLOSES_AT_WORDS)})`,
    `(?<hoursWord>${words(HOURS_WORDS)})`,
    `(?<time>${TIME_JA}|${TIME_LATIN})`,
    String.raw`(?<range>[-–—~〜～]|${words(RANGE_WORDS)})`,
    "(?<until>まで)",
    String.raw`(?<conn>[,、・&+＋/]|(?<![\p{L}])(?:and|i|oraz|și|si|dan|serta|or)(?![\p{L}])|は|が|も|:|hari|setiap|on|w|în|pada|every|od|de|from|毎週)`,
    String.raw`(?<brk>[。\n;|｜()（）「」]|\.(?=\s|$))`,
    String.raw`(?<word>[\p{L}\p{N}]+)`,
  ].join("|"),
  "giu",
);

function toTime(g: Record<string, string | undefined>): Time | undefined {
  if (g.jh !== undefined) {
    let h = Number(g.jh);
    const m = g.half ? 30 : Number(g.jm ?? 0);
    // 時 or a colon makes a Japanese time explicit, unlike a bare "9" in "9-17".
    const explicit = true;
    const pre = DAYTIME_WORDS.find(([w]) => w === g.jpre);
    if (pre) h = pre[1](h);
    if (h > 24 || m > 59) return undefined;
    return { h, m, explicit, nextDay: g.jpre === "翌" };
  }
  if (g.lh === undefined) return undefined;
  let h = Number(g.lh);
  const m = Number(g.lm ?? 0);
  const mer = MERIDIEM_AFTER.find(([w]) => w === g.mer?.toLowerCase());
  if (mer) h = mer[1](h);
  if (h > 24 || m > 59) return undefined;
  return { h, m, explicit: g.lm !== undefined || mer !== undefined, nextDay: g.lpre === "翌" };
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const g = match.groups ?? {};
    const at = match.index ?? 0;
    const end = at + match[0].length;
    const raw = match[0];
    if (g.nth) tokens.push({ kind: "nth", text: raw, at, end });
    else if (g.letterRange) {
      const [a = "", b = ""] = raw.split(/\s?[-–]\s?/);
      const from = LETTER_DAYS[a];
      const to = LETTER_DAYS[b];
      if (from === undefined || to === undefined) tokens.push({ kind: "word", at, end });
      else tokens.push({ kind: "day", days: dayRange(from as TWeekday, to as TWeekday), at, end });
    } else if (g.every) tokens.push({ kind: "every", at, end });
    else if (g.weekday) tokens.push({ kind: "day", days: [1, 2, 3, 4, 5], at, end });
    else if (g.weekend) tokens.push({ kind: "day", days: [0, 6], at, end });
    else if (g.holiday) tokens.push({ kind: "holiday", at, end });
    else if (g.dayName) {
      const day = DAY_LOOKUP.get(raw.toLowerCase());
      tokens.push(day === undefined ? { kind: "word", at, end } : { kind: "day", days: [day], at, end });
    } else if (g.jaDay) {
      tokens.push({ kind: "day", days: [JA_DAY_CHARS.indexOf(raw[0] ?? "") as TWeekday], at, end });
    } else if (g.closed) tokens.push({ kind: "closed", at, end });
    else if (g.except) tokens.push({ kind: "except", at, end });
    else if (g.opensAt) tokens.push({ kind: "opensAt", at, end });
    else if (g.closesAt) tokens.push({ kind: "closesAt", at, end });
    else if (g.hoursWord) tokens.push({ kind: "hoursWord", at, end });
    else if (g.time) {
      const time = toTime(g);
      // A number glued to a unit (3歳, 8月, 15分, 2名, 60 min) is not a time.
      const after = text.slice(end, end + 4);
      const unit =
        /^\s?(?:歳|才|月|年|名|人|分|日|回|km|kg|min|osób|people|persons?|%|万|円|yen|zł|lei|rm)/iu.test(
          after,
        );
      if (!time || (unit && !(g.jh && raw.includes("時")))) tokens.push({ kind: "word", at, end });
      else tokens.push({ kind: "time", time, at, end });
    } else if (g.range) tokens.push({ kind: "range", at, end });
    else if (g.until) tokens.push({ kind: "until", at, end });
    else if (g.conn) tokens.push({ kind: "conn", at, end });
    else if (g.brk) tokens.push({ kind: "break", at, end });
    else tokens.push({ kind: "word", at, end });
  }
  return tokens;
}

function dayRange(from: TWeekday, to: TWeekday): TWeekday[] {
  const days: TWeekday[] = [];
  for (let d = from; days.length < 7; d = ((d + 1) % 7) as TWeekday) {
    days.push(d);
    if (d === to) break;
  }
  return days;
}

type DaySpec = {
  days: TWeekday[];
  holidays: boolean;
  every: boolean;
  nth: string[];
  start: number;
  end: number;
};

/** A run of days starting at token i: "月〜金", "Mon, Tue, Thu", "土日祝", "Sat & Sun", "第3木曜日". */
function daySpecAt(tokens: Token[], i: number): DaySpec | undefined {
  const spec: DaySpec = { days: [], holidays: false, every: false, nth: [], start: i, end: i };
  let j = i;
  let any = false;
  while (j < tokens.length) {
    const t = tokens[j];
    if (!t) break;
    if (t.kind === "day") {
      const next = tokens[j + 1];
      const after = tokens[j + 2];
      if (next?.kind === "range" && after?.kind === "day" && after.days.length === 1 && t.days.length === 1) {
        spec.days.push(...dayRange(t.days[0] as TWeekday, after.days[0] as TWeekday));
        j += 3;
      } else {
        spec.days.push(...t.days);
        j += 1;
      }
      any = true;
    } else if (t.kind === "holiday") {
      spec.holidays = true;
      any = true;
      j += 1;
    } else if (t.kind === "every") {
      spec.every = true;
      any = true;
      j += 1;
    } else if (t.kind === "nth") {
      spec.nth.push(t.text);
      any = true;
      j += 1;
    } else if (t.kind === "conn" && any) {
      // A separator continues the run only when another day follows it.
      const next = tokens[j + 1];
      if (next && ["day", "holiday", "nth", "conn"].includes(next.kind)) j += 1;
      else break;
    } else if (t.kind === "conn" && !any) {
      j += 1;
      spec.start = j;
    } else break;
  }
  if (!any) return undefined;
  spec.end = j;
  spec.days = [...new Set(spec.days)];
  return spec;
}

type Range = { opens: Time; closes: Time | null; start: number; end: number };

/** "9:00〜18:00", "9時から18時まで", "8am to 5pm", "OPEN 8:00 CLOSE 17:00", "7時オープン". */
function rangeAt(tokens: Token[], i: number, context: boolean): Range | undefined {
  const a = tokens[i];
  if (a?.kind !== "time") return undefined;
  let j = i + 1;
  let sawRange = false;
  while (tokens[j]?.kind === "range" || (sawRange && tokens[j]?.kind === "hoursWord")) {
    if (tokens[j]?.kind === "range") sawRange = true;
    j++;
  }
  const b = tokens[j];
  if (sawRange && b?.kind === "time") {
    const bare = !a.time.explicit && !b.time.explicit;
    if (bare && !context) return undefined;
    let end = j + 1;
    if (tokens[end]?.kind === "until") end++;
    return { opens: a.time, closes: b.time, start: i, end };
  }
  if (tokens[i + 1]?.kind === "closesAt" && tokens[i + 2]?.kind === "time") {
    const c = tokens[i + 2] as Extract<Token, { kind: "time" }>;
    return { opens: a.time, closes: c.time, start: i, end: i + 3 };
  }
  if (tokens[i + 1]?.kind === "opensAt" && a.time.explicit) {
    return { opens: a.time, closes: null, start: i, end: i + 2 };
  }
  return undefined;
}

const hhmm = (t: Time) => `${String(t.h % 24).padStart(2, "0")}:${String(t.m).padStart(2, "0")}`;

/** "9-6": an afternoon closing written in 12-hour style; "17時〜翌3時", "17-3": past midnight. */
function settle(range: Range): { opens: string; closes: string | null } {
  const { opens, closes } = range;
  if (!closes) return { opens: hhmm(opens), closes: null };
  let c = closes;
  if (
    !closes.nextDay &&
    closes.h < opens.h &&
    closes.h + 12 > opens.h &&
    closes.h + 12 <= 24 &&
    opens.h < 12
  ) {
    c = { ...closes, h: closes.h + 12 };
  }
  return { opens: hhmm(opens), closes: hhmm(c) };
}

export type TExtractedHours = { hours: TOpeningHours | null; spans: [number, number][] };

/** Opening hours, closed days and the owner's notes about them; null when the text has none. */
export function extractHours(text: string): TExtractedHours {
  const tokens = tokenize(text);
  const periods: TOpeningPeriod[] = [];
  const closed = new Set<TWeekday>();
  const openMentions = new Set<TWeekday>();
  let closedOnHolidays = false;
  let openEveryDay = false;
  const notes = new Set<string>();
  const spans: [number, number][] = [];

  let currentDays: TWeekday[] | null = null;
  let lastRangeIndex = -1;
  /** Hours words or days seen in this clause make bare "9-17" read as hours. */
  let context = false;
  let lastMainPeriod: TOpeningPeriod | undefined;

  const isClosedAround = (spec: DaySpec): "after" | "before" | undefined => {
    let k = spec.end;
    while (tokens[k]?.kind === "conn") k++;
    if (tokens[k]?.kind === "closed") return "after";
    let b = spec.start - 1;
    while (tokens[b]?.kind === "conn") b--;
    if (tokens[b]?.kind === "closed" || tokens[b]?.kind === "except") return "before";
    return undefined;
  };

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t) continue;
    if (t.kind === "break") {
      currentDays = null;
      context = false;
      continue;
    }
    if (t.kind === "hoursWord" || t.kind === "opensAt") {
      context = true;
      continue;
    }
    const spec = ["day", "holiday", "every", "nth"].includes(t.kind) ? daySpecAt(tokens, i) : undefined;
    if (spec) {
      const around = isClosedAround(spec);
      const exceptBefore = tokens[spec.start - 1]?.kind === "except";
      if (around || exceptBefore) {
        for (const d of spec.days) closed.add(d);
        if (spec.holidays) closedOnHolidays = true;
        if (spec.every && !exceptBefore) openEveryDay = false;
        for (const n of spec.nth) notes.add(n);
        if (exceptBefore) openEveryDay = false;
      } else {
        if (spec.every) openEveryDay = true;
        for (const n of spec.nth) notes.add(n);
        for (const d of spec.days) openMentions.add(d);
        let k = spec.end;
        while (tokens[k]?.kind === "conn" || tokens[k]?.kind === "hoursWord") k++;
        const next = tokens[k];
        if (next?.kind === "time") {
          currentDays = spec.days.length > 0 && !spec.every ? spec.days : null;
          // 「土日は18時まで」: the same opening, an earlier closing on those days.
          if (tokens[k + 1]?.kind === "until" && lastMainPeriod && currentDays) {
            const closes = next.time;
            periods.push({ days: currentDays, opens: lastMainPeriod.opens, closes: hhmm(closes) });
            spans.push([next.at, tokens[k + 1]?.end ?? next.end]);
            i = k + 1;
            continue;
          }
        } else if (lastRangeIndex >= 0 && spec.days.length > 0) {
          // "Open 8am–5pm, Wednesday to Sunday": days after the hours they belong to.
          const last = periods[periods.length - 1];
          if (last && last.days.length === 0) last.days = spec.days;
        }
      }
      context = true;
      i = spec.end - 1;
      continue;
    }
    if (t.kind === "time") {
      const range = rangeAt(tokens, i, context || currentDays !== null);
      if (range) {
        const { opens, closes } = settle(range);
        const period: TOpeningPeriod = { days: currentDays ?? [], opens, closes };
        if (
          !periods.some((p) => p.opens === opens && p.closes === closes && `${p.days}` === `${period.days}`)
        ) {
          periods.push(period);
        }
        if (period.days.length === 0 || period.days.some((d) => d >= 1 && d <= 5)) lastMainPeriod ??= period;
        spans.push([t.at, tokens[range.end - 1]?.end ?? t.end]);
        lastRangeIndex = i;
        context = true;
        i = range.end - 1;
      }
    }
  }

  for (const re of HOURS_NOTE_PATTERNS) {
    for (const m of text.matchAll(re)) {
      notes.add(m[0]);
      spans.push([m.index ?? 0, (m.index ?? 0) + m[0].length]);
    }
  }
  // Days, "closed", "open", "every day" words are hours text too: the item reader must not see them.
  tokens.forEach((t, i) => {
    if (["day", "nth", "holiday", "every", "closed", "except", "until"].includes(t.kind))
      spans.push([t.at, t.end]);
    // "Open 8am–6pm" is hours; "PADI Open Water" is not.
    if (["hoursWord", "opensAt", "closesAt"].includes(t.kind)) {
      const next = tokens.slice(i + 1).find((n) => n.kind !== "conn");
      if (next && ["time", "day", "every", "range", "hoursWord"].includes(next.kind))
        spans.push([t.at, t.end]);
    }
  });
  if (closed.size > 0) openEveryDay = false;
  // Only the open days named ("Mon–Fri", "火〜土"): the others are closed.
  if (
    closed.size === 0 &&
    !openEveryDay &&
    periods.length > 0 &&
    periods.every((p) => p.days.length > 0) &&
    openMentions.size > 0
  ) {
    for (let d = 0; d < 7; d++) if (!openMentions.has(d as TWeekday)) closed.add(d as TWeekday);
  }
  const hasAnything =
    periods.length > 0 || closed.size > 0 || openEveryDay || closedOnHolidays || notes.size > 0;
  if (!hasAnything) return { hours: null, spans };
  return {
    hours: {
      periods: periods.slice(0, 14),
      closedDays: [...closed].sort((a, b) => a - b),
      closedOnHolidays,
      openEveryDay,
      notes: [...notes].slice(0, 6),
    },
    spans,
  };
}
