import { useTranslation } from "@/lib/use-translation";
import { useUser } from "@/queries/user";
import { DangerZoneCard } from "../components/danger-zone-card";
import { LanguageCard } from "../components/language-card";
import { PasskeysCard } from "../components/passkeys-card";
import { PasswordCard } from "../components/password-card";
import { PersonalDetailsCard } from "../components/personal-details-card";
import { TwoFactorCard } from "../components/two-factor-card";

/** /profile: name, language, password, two-factor sign-in, account deletion. */
export default function ProfilePage() {
  const { t } = useTranslation("profile");
  const { user } = useUser();
  if (!user) return null;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6" data-testid="profile">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{t("title")}</h1>
        <p className="mt-1 text-muted-foreground">{t("subtitle")}</p>
      </div>
      <PersonalDetailsCard user={user} />
      <LanguageCard />
      <PasswordCard hasPassword={user.hasPassword} />
      <TwoFactorCard />
      <PasskeysCard />
      <DangerZoneCard hasPassword={user.hasPassword} />
    </div>
  );
}
