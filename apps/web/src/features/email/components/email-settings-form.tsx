import type { TEmailSettings } from "@shobai/shared";
import { ArrowRight, Save } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link } from "wouter";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldError } from "@/components/ui/field-error";
import { FormDone } from "@/components/ui/form-done";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { fieldErrors, topLevelField } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useEmailSettings, useSaveEmailSettings } from "../api/settings";
import { useVerificationStatus } from "../api/verification-status";
import { serverMessage } from "../error-text";
import { SenderStatusBadge } from "./sender-status-badge";

export const DEMO_SETTINGS: TEmailSettings = {
  senderName: "さくらラーメン",
  senderEmail: "info@sakura-ramen.example.jp",
  replyTo: "",
  postalAddress: "〒150-0001 東京都渋谷区神宮前1-2-3",
  contactPoint: "https://sakura-ramen.example.jp/contact",
};

/**
 * The settings tab (spec §2): sender name, sender email and reply-to, read from and saved to the
 * server, with whether the sender address is verified and where to verify it.
 */
export function EmailSettingsPanel({
  signedIn,
  onRequireLogin,
}: {
  signedIn: boolean;
  onRequireLogin: () => void;
}) {
  const { t } = useTranslation("email");
  const settings = useEmailSettings({ enabled: signedIn });

  if (signedIn && settings.isError) {
    return (
      <Alert variant="destructive" className="items-center justify-between">
        <span>{t("settings.loadFailed")}</span>
        <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
          {t("actions.retry")}
        </Button>
      </Alert>
    );
  }
  const saved = signedIn ? settings.data : DEMO_SETTINGS;
  if (!saved) return <SettingsSkeleton />;
  return <SettingsForm saved={saved} signedIn={signedIn} onRequireLogin={onRequireLogin} />;
}

