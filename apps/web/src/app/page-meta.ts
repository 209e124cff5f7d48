import { type AppScreenPath, matchAppRoute, PUBLIC_PAGE_PATHS } from "@shobai/shared/constants";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { isPrerenderedPage } from "@/lib/hydration";
import { useTranslation } from "@/lib/use-translation";
import { useUser } from "@/queries/user";

/** `/case-studies` → caseStudies: the page's key in the `seo` namespace; null for app screens. */
export function pageMetaKey(path: string): string | null {
  if (!(PUBLIC_PAGE_PATHS as readonly string[]).includes(path)) return null;
  if (path === "/") return "home";
  return path.slice(1).replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** Each app screen's title in the `seo` namespace (every screen has one: the type says so). */
const SCREEN_TITLES: Record<AppScreenPath, string> = {
  "/auth": "screens.auth",
  "/auth/forgot": "screens.forgotPassword",
  "/auth/reset": "screens.resetPassword",
  "/__health": "screens.health",
  "/dashboard": "screens.dashboard",
  "/profile": "screens.profile",
  "/crm": "screens.crm",
  "/websites": "screens.websites",
  "/websites/:id": "screens.websiteSettings",
  "/websites/:id/edit": "screens.websiteEditor",
  "/analytics": "screens.analytics",
  "/email": "screens.email",
  "/email-management": "screens.emailManagement",
  "/domain-management": "screens.domainManagement",
  "/subscription": "screens.subscription",
  "/receipts": "screens.receipts",
  "/api-settings": "screens.apiSettings",
  "/team": "screens.team",
  "/invite": "screens.invite",
  "/api-docs": "screens.apiDocs",
};

/**
 * The `seo` key of the title of the screen at `pathname`: `/` is the landing page for visitors and
 * the dashboard once signed in; a path of no route is 'Page Not Found'.
 */
export function screenTitleKey(pathname: string, signedIn: boolean): string {
  const route = matchAppRoute(pathname);
  if (route === null) return "notFound.title";
  if (route === "/" && signedIn) return SCREEN_TITLES["/dashboard"];
  const page = pageMetaKey(route);
  if (page) return `${page}.title`;
  return SCREEN_TITLES[route as AppScreenPath];
}

/**
 * Keeps <title> and the meta description right as the visitor moves between screens or changes the
 * language (the server sends them with each prerendered page; client navigation must follow), and
 * returns the title to announce after a client-side navigation (a screen reader hears nothing else
 * when the page does not reload). The `seo` texts are fetched on the first such change.
 */
export function usePageMeta(): string {
  const [location] = useLocation();
  const { i18n } = useTranslation();
  const { user, isLoading } = useUser();
  const signedIn = Boolean(user);
  const language = i18n.language;
  const untouched = useRef(isPrerenderedPage());
  const firstLocation = useRef(location);
  const [announcement, setAnnouncement] = useState("");
  useEffect(() => {
    if (untouched.current) {
      // The prerendered page arrived with its own title and description.
      untouched.current = false;
      return;
    }
    // `/` is the landing or the dashboard: wait until the session is known.
    if (isLoading) return;
    let current = true;
    void i18n.loadNamespaces("seo").then(() => {
      if (!current) return;
      const t = i18n.getFixedT(language, "seo");
      const title = t(screenTitleKey(location, signedIn));
      document.title = title;
      const key = pageMetaKey(location);
      if (key)
        document.querySelector('meta[name="description"]')?.setAttribute("content", t(`${key}.description`));
      if (location !== firstLocation.current) {
        firstLocation.current = "";
        setAnnouncement(title);
      }
    });
    return () => {
      current = false;
    };
  }, [location, language, i18n, signedIn, isLoading]);
  return announcement;
}
