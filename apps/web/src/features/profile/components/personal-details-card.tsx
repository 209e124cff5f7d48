import type { TUser } from "@shobai/shared";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldError } from "@/components/ui/field-error";
import { FormDone } from "@/components/ui/form-done";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { getErrorMessage } from "@/lib/api-error";
import { inNameOrder } from "@/lib/name-order";
import { toast } from "@/lib/toast";
import { useCurrentLanguage } from "@/lib/use-current-language";
import { useTranslation } from "@/lib/use-translation";
import { useUpdateProfile } from "@/queries/update-profile";

/** First and last name (saved with PATCH /api/profile); the email is shown, not editable. */
export function PersonalDetailsCard({ user }: { user: TUser }) {
  const { t } = useTranslation("profile");
  const language = useCurrentLanguage();
  const update = useUpdateProfile();
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const changed = firstName !== user.firstName || lastName !== user.lastName;

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    if (!firstName.trim()) {
      setError(t("personal.firstNameRequired"));
      document.getElementById("profile-first-name")?.focus();
      return;
    }
    setError(null);
    update.mutate(
      { firstName: firstName.trim(), lastName: lastName.trim() },
      {
        onSuccess: (saved) => {
          setFirstName(saved.firstName);
          setLastName(saved.lastName);
          // Confirmed beside the button, which is off again: the confirmation takes the focus.
          setSaved(true);
          toast({ title: t("personal.saved") });
        },
        onError: (err) => {
          const message = getErrorMessage(err, t("personal.saveFailed"));
          setError(message);
          // The field the refusal is about takes the focus back from the button.
          document.getElementById("profile-first-name")?.focus();
          toast({ variant: "destructive", title: t("personal.saveFailed"), description: message });
        },
      },
    );
  };

  const firstField = (
    <div key="first" className="grid gap-2">
      <Label htmlFor="profile-first-name">{t("personal.firstName")}</Label>
      <Input
        id="profile-first-name"
        data-testid="profile-first-name"
        autoComplete="given-name"
        value={firstName}
        onChange={(e) => {
          setFirstName(e.target.value);
          setSaved(false);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "profile-name-error" : undefined}
      />
    </div>
  );
  const lastField = (
    <div key="last" className="grid gap-2">
      <Label htmlFor="profile-last-name">{t("personal.lastName")}</Label>
      <Input
        id="profile-last-name"
        data-testid="profile-last-name"
        autoComplete="family-name"
        value={lastName}
        onChange={(e) => {
          setLastName(e.target.value);
          setSaved(false);
        }}
      />
    </div>
  );

  return (
    <Card>
      <form onSubmit={save}>
        <CardHeader>
          <CardTitle>{t("personal.title")}</CardTitle>
          <CardDescription>{t("personal.description")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">{inNameOrder(language, firstField, lastField)}</div>
          <FieldError id="profile-name-error" message={error} />
          <div className="grid gap-2">
            <Label htmlFor="profile-email">{t("personal.email")}</Label>
            <Input
              id="profile-email"
              data-testid="profile-email"
              type="email"
              value={user.email}
              readOnly
              disabled
              aria-describedby="profile-email-hint"
            />
            <p id="profile-email-hint" className="text-xs text-muted-foreground">
              {t("personal.emailHint")}
            </p>
          </div>
        </CardContent>
        <CardFooter className="flex-wrap justify-end gap-3">
          <FormDone message={saved ? t("personal.saved") : null} testId="profile-saved" className="mr-auto" />
          <Button type="submit" data-testid="profile-save" disabled={!changed || update.isPending}>
            {update.isPending ? <Spinner /> : null}
            {t("personal.save")}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
