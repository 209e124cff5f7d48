import "./index.css";
import { isLanguage } from "@shobai/shared/constants";
import { hydrate } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { PLANS_QUERY_KEY } from "@/queries/plans";
import { App } from "./app/app";
import { syncConsentCookie } from "./features/consent/consent-storage";
import { appRoot, isPrerenderedPage } from "./lib/hydration";
import { i18n, i18nReady } from "./lib/i18n";
import { chooseLanguage } from "./lib/language";
import { readStoredLanguage, readUrlLanguage } from "./lib/language-detection";
import { queryClient } from "./lib/query-client";

// A tab opened before a deploy asks for chunks the new build no longer has (the server answers 404):
// load the page again, which brings the new build. At most once a minute, so an outage cannot loop.
window.addEventListener("vite:preloadError", (event) => {
  const key = "shobai_reloaded_for_update";
  try {
    const last = Number(window.sessionStorage.getItem(key) ?? 0);
    if (Date.now() - last < 60_000) return;
    window.sessionStorage.setItem(key, String(Date.now()));
  } catch {
    return;
  }
  event.preventDefault();
  window.location.reload();
});

const root = appRoot();
if (!root) throw new Error("index.html has no #root element");

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

void i18nReady.then(() => {
  if (isPrerenderedPage()) {
    // Start from the data the HTML was rendered with (nobody signed in: the server prerenders only
    // for visitors without a session), then read the plans from the server again.
    const state = document.getElementById("prerender-state")?.textContent;
    if (state) hydrate(queryClient, JSON.parse(state));
    hydrateRoot(root, app, {
      onRecoverableError: (error) => console.error("Shobai hydration:", error),
    });
    void queryClient.invalidateQueries({ queryKey: PLANS_QUERY_KEY });
    // The HTML came in the server's choice of language; a choice stored only in this browser wins now.
    const stored = readStoredLanguage();
    if (!readUrlLanguage() && isLanguage(stored) && stored !== i18n.language) void chooseLanguage(stored);
    syncConsentCookie();
  } else {
    createRoot(root).render(app);
  }
});
