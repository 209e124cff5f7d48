import type { ComponentProps } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { useTranslation } from "@/lib/use-translation";
import type { TFactKey, TFactsDraft } from "../hooks/use-confirmed-facts";
import { HoursEditor } from "./hours-editor";
import { ItemsEditor } from "./items-editor";

type TextKey = "name" | "place" | "phone" | "email" | "address" | "foundedYear" | "representative";

/**
 * What the generator understood from the description, as fields the owner can correct before
 * generating. A field the description did not fill says so and stays optional.
 */
export function FactsPanel({
  shown,
  set,
  status,
  disabled,
  intro,
}: {
  shown: TFactsDraft;
  set: <K extends TFactKey>(key: K, value: TFactsDraft[K]) => void;
  status: "reading" | "ready" | "failed";
  disabled?: boolean;
  /** The import's words for where the facts come from; it also shows the profile and notes. */
  intro?: string;
}) {
  const { t } = useTranslation("websites");
  const field = (key: TextKey, props: ComponentProps<typeof Input> = {}) => {
    const id = `facts-${key}`;
    const missing = !shown[key].trim();
    return (
      <div
        className={
          key === "address" ? "grid content-start gap-1.5 sm:col-span-2" : "grid content-start gap-1.5"
        }
      >
        <Label htmlFor={id}>{t(`facts.${key}`)}</Label>
        <Input
          id={id}
          data-testid={id}
          value={shown[key]}
          onChange={(e) => set(key, e.target.value)}
          aria-describedby={missing ? `${id}-missing` : undefined}
          {...props}
        />
        {missing ? (
          <p id={`${id}-missing`} className="text-xs text-muted-foreground">
            {t("facts.missing")}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <section
      aria-labelledby="facts-title"
      aria-busy={status === "reading"}
      className="grid gap-4 rounded-xl border border-border bg-muted/40 p-4 sm:p-5"
      data-testid="facts-panel"
    >
      <div className="grid gap-1">
        <h3 id="facts-title" className="flex items-center gap-2 text-base font-semibold">
          {t("facts.title")}
          {status === "reading" ? <Spinner label={t("facts.reading")} /> : null}
        </h3>
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="facts-status">
          {status === "failed"
            ? t("facts.failed")
            : status === "reading"
              ? t("facts.reading")
              : (intro ?? t("facts.intro"))}
        </p>
      </div>
      <fieldset className="m-0 grid min-w-0 gap-4 border-0 p-0 sm:grid-cols-2" disabled={disabled}>
        {field("name", { maxLength: 120, autoComplete: "organization" })}
        {field("place", { maxLength: 80 })}
        {field("phone", { maxLength: 40, type: "tel", autoComplete: "tel" })}
        {field("email", { maxLength: 200, type: "email", autoComplete: "email" })}
        {field("address", { maxLength: 300, autoComplete: "street-address" })}
        {field("foundedYear", { inputMode: "numeric", maxLength: 4, className: "w-28" })}
        {intro ? field("representative", { maxLength: 80, autoComplete: "name" }) : null}
        {intro ? (
          <div className="grid content-start gap-1.5 sm:col-span-2">
            <Label htmlFor="facts-notes">{t("facts.notesField")}</Label>
            <Textarea
              id="facts-notes"
              data-testid="facts-notes"
              rows={2}
              value={shown.notes}
              onChange={(e) => set("notes", e.target.value)}
              aria-describedby="facts-notes-hint"
            />
            <p id="facts-notes-hint" className="text-xs text-muted-foreground">
              {t("facts.notesHint")}
            </p>
          </div>
        ) : null}
      </fieldset>
      <fieldset className="m-0 grid min-w-0 gap-5 border-0 p-0 lg:grid-cols-2" disabled={disabled}>
        <ItemsEditor value={shown.items} onChange={(items) => set("items", items)} />
        <HoursEditor value={shown.hours} onChange={(hours) => set("hours", hours)} />
      </fieldset>
    </section>
  );
}
