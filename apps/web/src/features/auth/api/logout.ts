import { apiRequest } from "@/lib/api-request";
import { hardNavigate } from "@/lib/navigation";

/**
 * Signs out with a POST (a GET /api/logout only asks, so a cross-site link signs nobody out), then
 * loads the home page afresh. A fetch, not a form: under the app's no-referrer policy a form post
 * would carry `Origin: null`, which the API's cross-origin check refuses.
 */
export async function logout(): Promise<void> {
  await apiRequest("POST", "/api/logout").catch(() => undefined);
  hardNavigate("/");
}
