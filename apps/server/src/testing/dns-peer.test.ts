import { Resolver } from "node:dns/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerQuery, type DnsPeer, startDnsPeer } from "./dns-peer";

let peer: DnsPeer;
let resolver: Resolver;

beforeAll(async () => {
  peer = await startDnsPeer({
    "shop.example.jp": { A: ["203.0.113.7", "203.0.113.8"], AAAA: ["2001:db8::7"] },
    "www.example.jp": { CNAME: "hop.example.net" },
    "hop.example.net": { CNAME: "shop.example.jp" },
    "txt-only.example.jp": {},
  });
  resolver = new Resolver({ timeout: 1000, tries: 1 });
  resolver.setServers([peer.server]);
});
afterAll(async () => {
  await peer.close();
});

const code = (promise: Promise<unknown>) =>
  promise.then(
    () => "resolved",
    (error: NodeJS.ErrnoException) => error.code,
  );

describe("the test DNS peer, through node's resolver", () => {
  it("answers A and AAAA records", async () => {
    expect((await resolver.resolve4("shop.example.jp")).sort()).toEqual(["203.0.113.7", "203.0.113.8"]);
    expect(await resolver.resolve6("shop.example.jp")).toEqual(["2001:db8::7"]);
    expect(peer.queries).toContain("shop.example.jp A");
  });

  it("answers CNAME questions with the next name, and A questions through the chain", async () => {
    expect(await resolver.resolveCname("www.example.jp")).toEqual(["hop.example.net"]);
    expect(await resolver.resolveCname("hop.example.net")).toEqual(["shop.example.jp"]);
    expect((await resolver.resolve4("www.example.jp")).sort()).toEqual(["203.0.113.7", "203.0.113.8"]);
  });

  it("is case-insensitive and accepts changes while running", async () => {
    expect(await resolver.resolve4("SHOP.Example.JP")).toHaveLength(2);
    peer.set("new.example.jp", { A: ["198.51.100.1"] });
    expect(await resolver.resolve4("new.example.jp")).toEqual(["198.51.100.1"]);
    peer.remove("new.example.jp");
    expect(await code(resolver.resolve4("new.example.jp"))).toBe("ENOTFOUND");
  });

  it("answers TXT records, several per name and longer than one 255-byte string", async () => {
    const long = `shobai-verify=${"a".repeat(300)}`;
    peer.set("_shobai.shop.example.jp", { TXT: ["shobai-verify=abc", long] });
    const records = await resolver.resolveTxt("_shobai.shop.example.jp");
    expect(records.map((chunks) => chunks.join("")).sort()).toEqual(["shobai-verify=abc", long].sort());
    expect(await code(resolver.resolveTxt("shop.example.jp"))).toBe("ENODATA");
  });

  it("says NXDOMAIN for unknown names and NODATA for names without that record", async () => {
    expect(await code(resolver.resolve4("nowhere.example.jp"))).toBe("ENOTFOUND");
    expect(await code(resolver.resolveCname("shop.example.jp"))).toBe("ENODATA");
    expect(await code(resolver.resolve4("txt-only.example.jp"))).toBe("ENODATA");
  });

  it("answers malformed questions with FORMERR and ignores responses", () => {
    const query = Buffer.from([0x12, 0x34, 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0, 0xc0, 0x0c, 0, 1, 0, 1]);
    const reply = answerQuery(query, new Map());
    expect(reply?.readUInt16BE(0)).toBe(0x1234);
    expect((reply?.readUInt16BE(2) ?? 0) & 0x000f).toBe(1);
    const response = Buffer.from(query);
    response.writeUInt16BE(0x8100, 2);
    expect(answerQuery(response, new Map())).toBeNull();
  });
});
