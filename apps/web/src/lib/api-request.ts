import { ApiError } from "./api-error";

/** Throws an ApiError (`status: body`) for any non-ok answer. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => "");
  throw new ApiError(res.status, text, res.statusText);
}

/**
 * One call to our API: cookies always go along; the JSON content type is set only when there
 * is a body. Resolves with the Response (already checked to be ok).
 */
export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? extraHeaders : { "Content-Type": "application/json", ...extraHeaders },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "include",
  });
  await throwIfResNotOk(res);
  return res;
}

/** apiRequest, then the JSON body. */
export async function apiJson<T>(
  method: string,
  url: string,
  body?: unknown,
  extraHeaders?: Record<string, string>,
): Promise<T> {
  const res = await apiRequest(method, url, body, extraHeaders);
  return (await res.json()) as T;
}
