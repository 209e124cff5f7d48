import { ZOk } from "@shobai/shared";
import { QueryObserver } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { userQueryOptions } from "@/queries/user";
import { ApiError } from "./api-error";
import { apiGet, apiRequest, ResponseShapeError } from "./api-request";
import { createQueryClient } from "./query-client";

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function lastInit(): RequestInit {
  const call = fetchMock.mock.calls.at(-1);
  return call?.[1] ?? {};
}

describe("apiRequest", () => {
  it("sends cookies and no JSON content type when there is no body", async () => {
    fetchMock.mockResolvedValue(new Response("{}", { status: 200 }));
    await apiRequest("GET", "/api/things");
    expect(fetchMock).toHaveBeenCalledWith("/api/things", expect.objectContaining({ method: "GET" }));
    expect(lastInit().credentials).toBe("include");
    expect(lastInit().headers).toEqual({});
    expect(lastInit().body).toBeUndefined();
  });

  it("sends JSON with its content type when there is a body", async () => {
    fetchMock.mockResolvedValue(new Response("{}", { status: 201 }));
    await apiRequest("POST", "/api/things", { name: "店舗" });
    expect(lastInit().credentials).toBe("include");
    expect(lastInit().headers).toEqual({ "Content-Type": "application/json" });
    expect(lastInit().body).toBe(JSON.stringify({ name: "店舗" }));
  });

  it("throws `status: body` for a non-ok answer", async () => {
    fetchMock.mockResolvedValue(new Response('{"message":"nope"}', { status: 409, statusText: "Conflict" }));
    const error = await apiRequest("POST", "/api/things", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe('409: {"message":"nope"}');
  });

  it("uses the status text when the body is empty", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 503, statusText: "Service Unavailable" }));
    await expect(apiRequest("GET", "/api/x")).rejects.toThrow("503: Service Unavailable");
  });
});

describe("apiGet", () => {
  it("GETs the address with cookies and answers the checked body", async () => {
    fetchMock.mockResolvedValue(new Response('{"ok":true,"extra":1}', { status: 200 }));
    await expect(apiGet("/api/websites/42", ZOk)).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/websites/42");
    expect(lastInit().credentials).toBe("include");
    expect(lastInit().method).toBe("GET");
  });

  it("fails loudly when the server's answer no longer has the shared schema's shape", async () => {
    fetchMock.mockResolvedValue(new Response('{"ok":"yes"}', { status: 200 }));
    const error = await apiGet("/api/things", ZOk).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as Error).message).toContain("/api/things");
  });

  it("throws the ApiError of a non-ok answer, with its status, code and field issues", async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          message: "Invalid input",
          code: "validation_error",
          issues: [{ path: "ownerContact.email", code: "invalid_format", message: "Invalid email" }],
        }),
        { status: 400, statusText: "Bad Request" },
      ),
    );
    const error = await apiGet("/api/things", ZOk).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: "validation_error",
      issues: [{ path: "ownerContact.email", code: "invalid_format", message: "Invalid email" }],
    });
  });
});

describe("fetchUser", () => {
  it("returns null on 401: an anonymous visitor is an answer, not an error", async () => {
    fetchMock.mockResolvedValue(new Response('{"message":"Unauthorized"}', { status: 401 }));
    const client = createQueryClient();
    await expect(client.fetchQuery(userQueryOptions())).resolves.toBeNull();
    expect(lastInit().credentials).toBe("include");
  });

  it("still throws other errors", async () => {
    fetchMock.mockResolvedValue(new Response("", { status: 500, statusText: "Internal Server Error" }));
    const client = createQueryClient();
    await expect(client.fetchQuery(userQueryOptions())).rejects.toThrow("500: Internal Server Error");
  });

  it("checks the user's shape in development and tests", async () => {
    fetchMock.mockResolvedValue(new Response('{"id":"u1"}', { status: 200 }));
    await expect(createQueryClient().fetchQuery(userQueryOptions())).rejects.toBeInstanceOf(
      ResponseShapeError,
    );
  });
});

describe("query client defaults", () => {
  it("never retries, never goes stale, never refetches on focus or by interval", () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.retry).toBe(false);
    expect(queries?.staleTime).toBe(Number.POSITIVE_INFINITY);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchInterval).toBe(false);
    expect(mutations?.retry).toBe(false);
  });

  it("calls the server once for a failing query (no retry)", async () => {
    fetchMock.mockResolvedValue(new Response("", { status: 500, statusText: "Boom" }));
    const observer = new QueryObserver(createQueryClient(), {
      queryKey: ["/api/x"],
      queryFn: () => apiRequest("GET", "/api/x"),
    });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe("error"));
    unsubscribe();
    expect(observer.getCurrentResult().error?.message).toBe("500: Boom");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("serves a fetched query from the cache afterwards (staleTime Infinity)", async () => {
    fetchMock.mockImplementation(async () => new Response("[1]", { status: 200 }));
    const client = createQueryClient();
    const options = {
      queryKey: ["/api/y"],
      queryFn: () => apiGet("/api/y", { parse: (data: unknown) => data }),
    };
    await client.ensureQueryData(options);
    await client.ensureQueryData(options);
    await client.prefetchQuery(options);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("does not retry failed mutations", async () => {
    fetchMock.mockResolvedValue(new Response("", { status: 500, statusText: "Boom" }));
    const client = createQueryClient();
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => apiRequest("POST", "/api/z", {}),
    });
    await expect(mutation.execute(undefined)).rejects.toThrow("500: Boom");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe("dashboard figures", () => {
  it("are marked stale, not read, after any successful change", async () => {
    const client = createQueryClient();
    client.setQueryData(["/api/dashboard/stats"], { totalContacts: 1 });
    client.setQueryData(["/api/contacts"], []);
    expect(client.getQueryState(["/api/dashboard/stats"])?.isInvalidated).toBe(false);
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.resolve("done") })
      .execute(undefined);
    expect(client.getQueryState(["/api/dashboard/stats"])?.isInvalidated).toBe(true);
    expect(client.getQueryState(["/api/contacts"])?.isInvalidated).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
