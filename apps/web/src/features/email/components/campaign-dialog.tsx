import {
  blocksToText,
  type TCampaign,
  type TCreateCampaign,
  type TEmailBlock,
  type TSegmentFilter,
  ZEmailBlocks,
} from "@shobai/shared";
import {
  CAMPAIGN_TYPES,
  CAMPAIGN_VARIABLES,
  CONTACT_STATUSES,
  DEFAULT_CAMPAIGN_TYPE,
  LANGUAGE_NATIVE_NAMES,
  LANGUAGES,
  type TCampaignType,
  type TContactStatus,
  type TLanguage,
} from "@shobai/shared/constants";
import { Check, MailPlus, Pencil } from "lucide-react";
import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/cn";
import { toast } from "@/lib/toast";
import { useCurrentLanguage } from "@/lib/use-current-language";
import { useTranslation } from "@/lib/use-translation";
import { useCreateCampaign, useUpdateCampaign } from "../api/campaigns";
import { serverMessage } from "../error-text";
import { LITERAL_VARIABLES } from "../variables";

const DEFAULT_FOLLOWUP_DAYS = 3;
// The composer and the segment picker load when used: the app shell stays as small as it was.
const BlockComposer = lazy(() => import("./block-composer"));
const SegmentPicker = lazy(() => import("./segment-picker"));

interface Values {
  name: string;
  type: TCampaignType;
  subject: string;
  content: string;
  audience: TContactStatus[];
  followupDays: string;
  fromEmail: string;
  trackOpens: boolean;
  /** The footer's language; "" follows each recipient's language. */
  language: TLanguage | "";
  /** Composer blocks; null writes plain text. */
  blocks: TEmailBlock[] | null;
  segmentId: string | null;
  segment: TSegmentFilter | null;
}

function initialValues(campaign: TCampaign | null): Values {
  return {
    name: campaign?.name ?? "",
    type: campaign?.type ?? DEFAULT_CAMPAIGN_TYPE,
    subject: campaign?.subject ?? "",
    content: campaign?.content ?? "",
    audience: campaign?.audience ?? [],
    followupDays: String(campaign?.followupDays ?? DEFAULT_FOLLOWUP_DAYS),
    fromEmail: campaign?.fromEmail ?? "",
    trackOpens: campaign?.trackOpens ?? false,
    language: campaign?.language ?? "",
    blocks: campaign?.blocks ?? null,
    segmentId: campaign?.segmentId ?? null,
    segment: campaign?.segment ?? null,
  };
}

function isCampaignType(value: string): value is TCampaignType {
  return (CAMPAIGN_TYPES as readonly string[]).includes(value);
}

/**
 * Create (spec §2, §5, §8) or edit a campaign. Name, subject and content are required
 * ('入力エラー' / 'すべての必須項目を入力してください。', nothing sent); a refusal from the server
 * (unknown {{variables}}, an unverified sender) is shown and what was typed stays.
 */
