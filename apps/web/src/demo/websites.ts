import type { TWebsite } from "@shobai/shared";

/** A sample site for signed-out visitors (spec §2): shown as 'Active', with nowhere to go. */
export type DemoWebsite = TWebsite & { status: "active" };

const at = "2025-01-15T01:00:00.000Z";

/** Three realistic small businesses, so a visitor sees what the grid will look like. */
export const DEMO_WEBSITES: DemoWebsite[] = [
  {
    id: "demo-sakura-ramen",
    name: "さくらラーメン",
    slug: "sakura-ramen",
    domain: null,
    url: "#",
    template: "restaurant",
    businessType: "restaurant",
    languages: ["ja", "en"],
    isPublished: true,
    source: "generated",
    sourceUrl: null,
    createdAt: at,
    updatedAt: at,
    status: "active",
  },
  {
    id: "demo-midori-dental",
    name: "みどり歯科クリニック",
    slug: "midori-dental",
    domain: "midori-dental.jp",
    url: "#",
    template: "healthcare",
    businessType: "healthcare",
    languages: ["ja", "en", "id"],
    isPublished: true,
    source: "generated",
    sourceUrl: null,
    createdAt: at,
    updatedAt: at,
    status: "active",
  },
  {
    id: "demo-yamada-law",
    name: "山田綜合法律事務所",
    slug: "yamada-law",
    domain: null,
    url: "#",
    template: "legal",
    businessType: "legal",
    languages: ["ja"],
    isPublished: true,
    source: "generated",
    sourceUrl: null,
    createdAt: at,
    updatedAt: at,
    status: "active",
  },
];
