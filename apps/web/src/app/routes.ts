import { KeyRound } from "lucide-react";
import type { PlaceholderRoute } from "@/features/coming-soon/pages/coming-soon-page";

/** App screens, inside the signed-in layout; logged-out visitors are sent to /api/login. */
export const APP_PLACEHOLDERS: PlaceholderRoute[] = [
  { path: "/api-settings", page: "apiSettings", icon: KeyRound },
];
