import { KeyRound } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { passkeysSupported } from "@/lib/passkeys";
import { useTranslation } from "@/lib/use-translation";
import { useAddPasskey } from "@/queries/passkeys";
import { passkeyErrorText } from "./passkey-error";

/**
 * For a user who must enrol (decision 0052): a passkey instead of the authenticator app. Once it is
 * saved the session counts as verified and the user query lets the app appear.
 */
export function EnrolWithPasskey() {
  const { t } = useTranslation("auth");
  const add = useAddPasskey();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  if (!passkeysSupported()) return null;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (add.isPending) return;
    if (!name.trim()) {
      setError(t("passkeys.nameRequired"));
      return;
    }
    setError(null);
    try {
      await add.mutateAsync(name.trim());
    } catch (err) {
      setError(passkeyErrorText(err, t));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-2">
      <Label htmlFor="enrol-passkey-name">{t("passkeys.nameLabel")}</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id="enrol-passkey-name"
          className="min-w-0 flex-1 basis-48"
          value={name}
          maxLength={60}
          autoComplete="off"
          placeholder={t("passkeys.namePlaceholder")}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "enrol-passkey-error" : undefined}
          data-testid="enrol-passkey-name"
        />
        <Button type="submit" variant="outline" disabled={add.isPending} data-testid="enrol-passkey-submit">
          {add.isPending ? <Spinner /> : <KeyRound aria-hidden />}
          {t("passkeys.add")}
        </Button>
      </div>
      <FieldError id="enrol-passkey-error" message={error} testId="enrol-passkey-error" />
    </form>
  );
}
