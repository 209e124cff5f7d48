import {
  CONTACT_SOURCES,
  MARKETING_CONSENT_STATES,
  type TContactStatus,
  type TSegmentFilter,
} from "@shobai/shared";
import { Check, Filter, Save, Trash2, Users } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { formatNumber } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useCurrentLanguage } from "@/lib/use-current-language";
import { useTranslation } from "@/lib/use-translation";
import { useWebsites } from "@/queries/websites";
import { useCampaigns } from "../api/campaigns";
import {
  useDeleteSegment,
  useSaveSegment,
  useSegmentChoices,
  useSegmentCount,
  useSegments,
} from "../api/segments";

export const EMPTY_FILTER: TSegmentFilter = {
  statuses: [],
  sources: [],
  consent: [],
  websiteIds: [],
  tagIds: [],
  fields: [],
  createdFrom: null,
  createdTo: null,
  engaged: null,
};

export type SegmentValue = { segmentId: string | null; segment: TSegmentFilter | null };

function Chip({
  checked,
  onChange,
  children,
  testId,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <label
      className={cn(
        "inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-lg border px-2.5 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
        checked
          ? "border-brand-300 bg-brand-50 text-brand-900"
          : "border-input bg-background text-foreground hover:bg-muted",
      )}
    >
      <input
        type="checkbox"
        className="sr-only"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={testId}
      />
      {checked ? <Check className="size-3.5" strokeWidth={3} aria-hidden /> : null}
      {children}
    </label>
  );
}

const toggle = <T,>(list: readonly T[], value: T, on: boolean): T[] =>
  on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);

/** The statuses of the campaign and the segment together (both must hold), as the server counts. */
function countFilter(filter: TSegmentFilter, audience: readonly TContactStatus[]): TSegmentFilter | "none" {
  if (audience.length === 0) return filter;
  if (filter.statuses.length === 0) return { ...filter, statuses: [...audience] };
  const both = filter.statuses.filter((s) => audience.includes(s));
  return both.length === 0 ? "none" : { ...filter, statuses: both };
}

/**
 * Who a newsletter goes to beyond its statuses (issue 22): everyone in them, a saved segment, or
 * conditions of its own (tags, source, consent, custom field, created dates), with the count of who
 * it reaches now (opted in) and who is left out. Conditions can be saved for other campaigns.
 */
