import { ACCOUNT_PURGE_DAYS, ERROR_CODES } from "@shobai/shared/constants";
import { TriangleAlert } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useLocation } from "wouter";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { getErrorCode, getErrorMessage } from "@/lib/api-error";
import { formatDate } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useDeleteAccount } from "../api/delete-account";

/**
 * Deleting the account asks for the password and says plainly what happens: sign-out now,
 * everything gone for good after 30 days. On error the dialog stays open with the input kept.
 */
export function DeleteAccountDialog({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation(["profile", "common"]);
  const [, navigate] = useLocation();
  const remove = useDeleteAccount({
    onDeleted: ({ purgeAt }) => {
      setOpen(false);
      navigate("/");
      toast({
        title: t("delete.doneTitle"),
        description: t("delete.doneBody", { date: formatDate(purgeAt) }),
      });
    },
  });
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);

  const onOpenChange = (next: boolean) => {
    if (remove.isPending) return;
    setOpen(next);
    if (!next) {
      setPassword("");
      setError(null);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setError(t(hasPassword ? "delete.passwordRequired" : "delete.emailRequired"));
      document.getElementById("delete-account-password")?.focus();
      return;
    }
    setError(null);
    remove.mutate(
      { password },
      {
        onError: (err) => {
          const invalid = getErrorCode(err) === ERROR_CODES.invalidPassword;
          const invalidText = t(hasPassword ? "delete.invalidPassword" : "delete.invalidEmail");
          setError(invalid ? invalidText : getErrorMessage(err, t("delete.failed")));
          document.getElementById("delete-account-password")?.focus();
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="destructive" data-testid="profile-delete-open">
          {t("delete.button")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t("common:nav.close")} data-testid="delete-account-dialog">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t("delete.dialogTitle")}</DialogTitle>
          </DialogHeader>
          <Alert variant="destructive">
            <TriangleAlert aria-hidden />
            <DialogDescription className="text-destructive">
              {t("delete.dialogBody", { days: ACCOUNT_PURGE_DAYS })}
            </DialogDescription>
          </Alert>
          <div className="grid gap-2">
            <Label htmlFor="delete-account-password">
              {t(hasPassword ? "delete.passwordLabel" : "delete.emailLabel")}
            </Label>
            <Input
              id="delete-account-password"
              data-testid="delete-account-password"
              type={hasPassword ? "password" : "email"}
              autoComplete={hasPassword ? "current-password" : "email"}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "delete-account-error" : undefined}
              // Read-only, not disabled, while sending: a refusal finds the focus still here.
              readOnly={remove.isPending}
            />
            <FieldError id="delete-account-error" message={error} />
          </div>
          <DialogFormFooter
            cancelLabel={t("delete.cancel")}
            submitLabel={t("delete.confirm")}
            pending={remove.isPending}
            submitTestId="delete-account-confirm"
            destructive
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
