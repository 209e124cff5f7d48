import { ZContact, ZOk } from "@shobai/shared";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-error";
import { apiGet, apiJson } from "@/lib/api-request";
import { apiError, failOnFakeApiFaults, fakeApi } from "./fake-api";

describe("the fake API", () => {
  it("answers with what the test gave, and logs the request", async () => {
    fakeApi.post("/api/things/:id", ZOk, () => ({ ok: true }), { status: 201 });
    await expect(apiJson("POST", "/api/things/t1", { name: "店舗" }, ZOk)).resolves.toEqual({ ok: true });
    const [call] = fakeApi.calls("POST", "/api/things/t1");
    expect(call?.params).toEqual({ id: "t1" });
    expect(call?.body).toEqual({ name: "店舗" });
  });

  it("fails the test when its answer is not what the server's schema allows", async () => {
    fakeApi.get("/api/contacts/:id", ZContact, () => ({ id: "c1" }) as never);
    await expect(apiGet("/api/contacts/c1", ZContact)).rejects.toBeInstanceOf(ApiError);
    expect(() => failOnFakeApiFaults()).toThrow(
      /GET \/api\/contacts\/:id: the fake's answer is not what the server sends/,
    );
  });

  it("fails the test on a call nobody declared", async () => {
    await expect(apiGet("/api/undeclared", ZOk)).rejects.toMatchObject({ status: 404 });
    expect(() => failOnFakeApiFaults()).toThrow(/GET \/api\/undeclared: no fake answer for this call/);
  });

  it("sends errors in the shared error shape", async () => {
    fakeApi.get("/api/things", ZOk, () =>
      apiError(400, "validation_error", "Invalid input", [
        { path: "email", code: "invalid_format", message: "Invalid email" },
      ]),
    );
    const error = await apiGet("/api/things", ZOk).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 400,
      code: "validation_error",
      issues: [{ path: "email", code: "invalid_format", message: "Invalid email" }],
    });
  });
});
