import { useEffect, useRef, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";

/** Where Stripe (or an in-place upgrade) sends the browser back: `?checkout=…`. */
export type CheckoutResult = "success" | "upgraded" | "canceled";

const RESULTS: readonly CheckoutResult[] = ["success", "upgraded", "canceled"];

function readResult(search: string): CheckoutResult | null {
  const value = new URLSearchParams(search).get("checkout");
  return RESULTS.find((result) => result === value) ?? null;
}

const TOAST_KEYS: Record<CheckoutResult, { title: string; description: string }> = {
  success: { title: "checkout.successTitle", description: "checkout.success" },
  upgraded: { title: "checkout.upgradedTitle", description: "checkout.upgraded" },
  canceled: { title: "checkout.canceledTitle", description: "checkout.canceled" },
};

/**
 * Says once how the checkout ended, then drops `?checkout=` from the address so a reload or a
 * shared link does not say it again. Returns the result for the screen's own banner.
 */
export function useCheckoutReturn(): CheckoutResult | null {
  const { t } = useTranslation("subscription");
  const search = useSearch();
  const [path, navigate] = useLocation();
  const [result] = useState(() => readResult(search));
  const announced = useRef(false);

  useEffect(() => {
    if (!result || announced.current) return;
    announced.current = true;
    const keys = TOAST_KEYS[result];
    toast({ title: t(keys.title), description: t(keys.description) });
    navigate(path, { replace: true });
  }, [result, t, navigate, path]);

  return result;
}
