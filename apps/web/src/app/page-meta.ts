import { PUBLIC_PAGE_PATHS } from "@shobai/shared/constants";
import { useEffect, useRef } from "react";
import { useLocation } from "wouter";
import { isPrerenderedPage } from "@/lib/hydration";
import { useTranslation } from "@/lib/use-translation";

/** `/case-studies` → caseStudies: the page's key in the `seo` namespace; null for app screens. */
export function pageMetaKey(path: string): string | null {
  if (!(PUBLIC_PAGE_PATHS as readonly string[]).includes(path)) return null;
  if (path === "/") return "home";
  return path.slice(1).replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * Keeps <title> and the meta description right as the visitor moves between pages or changes the
 * language (the server sends them with each prerendered page; client navigation must follow).
 * The `seo` texts are fetched on the first such change, not with the page.
 */
export function usePageMeta(): void {
  const [location] = useLocation();
  const { i18n } = useTranslation();
  const language = i18n.language;
  const untouched = useRef(isPrerenderedPage());
  useEffect(() => {
    if (untouched.current) {
      // The prerendered page arrived with its own title and description.
      untouched.current = false;
      return;
    }
    let current = true;
    void i18n.loadNamespaces("seo").then(() => {
      if (!current) return;
      const t = i18n.getFixedT(language, "seo");
      const key = pageMetaKey(location);
      document.title = key ? t(`${key}.title`) : t("siteName");
      if (key)
        document.querySelector('meta[name="description"]')?.setAttribute("content", t(`${key}.description`));
    });
    return () => {
      current = false;
    };
  }, [location, language, i18n]);
}
