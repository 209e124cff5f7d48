import { KeyRound, type LucideIcon, UsersRound } from "lucide-react";

/** A screen a later issue delivers; until then it shows a "coming soon" panel. */
export interface PlaceholderRoute {
  path: string;
  /** Key of its title and description in the `pages` namespace. */
  page: string;
  icon: LucideIcon;
}

/** App screens, inside the signed-in layout; logged-out visitors are sent to /api/login. */
export const APP_PLACEHOLDERS: PlaceholderRoute[] = [
  { path: "/api-settings", page: "apiSettings", icon: KeyRound },
  { path: "/team", page: "team", icon: UsersRound },
];
