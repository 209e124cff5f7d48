import { QueryClientProvider } from "@tanstack/react-query";
import { type ComponentType, type ReactNode, useEffect, useState } from "react";
import { LanguageSync } from "@/app/language-sync";
import { isPrerenderedPage } from "@/lib/hydration";
import { queryClient } from "@/lib/query-client";
import { useToast } from "@/lib/toast";

// The toast machinery (Radix) is not part of a public page's first load: it is fetched soon after
// (at once in the app, after a moment on a prerendered page), or with the first toast.
let loadedToaster: ComponentType | null = null;
const loadToaster = () =>
  import("@/components/ui/toaster").then((m) => {
    loadedToaster = m.Toaster;
    return m.Toaster;
  });

/**
 * Renders the toaster once its code is here. Not through lazy/Suspense: React holds a suspended
 * boundary back for a moment, and a toast shown just before a redirect (500 ms) would be missed.
 */
function DeferredToaster() {
  const { toasts } = useToast();
  const [Toaster, setToaster] = useState<ComponentType | null>(() => loadedToaster);
  useEffect(() => {
    if (Toaster) return;
    let current = true;
    const load = () => void loadToaster().then((component) => current && setToaster(() => component));
    if (toasts.length > 0) load();
    const timer = window.setTimeout(load, isPrerenderedPage() ? 2000 : 0);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [Toaster, toasts.length]);
  return Toaster ? <Toaster /> : null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LanguageSync />
      {children}
      <DeferredToaster />
    </QueryClientProvider>
  );
}
