import { TARGET_MARKETS, type TTargetMarket } from "@shobai/shared/constants";
import { Sparkles } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { saveDemoDraft } from "@/lib/signup-draft";
import { useTranslation } from "@/lib/use-translation";

const STEPS = ["describe", "market", "generate"] as const;

/**
 * The three-step AI demo (spec §2): describe the business, choose the market, generate. Generating
 * needs an account, so the button opens sign-up; the description and market wait in this tab for the
 * first generation form after it. Nothing is sent anywhere before the account exists.
 */
export function AiDemo() {
  const { t } = useTranslation(["landing", "websites"]);
  const [, navigate] = useLocation();
  const [description, setDescription] = useState("");
  const [market, setMarket] = useState<TTargetMarket>("japan");
  const descriptionId = useId();
  // This section arrives after the page is readable: what a quick visitor typed into the server's
  // HTML before then is taken over, not lost.
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const typed = descriptionRef.current?.value;
    if (typed) setDescription(typed);
    // Until now the browser's own check stood in for an empty description (`required`); from now
    // on onSubmit says it beside the field.
    if (formRef.current) formRef.current.noValidate = true;
  }, []);
  const marketId = useId();
  const [invalid, setInvalid] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The field as it stands (typed before the script took over, too), kept for after sign-up.
    const typed = String(
      new FormData(event.currentTarget as HTMLFormElement).get("description") ?? description,
    );
    if (!typed.trim()) {
      // As the generation form after sign-up: a description is needed. Said beside the field,
      // which takes the focus.
      setInvalid(true);
      descriptionRef.current?.focus();
      return;
    }
    saveDemoDraft({ description: typed.trim(), market });
    // The sign-up page says the description is kept, and that note takes the focus.
    navigate("/auth?mode=register&from=demo");
  };

  return (
    <section
      id="demo"
      aria-labelledby="demo-title"
      className="border-y border-border bg-muted/40"
      data-testid="ai-demo"
    >
      <div className="mx-auto grid max-w-[1200px] gap-10 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[minmax(0,0.9fr)_minmax(0,1.1fr)] lg:items-start">
        <div>
          <p className="text-sm font-semibold text-primary">{t("demo.eyebrow")}</p>
          <h2 id="demo-title" className="mt-2 text-3xl font-bold text-foreground sm:text-4xl">
            {t("demo.title")}
          </h2>
          <p className="mt-4 text-base text-muted-foreground">{t("demo.subtitle")}</p>
          <ol className="mt-8 grid gap-4" data-testid="demo-steps">
            {STEPS.map((step, index) => (
              <li key={step} className="flex gap-4">
                <span
                  aria-hidden
                  className="grid size-8 shrink-0 place-items-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
                >
                  {index + 1}
                </span>
                <div>
                  <p className="font-semibold text-foreground">
                    <span className="sr-only">{t("demo.stepNumber", { number: index + 1 })} </span>
                    {t(`demo.steps.${step}.title`)}
                  </p>
                  <p className="mt-1 text-sm text-muted-foreground">{t(`demo.steps.${step}.body`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>

        {/* Before the script runs the form still leads to sign-up (GET /auth with the description,
            which the auth page keeps); then onSubmit does it. */}
        <form
          ref={formRef}
          action="/auth"
          method="get"
          onSubmit={onSubmit}
          aria-label={t("demo.formLabel")}
          className="grid gap-6 rounded-2xl border border-border bg-background p-6 shadow-popover sm:p-8"
        >
          <input type="hidden" name="mode" value="register" />
          <input type="hidden" name="market" value={market} />
          <div className="grid gap-2">
            <Label htmlFor={descriptionId}>
              <span aria-hidden className="mr-2 text-xs font-bold text-primary">
                1
              </span>
              {t("demo.descriptionLabel")}
            </Label>
            <Textarea
              ref={descriptionRef}
              id={descriptionId}
              name="description"
              data-testid="demo-description"
              rows={5}
              value={description}
              onChange={(event) => {
                setDescription(event.target.value);
                setInvalid(false);
              }}
              placeholder={t("demo.descriptionPlaceholder")}
              maxLength={1000}
              required
              {...(invalid ? { "aria-invalid": true, "aria-describedby": `${descriptionId}-error` } : {})}
            />
            <FieldError
              id={`${descriptionId}-error`}
              message={invalid ? t("demo.descriptionRequired") : null}
              testId="demo-description-error"
            />
          </div>
          <div className="grid gap-2">
            <Label id={`${marketId}-label`} htmlFor={marketId}>
              <span aria-hidden className="mr-2 text-xs font-bold text-primary">
                2
              </span>
              {t("demo.marketLabel")}
            </Label>
            <Select value={market} onValueChange={(next) => setMarket(next as TTargetMarket)}>
              <SelectTrigger
                id={marketId}
                aria-labelledby={`${marketId}-label`}
                data-testid="demo-market"
                className="w-full"
              >
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {TARGET_MARKETS.map((value) => (
                  <SelectItem key={value} value={value} data-testid={`demo-market-${value}`}>
                    {t(`websites:markets.${value}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <p className="text-xs text-muted-foreground">{t("demo.marketHint")}</p>
          </div>
          <div className="grid gap-2">
            <Button type="submit" size="lg" data-testid="demo-generate" className="w-full">
              <Sparkles aria-hidden />
              {t("demo.generate")}
            </Button>
            <p className="text-center text-xs text-muted-foreground">{t("demo.generateHint")}</p>
          </div>
        </form>
      </div>
    </section>
  );
}
