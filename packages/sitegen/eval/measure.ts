/**
 * How faithful a generated page is to what the owner wrote: the facts of one evaluation item (format
 * in `../shared/eval/README.md`) looked up in the page's visible text, and the phone numbers,
 * prices, times and years on the page that the owner never wrote. Deliberately independent of the
 * extractor: it reads only the page text, the description and the item's stated facts.
 */

export type TEvalFacts = {
  name: string | null;
  place: string | null;
  services: string[];
  phone: string | null;
  email: string | null;
  hours: { opens: string; closes: string | null }[];
  closedDays: number[];
  prices: { item: string; jpy: number }[];
  founded: number | null;
  industry: string[];
  notes?: string;
};

export type TEvalItem = { id: string; lang: string; description: string; facts: TEvalFacts };

export const FACT_KINDS = ["services", "name", "place", "phone", "email", "hours", "closedDays"] as const;
export type TFactKind = (typeof FACT_KINDS)[number];

/** Found / asked for one kind of fact in one item (asked 0: the item states nothing of that kind). */
export type TTally = { found: number; asked: number };

export type TItemScore = {
  id: string;
  lang: string;
  facts: Record<TFactKind, TTally>;
  missing: string[];
  industryFirst: boolean;
  industryAny: boolean;
  invented: string[];
};

/** Width, case and spacing folded, so "Ｃａｆé  Lino" and "café lino" compare equal. */
export function fold(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u2010-\u2015\u2212\u30fc\uff0d]/g, "-")
    .replace(/\s+/g, " ")
    .trim();
}

const DIGITS = (text: string) => text.replace(/\D/g, "");

/** Country calling codes of the markets the corpus covers; "+81 3…" is the same number as "03…". */
const COUNTRY_CODES = ["81", "48", "40", "60", "62", "65"];

function phoneKeys(digits: string): string[] {
  const keys = [digits, digits.replace(/^0/, "")];
  for (const cc of COUNTRY_CODES) if (digits.startsWith(cc)) keys.push(digits.slice(cc.length));
  return keys;
}

function samePhone(a: string, b: string): boolean {
  const ka = phoneKeys(DIGITS(a));
  const kb = phoneKeys(DIGITS(b));
  return ka.some((k) => k.length >= 7 && kb.includes(k));
}

