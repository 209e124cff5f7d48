import { type TSlugAvailability, ZSiteSlug, ZSlugAvailability } from "@shobai/shared";
import { CheckCircle2, CircleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { apiGet } from "@/lib/api-request";
import { useTranslation } from "@/lib/use-translation";

/** What the field says about the address typed: checking, free, or why not. */
export type TSlugState = "unchanged" | "checking" | "available" | "taken" | "reserved" | "invalid";

/** The site's address with another slug: the host's first label or the /s/{slug} path segment. */
export function addressWith(url: string, oldSlug: string, slug: string): string {
  try {
    const parsed = new URL(url, window.location.origin);
    if (parsed.hostname.startsWith(`${oldSlug}.`))
      parsed.hostname = `${slug}${parsed.hostname.slice(oldSlug.length)}`;
    else parsed.pathname = parsed.pathname.replace(`/s/${oldSlug}`, `/s/${slug}`);
    return `${parsed.host}${parsed.pathname === "/" ? "" : parsed.pathname}`;
  } catch {
    return slug;
  }
}

/**
 * The site address (slug), checked as the owner types (GET /api/websites/slug-available, debounced):
 * lower-case letters, digits and hyphens; the site's own address counts as free.
 */
export function SlugField({
  websiteId,
  current,
  url,
  value,
  onChange,
  onState,
  disabled,
  taken,
}: {
  websiteId: string;
  current: string;
  url: string;
  value: string;
  onChange: (slug: string) => void;
  onState: (state: TSlugState) => void;
  disabled: boolean;
  /** The server refused it on save (409 slug_taken): shown as taken. */
  taken: boolean;
}) {
  const { t } = useTranslation("websites");
  const [state, setState] = useState<TSlugState>("unchanged");
  const slug = value.trim().toLowerCase();

  useEffect(() => {
    if (slug === current) {
      setState("unchanged");
      return;
    }
    if (!ZSiteSlug.safeParse(slug).success) {
      setState("invalid");
      return;
    }
    setState("checking");
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const query = new URLSearchParams({ slug, website: websiteId });
      apiGet(`/api/websites/slug-available?${query}`, ZSlugAvailability, { signal: controller.signal })
        .then((answer: TSlugAvailability) =>
          setState(answer.available ? "available" : (answer.reason ?? "taken")),
        )
        .catch(() => {
          if (!controller.signal.aborted) setState("invalid");
        });
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [slug, current, websiteId]);

  const shown: TSlugState = taken && state !== "checking" ? "taken" : state;
  useEffect(() => onState(shown), [shown, onState]);
  const bad = shown === "taken" || shown === "reserved" || shown === "invalid";

  return (
    <div className="grid gap-2">
      <Label htmlFor="website-settings-slug">{t("settings.slugLabel")}</Label>
      <Input
        id="website-settings-slug"
        data-testid="website-settings-slug"
        value={value}
        maxLength={63}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        inputMode="url"
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={bad || undefined}
        aria-describedby="website-settings-slug-status"
        disabled={disabled}
      />
      <p
        id="website-settings-slug-status"
        className={
          bad
            ? "flex items-center gap-1 text-sm text-destructive"
            : "flex items-center gap-1 text-sm text-muted-foreground"
        }
        aria-live="polite"
        data-testid="website-settings-slug-status"
        data-state={shown}
      >
        {shown === "available" ? <CheckCircle2 aria-hidden className="size-4 shrink-0 text-success" /> : null}
        {bad ? <CircleAlert aria-hidden className="size-4 shrink-0" /> : null}
        <span className="min-w-0 break-all">
          {shown === "unchanged" || shown === "available" || shown === "checking"
            ? t(`settings.slug.${shown}`, { address: addressWith(url, current, slug) })
            : t(`settings.slug.${shown}`)}
        </span>
      </p>
    </div>
  );
}
