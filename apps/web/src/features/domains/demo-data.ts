import type { TCustomDomain, TDomainServiceStatus, TOwnedDomain } from "@shobai/shared";
import type { TFunction } from "@/lib/use-translation";

/**
 * What a signed-out visitor sees (spec §2, §6): a working registrar, a shop's registered domain and
 * its connection to the shop's website. Nothing here is stored; every action asks to log in.
 */

const DAY = 24 * 60 * 60 * 1000;

function daysFromNow(days: number): string {
  return new Date(Date.now() + days * DAY).toISOString();
}

export const DEMO_SERVICE_STATUS: TDomainServiceStatus = {
  configured: true,
  // The server words this in English; the sample has nothing to add to "available".
  message: "",
};

export const DEMO_DOMAINS: TOwnedDomain[] = [
  {
    id: "demo-sakura-ramen-jp",
    domain: "sakura-ramen.jp",
    unicodeDomain: "sakura-ramen.jp",
    status: "active",
    registrationPeriod: 1,
    priceJpy: 3960,
    expiresAt: daysFromNow(214),
    nameServers: ["ns1.shobai-dns.jp", "ns2.shobai-dns.jp"],
    createdAt: daysFromNow(-151),
    autoRenew: true,
  },
  {
    id: "demo-sakura-ramen-tokyo",
    domain: "xn--y8jl1nonjb9c1c.tokyo",
    unicodeDomain: "さくらラーメン.tokyo",
    status: "registering",
    registrationPeriod: 2,
    priceJpy: 5280,
    expiresAt: null,
    nameServers: [],
    createdAt: daysFromNow(0),
    autoRenew: true,
  },
];

/** Sample connections; the failed check's message is written in the interface language (`t`). */
export function demoConnections(t: TFunction<"domains">): TCustomDomain[] {
  return [
    {
      id: "demo-www",
      hostname: "www.sakura-ramen.jp",
      unicodeHostname: "www.sakura-ramen.jp",
      websiteId: "demo-sakura-ramen",
      websiteName: "さくらラーメン",
      status: "verified",
      dnsRecords: [
        {
          type: "TXT",
          name: "_shobai.www.sakura-ramen.jp",
          value: "shobai-verify=4f1c9a27d0b84e6f9a3c52e8b7d1f604",
        },
        { type: "CNAME", name: "www.sakura-ramen.jp", value: "sites.shobai.jp" },
      ],
      proof: "txt",
      verifiedAt: daysFromNow(-148),
      lastCheckedAt: daysFromNow(-1),
      lastError: null,
      expiresAt: null,
      proofMissingSince: null,
      servingEndsAt: null,
      // Its domain uses its own name servers (above): the owner set the records there.
      dnsManaged: false,
      createdAt: daysFromNow(-150),
    },
    {
      id: "demo-apex",
      hostname: "sakura-ramen.jp",
      unicodeHostname: "sakura-ramen.jp",
      websiteId: "demo-sakura-ramen",
      websiteName: "さくらラーメン",
      status: "pending",
      dnsRecords: [
        {
          type: "TXT",
          name: "_shobai.sakura-ramen.jp",
          value: "shobai-verify=b83e0d5a61f24c7e9d0a3f6c2e81b749",
        },
        { type: "A", name: "sakura-ramen.jp", value: "203.0.113.10" },
      ],
      proof: "txt",
      verifiedAt: null,
      lastCheckedAt: daysFromNow(-0.1),
      lastError: t("demo.lastError", { hostname: "sakura-ramen.jp", value: "203.0.113.10" }),
      expiresAt: daysFromNow(6.8),
      proofMissingSince: null,
      servingEndsAt: null,
      dnsManaged: false,
      createdAt: daysFromNow(-0.2),
    },
  ];
}

/** The sample shop's site, for the connect dialog's website select. */
export const DEMO_WEBSITE_OPTIONS = [{ id: "demo-sakura-ramen", name: "さくらラーメン" }];
