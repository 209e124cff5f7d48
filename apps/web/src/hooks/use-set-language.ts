import type { TLanguage } from "@shobai/shared";
import { useCallback } from "react";
import { getErrorMessage } from "@/lib/api-error";
import { i18n } from "@/lib/i18n";
import { chooseLanguage } from "@/lib/language";
import { toast } from "@/lib/toast";
import { useUpdateProfile } from "@/queries/update-profile";
import { useUser } from "@/queries/user";

/** Applies a language everywhere: this tab, other tabs, the next visit and, when signed in, the account. */
export function useSetLanguage() {
  const { user } = useUser();
  const { mutate } = useUpdateProfile();

  return useCallback(
    async (language: TLanguage) => {
      await chooseLanguage(language);
      if (!user || user.language === language) return;
      mutate(
        { language },
        {
          onError: (error) =>
            toast({
              variant: "destructive",
              // Looked up when needed: the profile texts are not loaded on public pages.
              title: i18n.t("profile:language.saveFailed"),
              description: getErrorMessage(error, ""),
            }),
        },
      );
    },
    [user, mutate],
  );
}
