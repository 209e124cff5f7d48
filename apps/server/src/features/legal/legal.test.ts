import { ZOperatorInfo } from "@shobai/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../testing/test-app";

describe("GET /api/public/operator", () => {
  let configured: TestContext;
  let bare: TestContext;
  beforeAll(async () => {
    [configured, bare] = await Promise.all([
      createTestApp({
        operator: {
          name: "株式会社商売",
          representative: "佐藤 花子",
          address: "〒150-0002 東京都渋谷区渋谷1-2-3",
          phone: "03-1234-5678",
          email: "support@shobai.example",
          invoiceNumber: "T7000012050002",
        },
      }),
      createTestApp({ operator: { name: "株式会社商売", phone: "  " } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([configured?.close(), bare?.close()]);
  });

  it("answers the configured details without a sign-in", async () => {
    const res = await configured.app.inject({ method: "GET", url: "/api/public/operator" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/json");
    expect(ZOperatorInfo.parse(res.json())).toEqual({
      name: "株式会社商売",
      representative: "佐藤 花子",
      address: "〒150-0002 東京都渋谷区渋谷1-2-3",
      phone: "03-1234-5678",
      email: "support@shobai.example",
      invoiceNumber: "T7000012050002",
    });
  });

  it("answers null for every field the operator has not set (blank counts as not set)", async () => {
    const res = await bare.app.inject({ method: "GET", url: "/api/public/operator" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: "株式会社商売",
      representative: null,
      address: null,
      phone: null,
      email: null,
      invoiceNumber: null,
    });
  });

  it("is listed in the OpenAPI document under the public tag", async () => {
    const res = await bare.app.inject({ method: "GET", url: "/api/openapi.json" });
    const doc = res.json();
    expect(doc.paths["/api/public/operator"].get.tags).toEqual(["public"]);
    expect(doc.tags.map((t: { name: string }) => t.name)).toContain("public");
  });
});
