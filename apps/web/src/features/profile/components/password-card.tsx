import { ERROR_CODES, PASSWORD_MIN_LENGTH } from "@shobai/shared/constants";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { getErrorCode, getErrorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useChangePassword } from "../api/change-password";

type PasswordErrors = { current: string | null; next: string | null; form: string | null };
const NO_ERRORS: PasswordErrors = { current: null, next: null, form: null };

/** Change the password: current + new; errors stay under their field until the next try. */
export function PasswordCard({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation("profile");
  const change = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [errors, setErrors] = useState<PasswordErrors>(NO_ERRORS);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (newPassword.length < PASSWORD_MIN_LENGTH) {
      setErrors({ ...NO_ERRORS, next: t("password.tooShort") });
      document.getElementById("profile-new-password")?.focus();
      return;
    }
    setErrors(NO_ERRORS);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          setCurrentPassword("");
          setNewPassword("");
          toast({ title: t("password.changed") });
        },
        onError: (error) => {
          // The refused field, or the form's reason, takes the focus back from the button.
          if (getErrorCode(error) === ERROR_CODES.invalidPassword) {
            setErrors({ ...NO_ERRORS, current: t("password.invalidCurrent") });
            document.getElementById("profile-current-password")?.focus();
          } else {
            setErrors({ ...NO_ERRORS, form: getErrorMessage(error, t("password.failed")) });
            document.getElementById("profile-new-password")?.focus();
          }
        },
      },
    );
  };

  return (
    <Card>
      <form onSubmit={submit}>
        <CardHeader>
          <CardTitle>{t("password.title")}</CardTitle>
          <CardDescription>
            {hasPassword ? t("password.description") : t("password.noPassword")}
          </CardDescription>
        </CardHeader>
        {hasPassword ? (
          <>
            <CardContent className="grid gap-4">
              <div className="grid gap-2">
                <Label htmlFor="profile-current-password">{t("password.current")}</Label>
                <Input
                  id="profile-current-password"
                  data-testid="profile-current-password"
                  type="password"
                  autoComplete="current-password"
                  required
                  value={currentPassword}
                  onChange={(e) => setCurrentPassword(e.target.value)}
                  aria-invalid={errors.current ? true : undefined}
                  aria-describedby={errors.current ? "profile-current-password-error" : undefined}
                />
                <FieldError id="profile-current-password-error" message={errors.current} />
              </div>
              <div className="grid gap-2">
                <Label htmlFor="profile-new-password">{t("password.new")}</Label>
                <Input
                  id="profile-new-password"
                  data-testid="profile-new-password"
                  type="password"
                  autoComplete="new-password"
                  required
                  value={newPassword}
                  onChange={(e) => setNewPassword(e.target.value)}
                  aria-invalid={errors.next ? true : undefined}
                  aria-describedby="profile-new-password-hint"
                />
                <p id="profile-new-password-hint" className="text-xs text-muted-foreground">
                  {t("password.hint")}
                </p>
                <FieldError id="profile-new-password-error" message={errors.next} />
              </div>
              <FieldError id="profile-password-error" message={errors.form} />
            </CardContent>
            <CardFooter className="justify-end">
              <Button type="submit" data-testid="profile-password-submit" disabled={change.isPending}>
                {change.isPending ? <Spinner /> : null}
                {t("password.submit")}
              </Button>
            </CardFooter>
          </>
        ) : null}
      </form>
    </Card>
  );
}
