import { type FormEvent, type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/api-error";
import { useTranslation } from "@/lib/use-translation";

/**
 * One code field: 6 digits from the authenticator app or, where `backup` allows, a backup code.
 * The server's answer is shown under the field; what was typed stays for another try.
 */
export function CodeForm({
  id,
  submitLabel,
  backup,
  onSubmit,
  extra,
}: {
  id: string;
  submitLabel: string;
  backup: boolean;
  onSubmit: (code: string) => Promise<unknown>;
  /** Buttons beside the submit button (cancel, sign out). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation("auth");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t("twoFactor.codeRequired"));
      return;
    }
    setError(null);
    setPending(true);
    try {
      await onSubmit(code.trim());
    } catch (err) {
      setError(errorText(err, t("twoFactor.failed")));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <div className="grid gap-2">
        <Label htmlFor={id}>{t(backup ? "twoFactor.codeOrBackupLabel" : "twoFactor.codeLabel")}</Label>
        <Input
          id={id}
          data-testid={id}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="one-time-code"
          inputMode={backup ? "text" : "numeric"}
          autoCapitalize="off"
          spellCheck={false}
          maxLength={20}
          placeholder={backup ? "123456 / abcde-12345" : "123456"}
          className="max-w-xs font-mono tracking-widest"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          disabled={pending}
        />
        <FieldError id={`${id}-error`} message={error} />
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2">
        {extra}
        <Button type="submit" data-testid={`${id}-submit`} disabled={pending}>
          {pending ? <Spinner /> : null}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