function SettingsForm({
  saved,
  signedIn,
  onRequireLogin,
}: {
  saved: TEmailSettings;
  signedIn: boolean;
  onRequireLogin: () => void;
}) {
  const { t } = useTranslation("email");
  const id = useId();
  const save = useSaveEmailSettings();
  const [values, setValues] = useState<Required<TEmailSettings>>({
    postalAddress: "",
    contactPoint: "",
    ...saved,
  } as Required<TEmailSettings>);
  type Field = keyof TEmailSettings;
  const FIELDS: readonly Field[] = ["senderName", "senderEmail", "replyTo", "postalAddress", "contactPoint"];
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [savedNote, setSavedNote] = useState(false);
  const set = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
    setSavedNote(false);
  };
  /** A field's error props: marked, and described by its error (and its hint, when it has one). */
  const invalid = (field: Field, hint?: string) => ({
    ...(errors[field] ? { "aria-invalid": true as const } : {}),
    ...(errors[field] || hint
      ? {
          "aria-describedby": [errors[field] ? `${id}-${field}-error` : "", hint ?? ""]
            .filter(Boolean)
            .join(" "),
        }
      : {}),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!signedIn) {
      onRequireLogin();
      return;
    }
    if (save.isPending) return;
    save.mutate(
      {
        senderName: values.senderName.trim(),
        senderEmail: values.senderEmail.trim(),
        replyTo: values.replyTo.trim(),
        postalAddress: values.postalAddress.trim(),
        contactPoint: values.contactPoint.trim(),
      },
      {
        onSuccess: (next) => {
          setValues((v) => ({ ...v, ...next }));
          setErrors({});
          setSavedNote(true);
          toast({ title: t("toast.settingsSavedTitle"), description: t("toast.settingsSaved") });
        },
        onError: (error) => {
          // The refused fields say why beside them; the first takes the focus (once enabled again).
          const found = fieldErrors(error, topLevelField(FIELDS));
          setErrors(found);
          const first = FIELDS.find((f) => found[f]);
          if (first) requestAnimationFrame(() => document.getElementById(`${id}-${first}`)?.focus());
          toast({
            variant: "destructive",
            title: t("toast.errorTitle"),
            description: [t("toast.settingsFailed"), serverMessage(error)].filter(Boolean).join(" "),
          });
        },
      },
    );
  };

  const pending = save.isPending;
  return (
    <Card className="max-w-3xl">
      <form onSubmit={submit} noValidate aria-busy={pending}>
        <CardHeader>
          <CardTitle>{t("settings.title")}</CardTitle>
          <CardDescription>{t("settings.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <fieldset className="grid gap-5" disabled={pending}>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-senderName`}>{t("settings.senderName")}</Label>
              <Input
                id={`${id}-senderName`}
                data-testid="email-settings-senderName"
                value={values.senderName}
                maxLength={100}
                autoComplete="organization"
                placeholder={t("settings.senderNamePlaceholder")}
                onChange={(e) => set("senderName", e.target.value)}
                {...invalid("senderName")}
              />
              <FieldError id={`${id}-senderName-error`} message={errors.senderName} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-senderEmail`}>{t("settings.senderEmail")}</Label>
              <Input
                id={`${id}-senderEmail`}
                data-testid="email-settings-senderEmail"
                type="email"
                value={values.senderEmail}
                maxLength={254}
                autoComplete="email"
                placeholder="info@your-shop.jp"
                onChange={(e) => set("senderEmail", e.target.value)}
                {...invalid("senderEmail")}
              />
              <FieldError id={`${id}-senderEmail-error`} message={errors.senderEmail} />
              {saved.senderEmail ? (
                <SenderVerification email={saved.senderEmail} signedIn={signedIn} />
              ) : null}
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-replyTo`}>{t("settings.replyTo")}</Label>
              <Input
                id={`${id}-replyTo`}
                data-testid="email-settings-replyTo"
                type="email"
                value={values.replyTo}
                maxLength={254}
                placeholder="support@your-shop.jp"
                onChange={(e) => set("replyTo", e.target.value)}
                {...invalid("replyTo", `${id}-reply-hint`)}
              />
              <FieldError id={`${id}-replyTo-error`} message={errors.replyTo} />
              <p id={`${id}-reply-hint`} className="text-xs text-muted-foreground">
                {t("settings.replyToHint")}
              </p>
            </div>
            <div
              className="grid gap-4 rounded-lg border border-border p-4"
              data-testid="email-settings-sender-details"
            >
              <div>
                <h3 className="font-semibold">{t("settings.details.title")}</h3>
                <p className="mt-1 text-xs text-muted-foreground">{t("settings.details.hint")}</p>
              </div>
              <div className="grid gap-2">
                <Label htmlFor={`${id}-postalAddress`}>{t("settings.details.postalAddress")}</Label>
                <Input
                  id={`${id}-postalAddress`}
                  data-testid="email-settings-postalAddress"
                  value={values.postalAddress}
                  maxLength={300}
                  autoComplete="street-address"
                  placeholder={t("settings.details.postalAddressPlaceholder")}
                  onChange={(e) => set("postalAddress", e.target.value)}
                  {...invalid("postalAddress")}
                />
                <FieldError id={`${id}-postalAddress-error`} message={errors.postalAddress} />
              </div>
              <div className="grid gap-2">
                <Label htmlFor={`${id}-contactPoint`}>{t("settings.details.contactPoint")}</Label>
                <Input
                  id={`${id}-contactPoint`}
                  data-testid="email-settings-contactPoint"
                  value={values.contactPoint}
                  maxLength={300}
                  placeholder="https://your-shop.jp/contact"
                  onChange={(e) => set("contactPoint", e.target.value)}
                  {...invalid("contactPoint", `${id}-contact-hint`)}
                />
                <FieldError id={`${id}-contactPoint-error`} message={errors.contactPoint} />
                <p id={`${id}-contact-hint`} className="text-xs text-muted-foreground">
                  {t("settings.details.contactPointHint")}
                </p>
              </div>
            </div>
          </fieldset>
        </CardContent>
        <CardFooter className="justify-end gap-3 rounded-b-xl">
          <FormDone
            message={savedNote ? t("toast.settingsSaved") : null}
            testId="email-settings-saved"
            className="mr-auto"
          />
          <Button
            type="submit"
            data-testid="email-settings-save"
            disabled={pending}
            className="w-full sm:w-auto"
          >
            {pending ? <Spinner /> : <Save aria-hidden />}
            {t("settings.save")}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

/** Whether the saved sender address may send, and where to verify it if not. */
function SenderVerification({ email, signedIn }: { email: string; signedIn: boolean }) {
  const { t } = useTranslation("email");
  const status = useVerificationStatus(email, { enabled: signedIn });
  const value = signedIn ? status.data?.status : "verified";
  if (!value) {
    return status.isLoading ? (
      <p className="text-xs text-muted-foreground">{t("settings.verification.checking")}</p>
    ) : null;
  }
  return (
    <div
      className="flex flex-col gap-2 rounded-lg border border-border bg-surface px-3 py-2.5 text-sm sm:flex-row sm:items-center sm:justify-between"
      data-testid="email-settings-verification"
    >
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <SenderStatusBadge status={value} testId="email-settings-verification-status" />
        <span className="text-muted-foreground">{t(`settings.${value}Hint`)}</span>
      </div>
      {value === "verified" ? null : (
        <Button asChild variant="link" size="sm" className="self-start sm:self-center">
          <Link href="/email-management" data-testid="email-settings-verify-link">
            {t("settings.verifyLink")}
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      )}
    </div>
  );
}

function SettingsSkeleton() {
  return (
    <Card className="flex max-w-3xl flex-col gap-5 p-6" data-testid="email-settings-skeleton">
      <Skeleton className="h-5 w-40" />
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex flex-col gap-2">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
    </Card>
  );
}
