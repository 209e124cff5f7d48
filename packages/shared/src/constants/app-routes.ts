import { PUBLIC_PAGE_PATHS } from "./public-pages.ts";

/**
 * The web app's screens besides the public pages: its router's paths (apps/web/src/app/router.tsx,
 * which a test holds to this list). The server answers these with the app and every other path with
 * the 'Page Not Found' page and status 404.
 */
export const APP_SCREEN_PATHS = [
  "/auth",
  "/auth/forgot",
  "/auth/reset",
  "/__health",
  "/dashboard",
  "/profile",
  "/crm",
  "/websites",
  "/websites/:id",
  "/websites/:id/edit",
  "/analytics",
  "/email",
  "/email-management",
  "/domain-management",
  "/subscription",
  "/receipts",
  "/api-settings",
  "/team",
  "/invite",
  "/api-docs",
] as const;

export type AppScreenPath = (typeof APP_SCREEN_PATHS)[number];

/** Every path the web app shows a page for (`:name` stands for one path segment). */
export const APP_ROUTE_PATHS: readonly string[] = [...PUBLIC_PAGE_PATHS, ...APP_SCREEN_PATHS];

// As the client router (wouter) matches: any letter case, an optional trailing slash.
const ROUTE_PATTERNS = APP_ROUTE_PATHS.map(
  (route) =>
    new RegExp(
      `^${route
        .split("/")
        .map((segment) =>
          segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&"),
        )
        .join("/")}/?$`,
      "i",
    ),
);

/** The route of the web app's page at `pathname` (no query string); null for its 'Page Not Found'. */
export function matchAppRoute(pathname: string): string | null {
  const index = ROUTE_PATTERNS.findIndex((pattern) => pattern.test(pathname));
  return index === -1 ? null : (APP_ROUTE_PATHS[index] ?? null);
}

/** True when the web app has a page at `pathname` (no query string), false for its 'Page Not Found'. */
export function isAppRoute(pathname: string): boolean {
  return matchAppRoute(pathname) !== null;
}
