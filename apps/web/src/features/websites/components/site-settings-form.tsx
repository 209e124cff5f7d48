import type { TUpdateWebsite, TWebsite } from "@shobai/shared";
import type { TLanguage } from "@shobai/shared/constants";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useUpdateWebsite } from "../api/update-website";
import { serverReason } from "../error-text";
import { LanguageCheckboxes } from "./language-checkboxes";
import { PublishSwitch } from "./publish-switch";

function sameList(a: TLanguage[], b: TLanguage[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** Name, languages (order kept, at least one) and published; Save sends only what changed. */
export function SiteSettingsForm({ website }: { website: TWebsite }) {
  const { t } = useTranslation("websites");
  const update = useUpdateWebsite(website.id);
  const [name, setName] = useState(website.name);
  const [languages, setLanguages] = useState<TLanguage[]>(website.languages);
  const [published, setPublished] = useState(website.isPublished);
  const [invalid, setInvalid] = useState<"name" | "languages" | null>(null);

  const patch: TUpdateWebsite = {};
  if (name.trim() !== website.name) patch.name = name.trim();
  if (!sameList(languages, website.languages)) patch.languages = languages;
  if (published !== website.isPublished) patch.isPublished = published;
  const dirty = Object.keys(patch).length > 0;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    if (!name.trim()) {
      setInvalid("name");
      toast({
        variant: "destructive",
        title: t("toast.inputErrorTitle"),
        description: t("toast.nameRequired"),
      });
      return;
    }
    if (languages.length === 0) {
      setInvalid("languages");
      toast({
        variant: "destructive",
        title: t("toast.inputErrorTitle"),
        description: t("toast.languagesRequired"),
      });
      return;
    }
    setInvalid(null);
    if (!dirty) return;
    // A promise, not mutate's callbacks: the page remounts this form with the saved version first.
    update.mutateAsync(patch).then(
      () => toast({ title: t("toast.savedTitle"), description: t("toast.saved") }),
      (error: unknown) =>
        toast({
          variant: "destructive",
          title: t("toast.saveFailedTitle"),
          description: [t("toast.saveFailed"), serverReason(error)].filter(Boolean).join(" "),
        }),
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
              disabled={pending}
            />
          </div>
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
        <CardFooter className="justify-end">
          <Button type="submit" disabled={pending || !dirty} data-testid="website-settings-save">
            {pending ? <Spinner /> : null}
            {pending ? t("settings.saving") : t("settings.save")}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
