import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { inNameOrder } from "@/lib/name-order";
import { useAuthTranslation } from "../hooks/use-auth-translation";

interface NameFieldsProps {
  firstName: string;
  lastName: string;
  onFirstNameChange: (value: string) => void;
  onLastNameChange: (value: string) => void;
  disabled: boolean;
  /** Said beside the first name field (aria-describedby), which is then marked invalid. */
  firstNameError?: string | null;
}

function Marker({ kind, label }: { kind: "required" | "optional"; label: string }) {
  return (
    <span
      className={
        kind === "required"
          ? "rounded bg-brand-50 px-1.5 text-[11px] leading-5 font-medium text-brand-700"
          : "rounded bg-muted px-1.5 text-[11px] leading-5 font-medium text-muted-foreground"
      }
    >
      {label}
    </span>
  );
}

/** First name (required) and last name (optional); family name first in Japanese, as forms there are. */
export function NameFields({
  firstName,
  lastName,
  onFirstNameChange,
  onLastNameChange,
  disabled,
  firstNameError = null,
}: NameFieldsProps) {
  const { t, language } = useAuthTranslation();
  const first = (
    <div key="first" className="grid gap-2">
      <Label htmlFor="auth-first-name">
        {t("firstName")}
        <Marker kind="required" label={t("required")} />
      </Label>
      <Input
        id="auth-first-name"
        data-testid="auth-first-name"
        name="firstName"
        autoComplete="given-name"
        aria-required="true"
        aria-invalid={firstNameError ? true : undefined}
        aria-describedby={firstNameError ? "auth-first-name-error" : undefined}
        value={firstName}
        onChange={(e) => onFirstNameChange(e.target.value)}
        disabled={disabled}
      />
      <FieldError id="auth-first-name-error" message={firstNameError} testId="auth-first-name-error" />
    </div>
  );
  const last = (
    <div key="last" className="grid gap-2">
      <Label htmlFor="auth-last-name">
        {t("lastName")}
        <Marker kind="optional" label={t("optional")} />
      </Label>
      <Input
        id="auth-last-name"
        data-testid="auth-last-name"
        name="lastName"
        autoComplete="family-name"
        value={lastName}
        onChange={(e) => onLastNameChange(e.target.value)}
        disabled={disabled}
      />
    </div>
  );
  return <div className="grid grid-cols-2 gap-3 sm:gap-4">{inNameOrder(language, first, last)}</div>;
}
