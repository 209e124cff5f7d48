import type { TUpdateWebsite, TWebsite } from "@shobai/shared";
import type { TLanguage } from "@shobai/shared/constants";
import { ERROR_CODES } from "@shobai/shared/constants";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { getErrorCode } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useUpdateWebsite } from "../api/update-website";
import { serverReason } from "../error-text";
import { LanguageCheckboxes } from "./language-checkboxes";
import { PublishSwitch } from "./publish-switch";
import { SlugField, type TSlugState } from "./slug-field";

function sameList(a: TLanguage[], b: TLanguage[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** Name, address, languages (order kept, at least one) and published; Save sends only what changed. */
export function SiteSettingsForm({ website }: { website: TWebsite }) {
  const { t } = useTranslation("websites");
  const update = useUpdateWebsite(website.id);
  const [name, setName] = useState(website.name);
  const [languages, setLanguages] = useState<TLanguage[]>(website.languages);
  const [published, setPublished] = useState(website.isPublished);
  const [invalid, setInvalid] = useState<"name" | "languages" | null>(null);
  const [slug, setSlug] = useState(website.slug);
  const [slugState, setSlugState] = useState<TSlugState>("unchanged");
  const [slugRefused, setSlugRefused] = useState(false);
  // A refused save, said beside the button; it takes the focus once the form is usable again.
  const [saveError, setSaveError] = useState<string | null>(null);
  const saveErrorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (saveError && !update.isPending) saveErrorRef.current?.focus();
  }, [saveError, update.isPending]);

  const patch: TUpdateWebsite = {};
  if (name.trim() !== website.name) patch.name = name.trim();
  const newSlug = slug.trim().toLowerCase();
  if (newSlug !== website.slug) patch.slug = newSlug;
  if (!sameList(languages, website.languages)) patch.languages = languages;
  if (published !== website.isPublished) patch.isPublished = published;
  const dirty = Object.keys(patch).length > 0;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    setSaveError(null);
    // Said beside the field, which takes the focus (no toast far from the form).
    if (!name.trim()) {
      setInvalid("name");
      document.getElementById("website-settings-name")?.focus();
      return;
    }
    if (languages.length === 0) {
      setInvalid("languages");
      document.querySelector<HTMLInputElement>('[data-testid="website-settings-language-ja"]')?.focus();
      return;
    }
    if (patch.slug !== undefined && slugState !== "available") {
      document.getElementById("website-settings-slug")?.focus();
      return;
    }
    setInvalid(null);
    if (!dirty) return;
    // A promise, not mutate's callbacks: the page remounts this form with the saved version first.
    update.mutateAsync(patch).then(
      () => toast({ title: t("toast.savedTitle"), description: t("toast.saved") }),
      (error: unknown) => {
        if (getErrorCode(error) === ERROR_CODES.slugTaken) {
          // Someone took it between the check and the save: said beside the field.
          setSlugRefused(true);
          document.getElementById("website-settings-slug")?.focus();
          return;
        }
        const message = [t("toast.saveFailed"), serverReason(error)].filter(Boolean).join(" ");
        setSaveError(message);
        toast({ variant: "destructive", title: t("toast.saveFailedTitle"), description: message });
      },
    );
  };

  const pending = update.isPending;
  return (
    <Card>
      <form onSubmit={submit} noValidate>
        <CardHeader>
          <CardTitle>{t("settings.general")}</CardTitle>
          <CardDescription>{t("settings.generalDescription")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <div className="grid gap-2">
            <Label htmlFor="website-settings-name">{t("settings.nameLabel")}</Label>
            <Input
              id="website-settings-name"
              data-testid="website-settings-name"
              value={name}
              maxLength={100}
              onChange={(event) => {
                setName(event.target.value);
                if (invalid === "name") setInvalid(null);
              }}
              aria-invalid={invalid === "name" || undefined}
              aria-describedby={invalid === "name" ? "website-settings-name-error" : undefined}
              disabled={pending}
            />
            <FieldError
              id="website-settings-name-error"
              message={invalid === "name" ? t("toast.nameRequired") : null}
              testId="website-settings-name-error"
            />
          </div>
          <SlugField
            websiteId={website.id}
            current={website.slug}
            url={website.url}
            value={slug}
            onChange={(next) => {
              setSlug(next);
              setSlugRefused(false);
            }}
            onState={setSlugState}
            disabled={pending}
            taken={slugRefused}
          />
          <LanguageCheckboxes
            value={languages}
            onChange={(next) => {
              setLanguages(next);
              if (invalid === "languages") setInvalid(null);
            }}
            disabled={pending}
            testIdPrefix="website-settings-language"
            legend={t("settings.languagesLabel")}
            hint={t("settings.languagesHint")}
            error={invalid === "languages" ? t("toast.languagesRequired") : null}
          />
          <div className="flex items-start justify-between gap-4 rounded-lg border border-border p-4">
            <div className="grid gap-0.5">
              <Label htmlFor="website-settings-publish">{t("settings.publishLabel")}</Label>
              <p className="text-sm text-muted-foreground">
                {published ? t("settings.publishOn") : t("settings.publishOff")}
              </p>
            </div>
            <PublishSwitch
              id="website-settings-publish"
              data-testid="website-settings-publish"
              checked={published}
              onCheckedChange={setPublished}
              disabled={pending}
            />
          </div>
        </CardContent>
        <CardFooter className="flex-wrap justify-end gap-3">
          {saveError ? (
            <p
              ref={saveErrorRef}
              tabIndex={-1}
              role="alert"
              className="mr-auto text-sm text-destructive outline-none"
              data-testid="website-settings-save-error"
            >
              {saveError}
            </p>
          ) : null}
          <Button type="submit" disabled={pending || !dirty} data-testid="website-settings-save">
            {pending ? <Spinner /> : null}
            {pending ? t("settings.saving") : t("settings.save")}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
