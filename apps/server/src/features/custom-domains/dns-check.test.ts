import dgram from "node:dgram";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DnsPeer, startDnsPeer } from "../../testing/dns-peer";
import { createDnsChecker, type DnsChecker, type DnsExpectation } from "./dns-check";

let peer: DnsPeer;
let dns: DnsChecker;

const expected: DnsExpectation = {
  cnameTargets: ["sakura.sites.shobai.jp", "edge.shobai.jp"],
  ipv4: ["203.0.113.10"],
  ipv6: ["2001:db8::10"],
};

beforeAll(async () => {
  peer = await startDnsPeer({
    "sakura.sites.shobai.jp": { A: ["203.0.113.10"] },
    "www.direct.jp": { CNAME: "sakura.sites.shobai.jp" },
    "www.edge.jp": { CNAME: "edge.shobai.jp." },
    "www.chain.jp": { CNAME: "a.cdn.example.net" },
    "a.cdn.example.net": { CNAME: "b.cdn.example.net" },
    "b.cdn.example.net": { CNAME: "sakura.sites.shobai.jp" },
    "apex.jp": { A: ["198.51.100.5", "203.0.113.10"] },
    "v6.jp": { AAAA: ["2001:0db8:0:0:0:0:0:10"] },
    "www.other.jp": { CNAME: "other.host.com" },
    "other.host.com": { A: ["198.51.100.99"] },
    "wrong-a.jp": { A: ["198.51.100.1"] },
    "loop1.jp": { CNAME: "loop2.jp" },
    "loop2.jp": { CNAME: "loop1.jp" },
    ...Object.fromEntries(
      Array.from({ length: 10 }, (_, i) => [`l${i}.long.jp`, { CNAME: `l${i + 1}.long.jp` }]),
    ),
  });
  // The peer answers at once; the margin is for a loaded 2-core machine (500 ms timed out once in
  // a run beside another test file). The deadline tests below set their own.
  dns = createDnsChecker({ servers: [peer.server], timeoutMs: 3000, tries: 2 });
});
afterAll(async () => {
  await peer.close();
});

describe("DNS check", () => {
  it("verifies a CNAME to the site's name or the platform's target", async () => {
    expect(await dns.check("www.direct.jp", expected)).toEqual({ verified: true });
    expect(await dns.check("www.edge.jp", expected)).toEqual({ verified: true });
  });

  it("follows a CNAME chain", async () => {
    expect(await dns.check("www.chain.jp", expected)).toEqual({ verified: true });
  });

  it("verifies an A or AAAA record with the platform's address", async () => {
    expect(await dns.check("apex.jp", expected)).toEqual({ verified: true });
    expect(await dns.check("v6.jp", expected)).toEqual({ verified: true });
  });

  it("says what it found when the host points elsewhere", async () => {
    expect(await dns.check("www.other.jp", expected)).toEqual({
      verified: false,
      problem: "www.other.jp has a CNAME to other.host.com, expected sakura.sites.shobai.jp",
    });
    expect(await dns.check("wrong-a.jp", expected)).toEqual({
      verified: false,
      problem:
        "wrong-a.jp points to 198.51.100.1, expected 203.0.113.10 or 2001:db8::10 or a CNAME to sakura.sites.shobai.jp",
    });
    expect(await dns.check("missing.jp", expected)).toEqual({
      verified: false,
      problem: "no A or CNAME record found for missing.jp",
    });
  });

  it("stops on CNAME loops and over-long chains", async () => {
    const loop = await dns.check("loop1.jp", expected);
    expect(loop).toMatchObject({ verified: false, problem: expect.stringContaining("CNAME loop") });
    const long = await dns.check("l0.long.jp", expected);
    expect(long).toMatchObject({ verified: false, problem: expect.stringContaining("longer than 8") });
  });

  it("reports a resolver that does not answer as a failed lookup, within the deadline", async () => {
    const silent = dgram.createSocket("udp4");
    await new Promise<void>((resolve) => silent.bind(0, "127.0.0.1", resolve));
    try {
      const mute = createDnsChecker({
        servers: [`127.0.0.1:${silent.address().port}`],
        timeoutMs: 200,
        tries: 1,
      });
      const result = await mute.check("www.direct.jp", expected);
      expect(result).toMatchObject({
        verified: false,
        problem: expect.stringMatching(/^the DNS lookup for www\.direct\.jp failed \(ETIMEOUT\)/),
      });
      const slow = createDnsChecker({
        servers: [`127.0.0.1:${silent.address().port}`],
        timeoutMs: 2000,
        tries: 3,
        deadlineMs: 150,
      });
      const started = Date.now();
      expect(await slow.check("www.direct.jp", expected)).toEqual({
        verified: false,
        problem: "the DNS lookup for www.direct.jp took too long; try again in a few minutes",
      });
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      silent.close();
    }
  });
});
