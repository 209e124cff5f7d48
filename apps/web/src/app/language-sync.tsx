import { useEffect } from "react";
import { i18n } from "@/lib/i18n";
import { followLanguageOfOtherTabs } from "@/lib/language";
import { readStoredLanguage } from "@/lib/language-detection";
import { useUser } from "@/queries/user";

/**
 * Keeps the interface language in step with other tabs and with the account: a signed-in
 * user's saved language applies when this browser has no choice of its own.
 */
export function LanguageSync() {
  const { user } = useUser();
  const accountLanguage = user?.language ?? null;

  useEffect(() => followLanguageOfOtherTabs(), []);

  useEffect(() => {
    if (!accountLanguage || readStoredLanguage()) return;
    if (accountLanguage !== i18n.language) void i18n.changeLanguage(accountLanguage);
  }, [accountLanguage]);

  return null;
}