export function CampaignDialog({
  open,
  onOpenChange,
  campaign,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The campaign to edit; null creates a new one. */
  campaign: TCampaign | null;
}) {
  const { t } = useTranslation(["email", "common"]);
  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const pending = create.isPending || update.isPending;
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent
        closeLabel={t("common:nav.close")}
        data-testid="campaign-dialog"
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl"
      >
        <CampaignForm
          key={campaign?.id ?? "new"}
          campaign={campaign}
          pending={pending}
          onSubmit={(values, done, failed) => {
            const fields: TCreateCampaign = {
              name: values.name.trim(),
              type: values.type,
              subject: values.subject.trim(),
              content: values.blocks ? blocksToText(values.blocks) : values.content.trim(),
              blocks: values.blocks,
              audience: values.audience,
              fromEmail: values.fromEmail.trim(),
              trackOpens: values.trackOpens,
              language: values.language || null,
              segmentId: values.type === "newsletter" ? values.segmentId : null,
              segment: values.type === "newsletter" && !values.segmentId ? values.segment : null,
            };
            const days = Number.parseInt(values.followupDays, 10);
            const followupDays = values.type === "followup" && Number.isFinite(days) ? days : null;
            const fail = (message: string) => (error: unknown) => {
              const reason = serverMessage(error);
              failed([message, reason].filter(Boolean).join(" "));
              toast({
                variant: "destructive",
                title: t("toast.errorTitle"),
                description: (
                  <>
                    <span className="block">{message}</span>
                    {reason ? <span className="block">{reason}</span> : null}
                  </>
                ),
              });
            };
            if (campaign) {
              update.mutate(
                { id: campaign.id, patch: { ...fields, followupDays } },
                {
                  onSuccess: (saved) => {
                    toast({
                      title: t("toast.updatedTitle"),
                      description: t("toast.updated", { name: saved.name }),
                    });
                    done();
                  },
                  onError: fail(t("toast.updateFailed")),
                },
              );
              return;
            }
            create.mutate(
              { ...fields, ...(followupDays === null ? {} : { followupDays }) },
              {
                onSuccess: () => {
                  toast({ title: t("toast.createdTitle"), description: t("toast.created") });
                  done();
                },
                onError: fail(t("toast.createFailed")),
              },
            );
          }}
          onDone={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

function CampaignForm({
  campaign,
  pending,
  onSubmit,
  onDone,
}: {
  campaign: TCampaign | null;
  pending: boolean;
  /** Sends the campaign; `failed` says a refusal in the form (beside its buttons). */
  onSubmit: (values: Values, done: () => void, failed: (message: string) => void) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(["email", "crm"]);
  const id = useId();
  const interfaceLanguage = useCurrentLanguage();
  const [values, setValues] = useState<Values>(() => initialValues(campaign));
  const [showBlockProblems, setShowBlockProblems] = useState(false);
  const [invalid, setInvalid] = useState<Partial<Record<"name" | "subject" | "content", boolean>>>({});
  const contentRef = useRef<HTMLTextAreaElement>(null);
  // A refused save, said above the buttons; it takes the focus once the form is usable again.
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (failure && !pending) failureRef.current?.focus();
  }, [failure, pending]);

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (field in invalid) setInvalid((e) => ({ ...e, [field]: false }));
  };

  const insertVariable = (variable: string) => {
    const token = `{{${variable}}}`;
    const area = contentRef.current;
    const start = area?.selectionStart ?? values.content.length;
    const end = area?.selectionEnd ?? values.content.length;
    const next = values.content.slice(0, start) + token + values.content.slice(end);
    set("content", next);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const toggleAudience = (status: TContactStatus, checked: boolean) =>
    set(
      "audience",
      CONTACT_STATUSES.filter((s) => (s === status ? checked : values.audience.includes(s))),
    );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const blocksBad =
      values.blocks !== null &&
      (!ZEmailBlocks.safeParse(values.blocks).success || !blocksToText(values.blocks).trim());
    setShowBlockProblems(blocksBad);
    const missing = {
      name: !values.name.trim(),
      subject: !values.subject.trim(),
      content: values.blocks ? blocksBad : !values.content.trim(),
    };
    if (missing.name || missing.subject || missing.content) {
      // Said beside each missing field and the first takes the focus; the spec's toast says it too.
      setInvalid(missing);
      const first = (["name", "subject", "content"] as const).find((field) => missing[field]);
      const target = first === "content" && values.blocks ? null : document.getElementById(`${id}-${first}`);
      target?.focus();
      toast({
        variant: "destructive",
        title: t("toast.inputErrorTitle"),
        description: t("toast.requiredFields"),
      });
      return;
    }
    setFailure(null);
    onSubmit(values, onDone, setFailure);
  };

  const required = (
    <span className="text-xs font-normal text-destructive" aria-hidden>
      *
    </span>
  );
  const optional = <span className="text-xs font-normal text-muted-foreground">{t("form.optional")}</span>;

  return (
    <form onSubmit={submit} className="grid gap-5" noValidate aria-busy={pending}>
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          {campaign ? (
            <Pencil className="size-5 text-primary" aria-hidden />
          ) : (
            <MailPlus className="size-5 text-primary" aria-hidden />
          )}
          {campaign ? t("form.editTitle") : t("form.createTitle")}
        </DialogTitle>
        <DialogDescription>
          {campaign ? t("form.editDescription") : t("form.createDescription")}
        </DialogDescription>
      </DialogHeader>

      <fieldset className="grid gap-5" disabled={pending}>
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-name`}>
              {t("form.name")}
              {required}
            </Label>
            <Input
              id={`${id}-name`}
              data-testid="campaign-name"
              value={values.name}
              maxLength={200}
              onChange={(e) => set("name", e.target.value)}
              placeholder={t("form.namePlaceholder")}
              aria-invalid={invalid.name || undefined}
              aria-describedby={invalid.name ? `${id}-name-error` : undefined}
              aria-required
            />
            <FieldError
              id={`${id}-name-error`}
              message={invalid.name ? t("form.nameRequired") : null}
              testId="campaign-name-error"
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-type`}>{t("form.type")}</Label>
            <Select value={values.type} onValueChange={(v) => isCampaignType(v) && set("type", v)}>
              <SelectTrigger id={`${id}-type`} data-testid="campaign-type">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {CAMPAIGN_TYPES.map((type) => (
                  <SelectItem key={type} value={type} data-testid={`campaign-type-${type}`}>
                    {t(`type.${type}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <p className="-mt-2 text-xs text-muted-foreground sm:col-span-2">
            {t(`form.typeHint.${values.type}`)}
          </p>
        </div>

        {values.type === "followup" ? (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-followup`}>{t("form.followupDays")}</Label>
            <div className="flex items-center gap-2">
              <Input
                id={`${id}-followup`}
                data-testid="campaign-followup-days"
                type="number"
                inputMode="numeric"
                min={1}
                max={365}
                className="w-28"
                value={values.followupDays}
                onChange={(e) => set("followupDays", e.target.value)}
                aria-describedby={`${id}-followup-hint`}
              />
              <span className="text-sm text-muted-foreground">{t("form.followupDaysUnit")}</span>
            </div>
            <p id={`${id}-followup-hint`} className="text-xs text-muted-foreground">
              {t("form.followupDaysHint")}
            </p>
          </div>
        ) : null}

        <div className="grid gap-2">
          <Label htmlFor={`${id}-subject`}>
            {t("form.subject")}
            {required}
          </Label>
          <Input
            id={`${id}-subject`}
            data-testid="campaign-subject"
            value={values.subject}
            maxLength={200}
            onChange={(e) => set("subject", e.target.value)}
            placeholder={t("form.subjectPlaceholder", LITERAL_VARIABLES)}
            aria-invalid={invalid.subject || undefined}
            aria-describedby={invalid.subject ? `${id}-subject-error` : undefined}
            aria-required
          />
          <FieldError
            id={`${id}-subject-error`}
            message={invalid.subject ? t("form.subjectRequired") : null}
            testId="campaign-subject-error"
          />
        </div>

        <fieldset className="grid gap-2" data-testid="content-mode">
          <legend className="mb-1 text-sm font-medium">{t("composer.mode")}</legend>
          <div className="flex flex-wrap gap-4 text-sm">
            <label className="inline-flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-mode`}
                className="accent-primary"
                checked={values.blocks === null}
                onChange={() => set("blocks", null)}
                data-testid="content-mode-plain"
              />
              {t("composer.plain")}
            </label>
            <label className="inline-flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-mode`}
                className="accent-primary"
                checked={values.blocks !== null}
                onChange={() => set("blocks", [])}
                data-testid="content-mode-blocks"
              />
              {t("composer.blocks")}
            </label>
          </div>
        </fieldset>

        {values.blocks !== null ? (
          <Suspense fallback={<p className="text-sm text-muted-foreground">{t("composer.loading")}</p>}>
            <BlockComposer
              blocks={values.blocks}
              onChange={(blocks) => set("blocks", blocks)}
              language={values.language || interfaceLanguage}
              showProblems={showBlockProblems}
            />
            {showBlockProblems && values.blocks.length === 0 ? (
              <p className="text-sm text-destructive" role="alert">
                {t("composer.empty")}
              </p>
            ) : null}
          </Suspense>
        ) : (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-content`}>
              {t("form.content")}
              {required}
            </Label>
            <Textarea
              ref={contentRef}
              id={`${id}-content`}
              data-testid="campaign-content"
              rows={8}
              value={values.content}
              onChange={(e) => set("content", e.target.value)}
              placeholder={t("form.contentPlaceholder", LITERAL_VARIABLES)}
              aria-invalid={invalid.content || undefined}
              aria-describedby={invalid.content ? `${id}-content-error ${id}-variables` : `${id}-variables`}
              aria-required
            />
            <FieldError
              id={`${id}-content-error`}
              message={invalid.content ? t("form.contentRequired") : null}
              testId="campaign-content-error"
            />
            <div
              id={`${id}-variables`}
              data-testid="campaign-variables-hint"
              className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground"
            >
              <span>{t("form.variablesHint")}</span>
              {CAMPAIGN_VARIABLES.map((variable) => (
                <button
                  key={variable}
                  type="button"
                  onClick={() => insertVariable(variable)}
                  className="inline-flex cursor-pointer items-center gap-1 rounded-md border border-border bg-surface px-1.5 py-0.5 hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
                  aria-label={t("form.insertVariable", { variable: `{{${variable}}}` })}
                >
                  <code className="font-mono text-[0.75rem] text-foreground">{`{{${variable}}}`}</code>
                  <span>{t(`form.variables.${variable}`)}</span>
                </button>
              ))}
            </div>
          </div>
        )}

        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{t("form.audience")}</legend>
          <div className="flex flex-wrap gap-2">
            {CONTACT_STATUSES.map((status) => {
              const checked = values.audience.includes(status);
              return (
                <label
                  key={status}
                  className={cn(
                    "inline-flex h-9 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60",
                    checked
                      ? "border-brand-300 bg-brand-50 text-brand-900"
                      : "border-input bg-background text-foreground hover:bg-muted",
                  )}
                >
                  <input
                    type="checkbox"
                    className="sr-only"
                    checked={checked}
                    onChange={(e) => toggleAudience(status, e.target.checked)}
                    data-testid={`campaign-audience-${status}`}
                  />
                  <span
                    aria-hidden
                    className={cn(
                      "grid size-4 place-items-center rounded-[4px] border",
                      checked
                        ? "border-primary bg-primary text-primary-foreground"
                        : "border-input bg-background",
                    )}
                  >
                    {checked ? <Check className="size-3" strokeWidth={3} /> : null}
                  </span>
                  {t(`crm:status.${status}`)}
                </label>
              );
            })}
          </div>
          <p className="text-xs text-muted-foreground">{t("form.audienceHint")}</p>
        </fieldset>

        {values.type === "newsletter" ? (
          <Suspense fallback={null}>
            <SegmentPicker
              value={{ segmentId: values.segmentId, segment: values.segment }}
              onChange={(next) => setValues((v) => ({ ...v, ...next }))}
              audience={values.audience}
            />
          </Suspense>
        ) : null}

        <div className="grid gap-2">
          <Label htmlFor={`${id}-from`}>
            {t("form.fromEmail")}
            {optional}
          </Label>
          <Input
            id={`${id}-from`}
            data-testid="campaign-from-email"
            type="email"
            autoComplete="email"
            value={values.fromEmail}
            maxLength={254}
            onChange={(e) => set("fromEmail", e.target.value)}
            placeholder="info@your-shop.jp"
            aria-describedby={`${id}-from-hint`}
          />
          <p id={`${id}-from-hint`} className="text-xs text-muted-foreground">
            {t("form.fromEmailHint")}
          </p>
        </div>

        <div className="grid gap-2">
          <Label htmlFor={`${id}-language`}>{t("form.footerLanguage")}</Label>
          <select
            id={`${id}-language`}
            data-testid="campaign-language"
            value={values.language}
            onChange={(e) => set("language", e.target.value as TLanguage | "")}
            aria-describedby={`${id}-language-hint`}
            className="h-10 rounded-md border border-input bg-background px-3 text-sm"
          >
            <option value="">{t("form.footerLanguageRecipient")}</option>
            {LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {LANGUAGE_NATIVE_NAMES[code]}
              </option>
            ))}
          </select>
          <p id={`${id}-language-hint`} className="text-xs text-muted-foreground">
            {t("form.footerLanguageHint")}
          </p>
        </div>

        <div className="flex items-start gap-3">
          <input
            id={`${id}-opens`}
            type="checkbox"
            className="mt-1 size-4 shrink-0 accent-primary"
            checked={values.trackOpens}
            onChange={(e) => set("trackOpens", e.target.checked)}
            aria-describedby={`${id}-opens-hint`}
            data-testid="campaign-track-opens"
          />
          <div className="grid gap-1">
            <Label htmlFor={`${id}-opens`}>{t("form.trackOpens")}</Label>
            <p id={`${id}-opens-hint`} className="text-xs text-muted-foreground">
              {t("form.trackOpensHint")}
            </p>
          </div>
        </div>
      </fieldset>

      {failure ? (
        <p
          ref={failureRef}
          tabIndex={-1}
          role="alert"
          className="text-sm text-destructive outline-none"
          data-testid="campaign-failure"
        >
          {failure}
        </p>
      ) : null}
      <DialogFormFooter
        cancelLabel={t("form.cancel")}
        submitLabel={campaign ? t("form.save") : t("form.create")}
        pending={pending}
        submitTestId="campaign-submit"
      />
    </form>
  );
}
