import {
  BUSINESS_CATEGORIES,
  DEFAULT_LANGUAGE,
  TARGET_MARKETS,
  type TBusinessCategory,
  type TLanguage,
  type TTargetMarket,
} from "@shobai/shared/constants";
import { Sparkles } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import {
  forgetDemoDraft,
  forgetSignupBusinessType,
  readDemoDraft,
  readSignupBusinessType,
} from "@/lib/signup-draft";
import { toast } from "@/lib/toast";
import { useCurrentLanguage } from "@/lib/use-current-language";
import { useTranslation } from "@/lib/use-translation";
import { useGenerateWebsite } from "../api/generate-website";
import { useUnderstoodDescription } from "../api/understand-description";
import { useConfirmedFacts } from "../hooks/use-confirmed-facts";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import { ownerDefaults } from "../owner-defaults";
import { FactsPanel } from "./facts-panel";
import { FailureNotice, showFailureToast } from "./failure-toast";
import { LanguageCheckboxes } from "./language-checkboxes";
import { PendingHint } from "./pending-hint";

const AUTO = "auto";
type BusinessTypeChoice = TBusinessCategory | typeof AUTO;

/**
 * The AI generation tab (spec §2, §4, §5): a description is required (after trimming; nothing is
 * sent without one); market, type and languages have defaults. On success the form starts over.
 */
