import "@/lib/i18n";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import type { Mock } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { Toaster } from "@/components/ui/toaster";
import { createQueryClient } from "@/lib/query-client";

/** Renders a screen with what the app gives it: a fresh query cache, a router at `path`, toasts. */
export function renderWithProviders(ui: ReactNode, { path = "/" }: { path?: string } = {}) {
  const queryClient = createQueryClient();
  const location = memoryLocation({ path, record: true });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, queryClient, location };
}

/** A JSON answer as the server sends it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/**
 * A filter over a `fetch` mock's calls: `calls("POST", "/api/websites")` are the calls it received for
 * that method and path (query left out), in order.
 */
export function fetchCalls(fetchMock: Mock<typeof fetch>) {
  return (method: string, path: string) =>
    fetchMock.mock.calls.filter(([input, init]) => {
      const url = new URL(String(input), "http://localhost");
      return (init?.method ?? "GET") === method && url.pathname === path;
    });
}
