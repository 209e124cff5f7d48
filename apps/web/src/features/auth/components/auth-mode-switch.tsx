import { cn } from "@/lib/cn";
import type { AuthMode } from "../auth-mode";
import { useAuthTranslation } from "../hooks/use-auth-translation";

const MODES: readonly AuthMode[] = ["login", "register"];

/**
 * Sign in or create an account: two links to the same page with the mode in the address, so the
 * switch is plain to see, works with Back, and a "start" button elsewhere can open either.
 */
export function AuthModeSwitch({
  mode,
  onModeChange,
}: {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
}) {
  const { t } = useAuthTranslation();
  return (
    <nav aria-label={t("modeSwitchLabel")} className="mb-6">
      <ul className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1" data-testid="auth-mode-switch">
        {MODES.map((each) => {
          const current = each === mode;
          return (
            <li key={each} className="min-w-0">
              <a
                href={`/auth?mode=${each}`}
                aria-current={current ? "page" : undefined}
                data-testid={`auth-mode-${each}`}
                onClick={(event) => {
                  event.preventDefault();
                  onModeChange(each);
                }}
                className={cn(
                  "flex min-h-10 items-center justify-center rounded-md px-3 text-center text-sm font-semibold no-underline transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                  current
                    ? "bg-background text-foreground shadow-sm"
                    : "text-muted-foreground hover:text-foreground",
                )}
              >
                {t(each === "login" ? "modeLogin" : "modeRegister")}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