export function GenerateForm({
  signedIn,
  onRequireLogin,
}: {
  signedIn: boolean;
  onRequireLogin: () => void;
}) {
  const { t } = useTranslation("websites");
  const generate = useGenerateWebsite();
  const submitButton = useRef<HTMLButtonElement>(null);
  // What the owner typed into the landing page's demo before signing up, if anything.
  const [demo] = useState(readDemoDraft);
  const [description, setDescription] = useState(demo?.description ?? "");
  // What the owner's interface language suggests (an Indonesian interface: id + en, Asia).
  const defaults = ownerDefaults(useCurrentLanguage());
  const [market, setMarket] = useState<TTargetMarket>(() =>
    (TARGET_MARKETS as readonly string[]).includes(demo?.market ?? "")
      ? (demo?.market as TTargetMarket)
      : defaults.market,
  );
  // The site just made: said in a live region and focused, so nobody is left wondering.
  const [created, setCreated] = useState<{ id: string; name: string; aiLimit: boolean } | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (created) resultRef.current?.focus();
  }, [created]);
  // The type chosen in the signup dialog, if the owner just signed up that way (decision 0009).
  const [businessType, setBusinessType] = useState<BusinessTypeChoice>(() => {
    const chosen = readSignupBusinessType();
    return (BUSINESS_CATEGORIES as readonly string[]).includes(chosen ?? "")
      ? (chosen as TBusinessCategory)
      : AUTO;
  });
  const [languages, setLanguages] = useState<TLanguage[]>(defaults.languages);
  const [invalid, setInvalid] = useState(false);
  // A refused generation, said beside the button as well as in the toast.
  const [failed, setFailed] = useState<Error | null>(null);
  // While the owner types, the server reads the description; the owner confirms or corrects it.
  const settled = useDebouncedValue(description.trim(), 500);
  const understood = useUnderstoodDescription(settled, languages[0] ?? DEFAULT_LANGUAGE, signedIn);
  const facts = useConfirmedFacts(settled ? understood.data?.facts : undefined);
  const detected = settled && description.trim() ? understood.data?.industry : undefined;

  const reset = () => {
    facts.reset();
    setDescription("");
    setMarket(defaults.market);
    setBusinessType(AUTO);
    setLanguages(defaults.languages);
    setInvalid(false);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (generate.isPending) return;
    if (!signedIn) {
      onRequireLogin();
      return;
    }
    // The button stays focusable while the site is being made (aria-disabled), so keyboard focus
    // does not fall to the page; a second press then does nothing.
    if (generate.isPending) return;
    setCreated(null);
    setFailed(null);
    const businessDescription = description.trim();
    if (!businessDescription) {
      // Said beside the field, which takes the focus; the spec's toast says it too.
      setInvalid(true);
      descriptionRef.current?.focus();
      toast({
        variant: "destructive",
        title: t("toast.inputErrorTitle"),
        description: t("toast.descriptionRequired"),
      });
      return;
    }
    generate.mutate(
      {
        businessDescription,
        targetMarket: market,
        businessType: businessType === AUTO ? "" : businessType,
        languages: languages.length > 0 ? languages : [DEFAULT_LANGUAGE],
        ...(facts.confirmed() ? { facts: facts.confirmed() } : {}),
      },
      {
        onSuccess: (website) => {
          // The spec's toast, and the result in the form itself, focused (it is read out).
          toast({
            title: t("toast.generatedTitle"),
            description: website.aiLimitReached
              ? t("toast.generatedAiLimit", { name: website.name })
              : t("toast.generated", { name: website.name }),
          });
          forgetSignupBusinessType();
          forgetDemoDraft();
          reset();
          setCreated({ id: website.id, name: website.name, aiLimit: Boolean(website.aiLimitReached) });
        },
        onError: (error) => {
          setFailed(error);
          showFailureToast({
            error,
            title: t("toast.generateErrorTitle"),
            message: t("toast.generateFailed"),
            upgradeLabel: t("usage.upgrade"),
            limitReason: t("toast.websiteLimit"),
            planRequiredReason: t("toast.planRequired"),
          });
        },
      },
    );
  };

  const pending = generate.isPending;
  return (
    <form onSubmit={submit} className="grid gap-5" noValidate aria-busy={pending}>
      <div className="grid gap-2">
        <Label htmlFor="websites-description">{t("generate.descriptionLabel")}</Label>
        <Textarea
          ref={descriptionRef}
          id="websites-description"
          data-testid="websites-description"
          rows={4}
          className="min-h-36 sm:min-h-28"
          maxLength={4000}
          value={description}
          onChange={(event) => {
            setDescription(event.target.value);
            if (invalid) setInvalid(false);
          }}
          placeholder={t("generate.descriptionPlaceholder")}
          aria-invalid={invalid || undefined}
          aria-describedby={
            invalid ? "websites-description-error websites-description-hint" : "websites-description-hint"
          }
          disabled={pending}
        />
        <FieldError
          id="websites-description-error"
          message={invalid ? t("toast.descriptionRequired") : null}
          testId="websites-description-error"
        />
        <p id="websites-description-hint" className="text-xs text-muted-foreground">
          {t("generate.descriptionHint")}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="websites-target-market">{t("generate.targetMarketLabel")}</Label>
          <Select value={market} onValueChange={(v) => setMarket(v as TTargetMarket)} disabled={pending}>
            <SelectTrigger id="websites-target-market" data-testid="websites-target-market">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {TARGET_MARKETS.map((m) => (
                <SelectItem key={m} value={m} data-testid={`websites-target-market-${m}`}>
                  {t(`markets.${m}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="websites-business-type">{t("generate.businessTypeLabel")}</Label>
          <Select
            value={businessType}
            onValueChange={(v) => setBusinessType(v as BusinessTypeChoice)}
            disabled={pending}
          >
            <SelectTrigger id="websites-business-type" data-testid="websites-business-type">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={AUTO} data-testid="websites-business-type-auto">
                {detected
                  ? t("generate.autoDetected", { category: t(`categories.${detected}`) })
                  : t("generate.autoDetect")}
              </SelectItem>
              {BUSINESS_CATEGORIES.map((c) => (
                <SelectItem key={c} value={c} data-testid={`websites-business-type-${c}`}>
                  {t(`categories.${c}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      <LanguageCheckboxes
        value={languages}
        onChange={setLanguages}
        disabled={pending}
        testIdPrefix="websites-language"
        legend={t("generate.languagesLabel")}
        hint={t("generate.languagesHint")}
      />
      {/* Below the choices, so the selects do not move while the owner types; right above the button. */}
      {signedIn && settled ? (
        <FactsPanel
          shown={facts.shown}
          set={facts.set}
          status={
            understood.isError
              ? "failed"
              : understood.isFetching || settled !== description.trim()
                ? "reading"
                : "ready"
          }
          disabled={pending}
        />
      ) : null}
      <div>
        {created ? (
          <div
            ref={resultRef}
            tabIndex={-1}
            className="grid gap-2 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            data-testid="websites-generated"
          >
            <p className="font-semibold text-brand-900">{t("toast.generatedTitle")}</p>
            <p className="text-sm text-brand-900/90">
              {created.aiLimit
                ? t("toast.generatedAiLimit", { name: created.name })
                : t("generate.createdNamed", { name: created.name })}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button asChild size="sm">
                <Link
                  href={`/websites/${encodeURIComponent(created.id)}/edit`}
                  data-testid="websites-generated-edit"
                >
                  {t("generate.openEditor")}
                </Link>
              </Button>
            </div>
          </div>
        ) : null}
      </div>
      <FailureNotice
        error={failed}
        message={t("toast.generateFailed")}
        upgradeLabel={t("usage.upgrade")}
        limitReason={t("toast.websiteLimit")}
        planRequiredReason={t("toast.planRequired")}
        testId="websites-generate-failure"
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button
          ref={submitButton}
          type="submit"
          size="lg"
          aria-disabled={pending || undefined}
          className={pending ? "cursor-progress opacity-70" : undefined}
          data-testid="websites-generate-submit"
        >
          {pending ? <Spinner /> : <Sparkles aria-hidden />}
          {pending ? t("generate.pending") : t("generate.submit")}
        </Button>
        {pending ? <PendingHint text={t("generate.pendingHint")} /> : null}
      </div>
    </form>
  );
}
