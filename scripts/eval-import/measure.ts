import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TSiteFacts } from "@shobai/shared";

/** The facts a test site holds, as its expected.json states them. */
export type TExpectedSite = {
  description: string;
  name: string;
  phone: string;
  /** A part of the address that must appear in the one found. */
  address: string;
  hours: { opens: string; closes: string };
  closedDays: number[];
  services: string[];
  /** `period`: a recurring fee (月額 month, 年額 year) must keep it; a one-off price must not gain one. */
  prices: Record<string, { amount: number; taxIncluded: boolean; period?: "month" | "year" }>;
  notes?: string[];
  representative?: string;
  /** Items on pages robots.txt forbids: reading them is a failure. */
  forbidden?: string[];
};

export const SITES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "sites");

export function testSites(): { id: string; dir: string; expected: TExpectedSite }[] {
  return fs
    .readdirSync(SITES_DIR)
    .sort()
    .map((id) => {
      const dir = path.join(SITES_DIR, id);
      return { id, dir, expected: JSON.parse(fs.readFileSync(path.join(dir, "expected.json"), "utf8")) };
    });
}

const fold = (s: string) =>
  s
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s()（）・,.、-]/g, "");
const digits = (s: string) =>
  s
    .replace(/\D/g, "")
    .replace(/^(?:81|62|60|65)/, "0")
    .replace(/^00/, "0");
/** One name stands for the other when either holds the other (「ヘッドスパ(30分)」 for ヘッドスパ). */
const same = (a: string, b: string) => {
  const x = fold(a);
  const y = fold(b);
  return x.length > 0 && y.length > 0 && (x.includes(y) || y.includes(x));
};

export type TSiteScore = {
  id: string;
  name: boolean;
  phone: boolean;
  address: boolean;
  hours: boolean;
  closedDays: boolean;
  services: [number, number];
  prices: [number, number];
  notes: [number, number];
  invented: string[];
  missed: string[];
};

export function scoreSite(id: string, expected: TExpectedSite, facts: TSiteFacts): TSiteScore {
  const missed: string[] = [];
  const check = (label: string, ok: boolean, got: unknown) => {
    if (!ok) missed.push(`${label}: ${JSON.stringify(got)}`);
    return ok;
  };
  const name = check("name", fold(facts.name ?? "") === fold(expected.name), facts.name);
  const phone = check("phone", digits(facts.phone ?? "") === digits(expected.phone), facts.phone);
  const address = check("address", fold(facts.address ?? "").includes(fold(expected.address)), facts.address);
  const period = facts.hours?.periods[0];
  const hours = check(
    "hours",
    period?.opens === expected.hours.opens && period?.closes === expected.hours.closes,
    facts.hours?.periods,
  );
  const closed = [...(facts.hours?.closedDays ?? [])].sort();
  const closedDays = check(
    "closedDays",
    JSON.stringify(closed) === JSON.stringify([...expected.closedDays].sort()),
    closed,
  );
  let services = 0;
  for (const service of expected.services) {
    if (facts.items.some((i) => same(i.name, service))) services++;
    else missed.push(`service: ${service}`);
  }
  let prices = 0;
  for (const [item, price] of Object.entries(expected.prices)) {
    const found =
      facts.items.find((i) => fold(i.name) === fold(item)) ?? facts.items.find((i) => same(i.name, item));
    if (
      found?.price?.amount === price.amount &&
      found.price.taxIncluded === price.taxIncluded &&
      (found.price.period ?? null) === (price.period ?? null)
    )
      prices++;
    else missed.push(`price: ${item} ${JSON.stringify(found?.price ?? null)}`);
  }
  let notes = 0;
  for (const note of expected.notes ?? []) {
    if (facts.notes.some((n) => same(n, note))) notes++;
    else missed.push(`note: ${note}`);
  }
  // Invented: an item that is none of the site's services or priced items.
  const known = [...expected.services, ...Object.keys(expected.prices)];
  const invented = facts.items.filter((i) => !known.some((k) => same(i.name, k))).map((i) => i.name);
  for (const forbidden of expected.forbidden ?? [])
    if (facts.items.some((i) => fold(i.name).includes(fold(forbidden))))
      invented.push(`${forbidden} (robots.txt)`);
  return {
    id,
    name,
    phone,
    address,
    hours,
    closedDays,
    services: [services, expected.services.length],
    prices: [prices, Object.keys(expected.prices).length],
    notes: [notes, expected.notes?.length ?? 0],
    invented,
    missed,
  };
}

export const GOALS = { name: 0.95, phone: 0.95, address: 0.95, hours: 0.95, services: 0.9, prices: 0.9 };

export type TSummary = Record<
  "name" | "phone" | "address" | "hours" | "closedDays" | "services" | "prices" | "notes",
  number
> & { invented: number };

export function summarize(scores: TSiteScore[]): TSummary {
  const share = (f: (s: TSiteScore) => boolean) => scores.filter(f).length / Math.max(1, scores.length);
  const ratio = (f: (s: TSiteScore) => [number, number]) => {
    const [got, of] = scores.map(f).reduce(([a, b], [c, d]) => [a + c, b + d], [0, 0]);
    return of === 0 ? 1 : got / of;
  };
  return {
    name: share((s) => s.name),
    phone: share((s) => s.phone),
    address: share((s) => s.address),
    hours: share((s) => s.hours),
    closedDays: share((s) => s.closedDays),
    services: ratio((s) => s.services),
    prices: ratio((s) => s.prices),
    notes: ratio((s) => s.notes),
    invented: scores.reduce((n, s) => n + s.invented.length, 0),
  };
}

/** Whether the figures meet the goals (and nothing was invented). */
export function meetsGoals(summary: TSummary): boolean {
  return (
    (Object.entries(GOALS) as [keyof typeof GOALS, number][]).every(([key, goal]) => summary[key] >= goal) &&
    summary.invented === 0
  );
}

const pct = (n: number) => `${Math.round(n * 100)}%`.padStart(5);

export function formatTable(scores: TSiteScore[], summary: TSummary): string {
  const mark = (ok: boolean) => (ok ? "  ✓  " : "  ✗  ");
  const frac = ([a, b]: [number, number]) => `${a}/${b}`.padStart(5);
  const lines = [
    "site              name phone addr hours closed services prices notes invented",
    ...scores.map(
      (s) =>
        `${s.id.padEnd(17)}${mark(s.name)}${mark(s.phone)}${mark(s.address)}${mark(s.hours)}${mark(s.closedDays)} ${frac(s.services)}    ${frac(s.prices)} ${frac(s.notes)} ${String(s.invented.length).padStart(5)}`,
    ),
    `${"all".padEnd(17)}${pct(summary.name)}${pct(summary.phone)}${pct(summary.address)}${pct(summary.hours)}${pct(summary.closedDays)}   ${pct(summary.services)}     ${pct(summary.prices)} ${pct(summary.notes)} ${String(summary.invented).padStart(5)}`,
    `goals: name, phone, address, hours ≥ 95%; services, prices ≥ 90%; nothing invented`,
  ];
  return lines.join("\n");
}
