import { KeyRound, type LucideIcon, UsersRound } from "lucide-react";

/** A screen a later issue delivers; until then it shows a "coming soon" panel. */
export interface PlaceholderRoute {
  path: string;
  /** Key of its title and description in the `pages` namespace. */
  page: string;
  icon: LucideIcon;
  /** Logged-out visitors are sent to /api/login (spec §2: subscription). */
  requiresAuth?: boolean;
}

/** App screens, inside the signed-in layout. */
export const APP_PLACEHOLDERS: PlaceholderRoute[] = [
  { path: "/api-settings", page: "apiSettings", icon: KeyRound, requiresAuth: true },
  { path: "/team", page: "team", icon: UsersRound, requiresAuth: true },
];

/** Public screens, inside the public layout. */
export const PUBLIC_PLACEHOLDERS: PlaceholderRoute[] = [];
