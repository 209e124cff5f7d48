import { Link } from "wouter";
import { cn } from "@/lib/cn";
import { useTranslation } from "@/lib/use-translation";

const PAGES = [
  { href: "/email", key: "area.campaigns", id: "campaigns" },
  { href: "/email-management", key: "area.sending", id: "sending" },
] as const;

/**
 * One "Email" area for owners (issue 20): campaigns and sending (status, senders, outbox) are two
 * pages of it, reached from one item in the top bar and this switch on both pages.
 */
export function EmailAreaNav({ current }: { current: "campaigns" | "sending" }) {
  const { t } = useTranslation("email");
  return (
    <nav aria-label={t("area.label")} data-testid="email-area-nav">
      <ul className="flex flex-wrap gap-1 border-b border-border">
        {PAGES.map((page) => {
          const active = page.id === current;
          return (
            <li key={page.id}>
              <Link
                href={page.href}
                aria-current={active ? "page" : undefined}
                data-testid={`email-area-${page.id}`}
                className={cn(
                  "-mb-px inline-flex min-h-10 items-center border-b-2 px-3 text-sm font-semibold no-underline transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                  active
                    ? "border-primary text-foreground"
                    : "border-transparent text-muted-foreground hover:text-foreground",
                )}
              >
                {t(page.key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
