import { useEffect, useRef, useState } from "react";
import { useSearch } from "wouter";
import { toast } from "@/lib/toast";
import { useAuthTranslation } from "./use-auth-translation";

export type SignInError = "google_not_configured" | "google_failed";

/**
 * The server sends the browser back to /auth?error=… when Google sign-in cannot happen.
 * The reason is toasted once and kept for an inline notice (a toast alone would vanish).
 */
export function useSignInError(): SignInError | null {
  const search = useSearch();
  const { t } = useAuthTranslation();
  const param = new URLSearchParams(search).get("error");
  const [error] = useState<SignInError | null>(() =>
    param === null ? null : param === "google_not_configured" ? "google_not_configured" : "google_failed",
  );

  const toasted = useRef(false);

  useEffect(() => {
    if (!error || toasted.current) return;
    toasted.current = true;
    const notConfigured = error === "google_not_configured";
    toast({
      variant: "destructive",
      title: t(notConfigured ? "toast.googleNotConfiguredTitle" : "toast.googleFailedTitle"),
      description: t(notConfigured ? "toast.googleNotConfigured" : "toast.googleFailed"),
    });
  }, [error, t]);

  return error;
}
