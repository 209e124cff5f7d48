import type { TUser } from "@shobai/shared";
import { CreditCard, LogOut, UserRound, UsersRound } from "lucide-react";
import { Link } from "wouter";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { logout } from "@/features/auth/api/logout";
import { useTranslation } from "@/lib/use-translation";

const LATIN = /^[\p{Script=Latin}\p{N}]/u;

/** "HS" for Hana Sato; for a Japanese (or other non-Latin) name, the family name's first character. */
function initials(user: TUser): string {
  const first = user.firstName.trim();
  const last = user.lastName.trim();
  if (first && !LATIN.test(first)) return (last || first).charAt(0);
  return (first.charAt(0) + last.charAt(0) || user.email.charAt(0)).toUpperCase();
}

/** Avatar button opening profile, plan & billing, and logout (a POST to /api/logout, then home). */
export function UserMenu({ user }: { user: TUser }) {
  const { t } = useTranslation("common");
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return (
    // Not modal: a modal menu puts aria-hidden over the page (#root), whose links stay focusable.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        data-testid="user-menu"
        className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-full border border-border bg-background pr-1 pl-1 text-sm font-medium transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:pr-3"
      >
        <span
          aria-hidden
          className="grid size-7 place-items-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800"
        >
          {initials(user)}
        </span>
        {/* The accessible name starts with the name shown (WCAG 2.5.3), then says what the button is. */}
        <span className="hidden max-w-32 truncate sm:inline">{user.firstName}</span>
        <span className="sr-only">{` ${t("userMenu.label")}`}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span className="block text-xs font-normal text-muted-foreground">{t("userMenu.signedInAs")}</span>
          <span className="block truncate font-medium">{fullName}</span>
          <span className="block truncate text-xs text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/profile" data-testid="user-menu-profile">
            <UserRound aria-hidden />
            {t("actions.profile")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/team" data-testid="user-menu-team">
            <UsersRound aria-hidden />
            {t("actions.team")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/subscription" data-testid="user-menu-subscription">
            <CreditCard aria-hidden />
            {t("actions.subscription")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem data-testid="logout" onSelect={() => void logout()}>
          <LogOut aria-hidden />
          {t("actions.logout")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