export default function SegmentPicker({
  value,
  onChange,
  audience,
}: {
  value: SegmentValue;
  onChange: (value: SegmentValue) => void;
  audience: readonly TContactStatus[];
}) {
  const { t } = useTranslation(["email", "crm"]);
  const language = useCurrentLanguage();
  const id = useId();
  const segments = useSegments({ enabled: true });
  const { tags, fields } = useSegmentChoices({ enabled: true });
  const campaigns = useCampaigns({ enabled: true });
  const websites = useWebsites({ enabled: true }).data ?? [];
  const earlier = (campaigns.data ?? []).filter((c) => c.stats.emailsSent > 0);
  const save = useSaveSegment();
  const remove = useDeleteSegment();
  const [name, setName] = useState("");
  const saved = segments.data?.find((s) => s.id === value.segmentId) ?? null;
  const mode = value.segmentId ? "saved" : value.segment ? "custom" : "all";
  const filter = saved?.filter ?? value.segment ?? EMPTY_FILTER;
  const counted = countFilter(filter, audience);
  const count = useSegmentCount(counted === "none" ? null : counted);
  const setFilter = (patch: Partial<TSegmentFilter>) =>
    onChange({ segmentId: null, segment: { ...filter, ...patch } });
  const field = filter.fields[0];

  const choose = (next: string) => {
    if (next === "all") onChange({ segmentId: null, segment: null });
    else if (next === "custom") onChange({ segmentId: null, segment: filter });
    else onChange({ segmentId: next, segment: null });
  };

  const reach = counted === "none" ? 0 : (count.data?.included ?? null);
  return (
    <fieldset className="grid gap-3 rounded-lg border border-border p-3 sm:p-4" data-testid="segment-picker">
      <legend className="flex items-center gap-1.5 px-1 text-sm font-medium">
        <Filter className="size-4 text-primary" aria-hidden />
        {t("segments.title")}
      </legend>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-mode`}>{t("segments.choose")}</Label>
        <select
          id={`${id}-mode`}
          data-testid="segment-mode"
          value={mode === "saved" ? (value.segmentId ?? "all") : mode}
          onChange={(e) => choose(e.target.value)}
          className="h-10 rounded-md border border-input bg-background px-3 text-sm"
        >
          <option value="all">{t("segments.all")}</option>
          <option value="custom">{t("segments.custom")}</option>
          {(segments.data ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {t("segments.saved", { name: s.name })}
            </option>
          ))}
        </select>
      </div>

      {mode === "custom" ? (
        <div className="grid gap-3" data-testid="segment-conditions">
          {websites.length > 0 ? (
            <div className="grid gap-1.5">
              <span className="text-xs font-medium text-muted-foreground">{t("segments.sites")}</span>
              <div className="flex flex-wrap gap-1.5">
                {websites.map((site) => (
                  <Chip
                    key={site.id}
                    checked={filter.websiteIds.includes(site.id)}
                    onChange={(on) => setFilter({ websiteIds: toggle(filter.websiteIds, site.id, on) })}
                    testId={`segment-site-${site.id}`}
                  >
                    {site.name}
                  </Chip>
                ))}
              </div>
            </div>
          ) : null}
          {tags.length > 0 ? (
            <div className="grid gap-1.5">
              <span className="text-xs font-medium text-muted-foreground">{t("segments.tags")}</span>
              <div className="flex flex-wrap gap-1.5">
                {tags.map((tag) => (
                  <Chip
                    key={tag.id}
                    checked={filter.tagIds.includes(tag.id)}
                    onChange={(on) => setFilter({ tagIds: toggle(filter.tagIds, tag.id, on) })}
                    testId={`segment-tag-${tag.name}`}
                  >
                    {tag.name}
                  </Chip>
                ))}
              </div>
            </div>
          ) : null}
          <div className="grid gap-1.5">
            <span className="text-xs font-medium text-muted-foreground">{t("segments.source")}</span>
            <div className="flex flex-wrap gap-1.5">
              {CONTACT_SOURCES.map((source) => (
                <Chip
                  key={source}
                  checked={filter.sources.includes(source)}
                  onChange={(on) => setFilter({ sources: toggle(filter.sources, source, on) })}
                  testId={`segment-source-${source}`}
                >
                  {t(`crm:source.${source}`)}
                </Chip>
              ))}
            </div>
          </div>
          <div className="grid gap-1.5">
            <span className="text-xs font-medium text-muted-foreground">{t("segments.consent")}</span>
            <div className="flex flex-wrap gap-1.5">
              {MARKETING_CONSENT_STATES.map((state) => (
                <Chip
                  key={state}
                  checked={filter.consent.includes(state)}
                  onChange={(on) => setFilter({ consent: toggle(filter.consent, state, on) })}
                  testId={`segment-consent-${state}`}
                >
                  {t(`crm:consent.${state}`)}
                </Chip>
              ))}
            </div>
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-from`}>{t("segments.createdFrom")}</Label>
              <Input
                id={`${id}-from`}
                type="date"
                value={filter.createdFrom ?? ""}
                onChange={(e) => setFilter({ createdFrom: e.target.value || null })}
                data-testid="segment-created-from"
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-to`}>{t("segments.createdTo")}</Label>
              <Input
                id={`${id}-to`}
                type="date"
                value={filter.createdTo ?? ""}
                onChange={(e) => setFilter({ createdTo: e.target.value || null })}
                data-testid="segment-created-to"
              />
            </div>
          </div>
          {fields.length > 0 ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-field`}>{t("segments.field")}</Label>
                <select
                  id={`${id}-field`}
                  value={field?.key ?? ""}
                  onChange={(e) =>
                    setFilter({
                      fields: e.target.value ? [{ key: e.target.value, value: field?.value ?? "" }] : [],
                    })
                  }
                  className="h-10 rounded-md border border-input bg-background px-3 text-sm"
                  data-testid="segment-field"
                >
                  <option value="">{t("segments.anyField")}</option>
                  {fields.map((f) => (
                    <option key={f.id} value={f.id}>
                      {f.label}
                    </option>
                  ))}
                </select>
              </div>
              {field ? (
                <div className="grid gap-1.5">
                  <Label htmlFor={`${id}-field-value`}>{t("segments.fieldValue")}</Label>
                  <Input
                    id={`${id}-field-value`}
                    value={field.value}
                    maxLength={200}
                    onChange={(e) => setFilter({ fields: [{ key: field.key, value: e.target.value }] })}
                    data-testid="segment-field-value"
                  />
                </div>
              ) : null}
            </div>
          ) : null}
          {earlier.length > 0 ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-engaged`}>{t("segments.engaged")}</Label>
                <select
                  id={`${id}-engaged`}
                  value={filter.engaged?.campaignId ?? ""}
                  onChange={(e) =>
                    setFilter({
                      engaged: e.target.value
                        ? { campaignId: e.target.value, action: filter.engaged?.action ?? "opened" }
                        : null,
                    })
                  }
                  className="h-10 rounded-md border border-input bg-background px-3 text-sm"
                  data-testid="segment-engaged"
                >
                  <option value="">{t("segments.anyCampaign")}</option>
                  {earlier.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </div>
              {filter.engaged ? (
                <div className="grid gap-1.5">
                  <Label htmlFor={`${id}-action`}>{t("segments.engagedAction")}</Label>
                  <select
                    id={`${id}-action`}
                    value={filter.engaged.action}
                    onChange={(e) =>
                      filter.engaged &&
                      setFilter({
                        engaged: {
                          campaignId: filter.engaged.campaignId,
                          action: e.target.value === "clicked" ? "clicked" : "opened",
                        },
                      })
                    }
                    className="h-10 rounded-md border border-input bg-background px-3 text-sm"
                    data-testid="segment-engaged-action"
                  >
                    <option value="opened">{t("segments.opened")}</option>
                    <option value="clicked">{t("segments.clicked")}</option>
                  </select>
                </div>
              ) : null}
            </div>
          ) : null}
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <div className="grid flex-1 gap-1.5">
              <Label htmlFor={`${id}-name`}>{t("segments.saveAs")}</Label>
              <Input
                id={`${id}-name`}
                value={name}
                maxLength={100}
                placeholder={t("segments.namePlaceholder")}
                onChange={(e) => setName(e.target.value)}
                data-testid="segment-name"
              />
            </div>
            <Button
              type="button"
              variant="outline"
              disabled={!name.trim() || save.isPending}
              data-testid="segment-save"
              onClick={() =>
                save.mutate(
                  { segment: { name: name.trim(), filter } },
                  {
                    onSuccess: (segment) => {
                      setName("");
                      onChange({ segmentId: segment.id, segment: null });
                      toast({ title: t("segments.savedToast", { name: segment.name }) });
                    },
                    onError: () => toast({ variant: "destructive", title: t("segments.saveFailed") }),
                  },
                )
              }
            >
              {save.isPending ? <Spinner /> : <Save aria-hidden />}
              {t("segments.save")}
            </Button>
          </div>
        </div>
      ) : null}

      {mode === "saved" && saved ? (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="text-muted-foreground">{t("segments.savedHint")}</span>
          <div className="flex gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => onChange({ segmentId: null, segment: saved.filter })}
              data-testid="segment-edit"
            >
              {t("segments.editCopy")}
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="text-destructive hover:bg-destructive-soft"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(saved.id, { onSuccess: () => onChange({ segmentId: null, segment: null }) })
              }
            >
              <Trash2 aria-hidden />
              {t("segments.remove")}
            </Button>
          </div>
        </div>
      ) : null}

      <p className="flex items-center gap-2 text-sm" role="status" data-testid="segment-count">
        <Users className="size-4 text-primary" aria-hidden />
        {reach === null ? (
          <Spinner />
        ) : (
          <span>
            {t("segments.count", {
              count: reach,
              formatted: formatNumber(reach, language),
              matching: formatNumber(counted === "none" ? 0 : (count.data?.matching ?? 0), language),
            })}
          </span>
        )}
      </p>
    </fieldset>
  );
}
