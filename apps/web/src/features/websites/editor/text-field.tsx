import type { TSiteContent } from "@shobai/sitegen/editor";
import { useId } from "react";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { getAt, type TPath } from "./paths";
import { setText } from "./site-edits";
import { useChange, useEditingLanguage, useSite } from "./store-context";

/** One text of the site in the editing language, as a field beside the preview (keyboard, phone). */
export function TextField({
  label,
  path,
  scope = "lang",
  multiline = false,
  maxLength,
  testId,
  optional = false,
}: {
  label: string;
  path: TPath;
  scope?: "lang" | "site";
  multiline?: boolean;
  maxLength?: number;
  testId?: string;
  /** Blank is allowed (not marked invalid). */
  optional?: boolean;
}) {
  const id = useId();
  const lang = useEditingLanguage();
  const value = useSite((site: TSiteContent) => {
    const found = getAt(scope === "site" ? site : site.content[lang], path);
    return typeof found === "string" ? found : "";
  });
  const change = useChange();
  const onChange = (next: string) => change((site) => setText(site, lang, scope, path, next));
  // Optional texts: an empty intro, description or consent wording (the default wording shows) is fine.
  const empty =
    !optional &&
    value.trim() === "" &&
    !path.includes("intro") &&
    !path.includes("description") &&
    !path.includes("consentLabel");
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      {multiline ? (
        <Textarea
          id={id}
          value={value}
          rows={3}
          maxLength={maxLength}
          aria-invalid={empty || undefined}
          onChange={(e) => onChange(e.target.value)}
          data-testid={testId}
          data-path={path.join(".")}
        />
      ) : (
        <Input
          id={id}
          value={value}
          maxLength={maxLength}
          aria-invalid={empty || undefined}
          onChange={(e) => onChange(e.target.value)}
          data-testid={testId}
          data-path={path.join(".")}
        />
      )}
    </div>
  );
}