/** Phone-like runs in text: 9–13 digits with spaces, dashes, dots or parentheses between. */
function phonesIn(text: string): string[] {
  const runs = text.normalize("NFKC").match(/\+?\(?\d[\d\s\-‑().]{6,}\d/g) ?? [];
  return runs.filter((r) => {
    const d = DIGITS(r);
    return d.length >= 9 && d.length <= 13 && !/^\d{1,3}([,.]\d{3})+$/.test(r.trim());
  });
}

function minutes(time: string): string {
  const [h = "0", m = "00"] = time.split(":");
  return `${Number(h)}:${m}`;
}

/** "9:00–18:00", "09:00 〜 18:00", "9:00-18:00": one range on the page. */
function hasRange(text: string, opens: string, closes: string | null): boolean {
  const t = text.normalize("NFKC");
  const o = minutes(opens).replace(":", "\\s?:\\s?");
  const time = (x: string) => `(?<![\\d])0?${x}(?!\\d)`;
  if (!closes) return new RegExp(time(o)).test(t);
  const c = minutes(closes).replace(":", "\\s?:\\s?");
  return new RegExp(`${time(o)}\\s*(?:[-–—~〜～]|to|do|până la|hingga|sampai)\\s*${time(c)}`).test(t);
}

/** Day names a page may use when it says which days are closed, per language and day (0 = Sunday). */
const DAY_WORDS: Record<string, string[][]> = {
  ja: [["日曜", "日・", "・日"], ["月曜"], ["火曜"], ["水曜"], ["木曜"], ["金曜"], ["土曜", "土・", "・土"]],
  en: [
    ["sunday", "sun"],
    ["monday", "mon"],
    ["tuesday", "tue"],
    ["wednesday", "wed"],
    ["thursday", "thu"],
    ["friday", "fri"],
    ["saturday", "sat"],
  ],
  pl: [
    ["niedziel", "nd."],
    ["poniedział", "pon."],
    ["wtor", "wt."],
    ["środ", "śr."],
    ["czwart", "czw."],
    ["piąt", "pt."],
    ["sobot", "sob."],
  ],
  ro: [["duminic"], ["luni"], ["marți", "marti"], ["miercuri"], ["joi"], ["vineri"], ["sâmbăt", "sambat"]],
  ms: [["ahad"], ["isnin"], ["selasa"], ["rabu"], ["khamis"], ["jumaat"], ["sabtu"]],
  id: [["minggu"], ["senin"], ["selasa"], ["rabu"], ["kamis"], ["jumat", "jum'at"], ["sabtu"]],
};
const WEEKEND_WORDS = [
  "土日",
  "weekends",
  "weekend",
  "weekendy",
  "weekend-uri",
  "hujung minggu",
  "akhir pekan",
];
const CLOSED_WORDS = [
  "定休",
  "休業",
  "休診",
  "休み",
  "closed",
  "nieczynne",
  "zamknięte",
  "închis",
  "tutup",
  "libur",
  "cuti",
];

/** A page line says the business is closed on day `d` (in any of the six languages). */
function closedOn(lines: string[], d: number): boolean {
  return lines.some((line) => {
    const l = fold(line);
    if (!CLOSED_WORDS.some((w) => l.includes(w))) return false;
    if ((d === 0 || d === 6) && WEEKEND_WORDS.some((w) => l.includes(w))) return true;
    return Object.values(DAY_WORDS).some((days) => (days[d] ?? []).some((w) => l.includes(w)));
  });
}

/** "Tokyo (Setagaya)", "横浜市青葉区・たまプラーザ駅から徒歩3分": each part must be on the page. */
function placeParts(place: string): string[] {
  return place
    .split(/[、,，・()（）/／]|\s+-\s+/)
    .map((p) => fold(p))
    .filter((p) => p.length >= 2);
}

/** Yen (and other) amounts on the page: "4,400円", "¥550", "1.200 de yeni", "RM15". */
function amountsIn(text: string): number[] {
  const t = text.normalize("NFKC");
  const num = String.raw`(\d{1,3}(?:[,.]\d{3})+|\d+)`;
  const found: number[] = [];
  const re = new RegExp(
    String.raw`(?:¥|円|JPY|RM|Rp\.?|zł|PLN|lei|RON)\s?${num}|${num}\s?(?:円|¥|yen|jenów|jeny|yeni|de yeni|zł|lei|ringgit|JPY)`,
    "giu",
  );
  for (const m of t.matchAll(re)) {
    const raw = m[1] ?? m[2] ?? "";
    found.push(Number(raw.replace(/[,.]/g, "")));
  }
  return found;
}

function numbersIn(text: string): Set<number> {
  const out = new Set<number>();
  for (const m of text.normalize("NFKC").matchAll(/\d{1,3}(?:[,.]\d{3})+|\d+/g)) {
    out.add(Number(m[0].replace(/[,.]/g, "")));
  }
  return out;
}

function timesIn(text: string): string[] {
  return [...text.normalize("NFKC").matchAll(/(?<![\d.:])(\d{1,2}):(\d{2})(?![\d:])/g)]
    .filter((m) => Number(m[1]) <= 24 && Number(m[2]) < 60)
    .map((m) => `${Number(m[1])}:${m[2]}`);
}

function yearsIn(text: string): number[] {
  return [...text.normalize("NFKC").matchAll(/(?<![\d,.\-:])(1[89]\d{2}|20\d{2})(?![\d,:]|\.\d)/g)].map((m) =>
    Number(m[1]),
  );
}

/**
 * Scores one generated page. `pageText` is the visible text of the page in the item's language,
 * with one line per block element; `template` the industry the generator chose.
 */
export function scoreItem(item: TEvalItem, pageText: string, template: string): TItemScore {
  const { facts, description } = item;
  const page = fold(pageText);
  const lines = pageText.split("\n").filter((l) => l.trim());
  const tally = (asked: number, found: number): TTally => ({ asked, found });
  const missing: string[] = [];
  const check = (kind: TFactKind, label: string, ok: boolean) => {
    if (!ok) missing.push(`${kind}: ${label}`);
    return ok ? 1 : 0;
  };

  const services = facts.services.reduce((n, s) => n + check("services", s, page.includes(fold(s))), 0);
  const name = facts.name ? check("name", facts.name, page.includes(fold(facts.name))) : 0;
  const place = facts.place
    ? check(
        "place",
        facts.place,
        placeParts(facts.place).every((p) => page.includes(p)),
      )
    : 0;
  const phone = facts.phone
    ? check(
        "phone",
        facts.phone,
        phonesIn(pageText).some((p) => samePhone(p, facts.phone ?? "")),
      )
    : 0;
  const email = facts.email ? check("email", facts.email, page.includes(fold(facts.email))) : 0;
  const hoursOk = facts.hours.every((h) => hasRange(pageText, h.opens, h.closes));
  const hours = facts.hours.length > 0 ? check("hours", JSON.stringify(facts.hours), hoursOk) : 0;
  const closedOk = facts.closedDays.every((d) => closedOn(lines, d));
  const closedDays =
    facts.closedDays.length > 0 ? check("closedDays", facts.closedDays.join(","), closedOk) : 0;

  // Invented: what the page states that neither the description nor the item's facts and notes hold.
  const source = `${description}\n${facts.notes ?? ""}`;
  const invented: string[] = [];
  const ownPhones = [...phonesIn(source), ...(facts.phone ? [facts.phone] : [])];
  for (const p of phonesIn(pageText)) {
    if (!ownPhones.some((own) => samePhone(own, p))) invented.push(`phone ${p.trim()}`);
  }
  const stated = numbersIn(source);
  const taxExcluded = /税抜|税別|\+\s?tax|excl/i.test(source);
  for (const amount of new Set(amountsIn(pageText))) {
    const fromTax = [...stated].some((n) => taxExcluded && Math.floor(n * 1.1) === amount);
    if (!stated.has(amount) && !fromTax && !facts.prices.some((p) => p.jpy === amount)) {
      invented.push(`price ${amount}`);
    }
  }
  const ownTimes = new Set([
    ...facts.hours.flatMap((h) => [h.opens, h.closes].filter((x): x is string => Boolean(x)).map(minutes)),
    ...timesIn(source),
  ]);
  for (const time of new Set(timesIn(pageText))) {
    if (!ownTimes.has(time)) invented.push(`time ${time}`);
  }
  for (const year of new Set(yearsIn(pageText))) {
    if (year !== facts.founded && !stated.has(year)) invented.push(`year ${year}`);
  }

  return {
    id: item.id,
    lang: item.lang,
    facts: {
      services: tally(facts.services.length, services),
      name: tally(facts.name ? 1 : 0, name),
      place: tally(facts.place ? 1 : 0, place),
      phone: tally(facts.phone ? 1 : 0, phone),
      email: tally(facts.email ? 1 : 0, email),
      hours: tally(facts.hours.length > 0 ? 1 : 0, hours),
      closedDays: tally(facts.closedDays.length > 0 ? 1 : 0, closedDays),
    },
    missing,
    industryFirst: facts.industry[0] === template,
    industryAny: facts.industry.includes(template),
    invented,
  };
}

export type TSummary = {
  items: number;
  facts: Record<TFactKind, TTally>;
  industryFirst: number;
  industryAny: number;
  invented: number;
};

export function summarize(scores: TItemScore[]): TSummary {
  const facts = Object.fromEntries(FACT_KINDS.map((k) => [k, { found: 0, asked: 0 }])) as Record<
    TFactKind,
    TTally
  >;
  for (const s of scores) {
    for (const k of FACT_KINDS) {
      facts[k].found += s.facts[k].found;
      facts[k].asked += s.facts[k].asked;
    }
  }
  return {
    items: scores.length,
    facts,
    industryFirst: scores.filter((s) => s.industryFirst).length,
    industryAny: scores.filter((s) => s.industryAny).length,
    invented: scores.reduce((n, s) => n + s.invented.length, 0),
  };
}

export const GOALS: Record<TFactKind | "industryAny", number> = {
  services: 0.9,
  name: 0.95,
  place: 0.95,
  phone: 0.95,
  email: 0.95,
  hours: 0.95,
  closedDays: 0.95,
  industryAny: 0.95,
};

const pct = (found: number, asked: number) =>
  asked === 0 ? "   –  " : `${((100 * found) / asked).toFixed(1)}%`.padStart(6);

/** One table: a row per language and an overall row, with the goals under it. */
export function formatTable(title: string, byLang: [string, TSummary][], overall: TSummary): string {
  const head = ["", "items", ...FACT_KINDS, "industry 1st", "industry any", "invented"];
  const row = (label: string, s: TSummary) => [
    label,
    String(s.items),
    ...FACT_KINDS.map(
      (k) => `${pct(s.facts[k].found, s.facts[k].asked)} (${s.facts[k].found}/${s.facts[k].asked})`,
    ),
    pct(s.industryFirst, s.items),
    pct(s.industryAny, s.items),
    String(s.invented),
  ];
  const rows = [head, ...byLang.map(([l, s]) => row(l, s)), row("all", overall)];
  const widths = head.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  const lines = rows.map((r) => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  "));
  return [title, ...lines].join("\n");
}
