import type { TCampaign } from "@shobai/shared";
import { useQuery } from "@tanstack/react-query";
import { CalendarClock, FlaskConical, Monitor, Send, Smartphone } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { formatNumber } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import {
  campaignAudienceQueryOptions,
  campaignPreviewQueryOptions,
  previewContactsQueryOptions,
  useTestSendCampaign,
  useUpdateCampaign,
} from "../api/campaigns";
import { serverMessage } from "../error-text";

const EXCLUSIONS = ["noConsent", "pending", "optedOut", "suppressed"] as const;

/** Today (or a date and time) in Tokyo as the date and time inputs want them. */
function tokyoParts(at: Date): { date: string; time: string } {
  const iso = new Date(at.getTime() + 9 * 3_600_000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/**
 * Pressing send, safely: who gets it (and who is left out, and why), a preview at desktop and
 * phone widths with a chosen contact's values, a test to the owner's own address, then "send now"
 * or "schedule" (Tokyo time) with a button that names the number of people.
 */
export function SendCampaignDialog({
  campaign,
  language,
  onClose,
}: {
  campaign: TCampaign | null;
  language: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(["email", "common"]);
  const last = useRef(campaign);
  if (campaign) last.current = campaign;
  const shown = last.current;
  return (
    <Dialog open={campaign !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        closeLabel={t("common:nav.close")}
        className="max-h-[92vh] overflow-y-auto sm:max-w-3xl"
        data-testid="campaign-send-dialog"
      >
        {shown ? <SendBody key={shown.id} campaign={shown} language={language} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function SendBody({
  campaign,
  language,
  onClose,
}: {
  campaign: TCampaign;
  language: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(["email", "common"]);
  const id = useId();
  const audience = useQuery(campaignAudienceQueryOptions(campaign.id));
  const [width, setWidth] = useState<"desktop" | "phone">("desktop");
  const [contactId, setContactId] = useState("");
  const preview = useQuery(campaignPreviewQueryOptions(campaign.id, contactId));
  const contacts = useQuery(previewContactsQueryOptions());
  const testSend = useTestSendCampaign();
  const update = useUpdateCampaign();
  const [when, setWhen] = useState<"now" | "later">("now");
  const start = tokyoParts(new Date(Date.now() + 3_600_000));
  const [date, setDate] = useState(start.date);
  const [time, setTime] = useState(start.time);

  const included = audience.data?.included ?? 0;
  const count = formatNumber(included, language);
  const failed = (error: unknown) =>
    toast({
      variant: "destructive",
      title: t("toast.errorTitle"),
      description: [t("toast.updateFailed"), serverMessage(error)].filter(Boolean).join(" "),
    });

  const confirm = () => {
    if (when === "now") {
      update.mutate(
        { id: campaign.id, patch: { isActive: true } },
        {
          onSuccess: () => {
            toast({
              title: t("toast.startedTitle"),
              description: t("toast.started", { name: campaign.name }),
            });
            onClose();
          },
          onError: failed,
        },
      );
      return;
    }
    const at = new Date(`${date}T${time}:00+09:00`);
    update.mutate(
      { id: campaign.id, patch: { scheduledAt: at.toISOString() } },
      {
        onSuccess: () => {
          toast({
            title: t("sendCampaign.scheduledTitle"),
            description: t("sendCampaign.scheduled", { name: campaign.name, date: `${date} ${time}` }),
          });
          onClose();
        },
        onError: failed,
      },
    );
  };

  const contactOptions = contacts.data ?? [];
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t("sendCampaign.title", { name: campaign.name })}</DialogTitle>
        <DialogDescription>{t("sendCampaign.description")}</DialogDescription>
      </DialogHeader>

      <section aria-labelledby={`${id}-audience`} className="grid gap-2" data-testid="campaign-audience">
        <h3 id={`${id}-audience`} className="font-semibold">
          {t("sendCampaign.audienceTitle")}
        </h3>
        {audience.data ? (
          <>
            <p className="text-lg" data-testid="campaign-audience-included">
              {t("sendCampaign.included", { count: included, formatted: count })}
            </p>
            {audience.data.matching > included ? (
              <ul
                className="grid gap-1 text-sm text-muted-foreground"
                data-testid="campaign-audience-excluded"
              >
                {EXCLUSIONS.filter((k) => (audience.data?.excluded[k] ?? 0) > 0).map((k) => (
                  <li key={k} data-testid={`campaign-excluded-${k}`}>
                    {t(`sendCampaign.excluded.${k}`, {
                      count: audience.data?.excluded[k] ?? 0,
                      formatted: formatNumber(audience.data?.excluded[k] ?? 0, language),
                    })}
                  </li>
                ))}
              </ul>
            ) : null}
            {included === 0 && campaign.type === "newsletter" ? (
              <Alert variant="destructive">{t("sendCampaign.nobody")}</Alert>
            ) : null}
          </>
        ) : (
          <Skeleton className="h-6 w-64" />
        )}
      </section>

      <section aria-labelledby={`${id}-preview`} className="grid gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h3 id={`${id}-preview`} className="font-semibold">
            {t("sendCampaign.previewTitle")}
          </h3>
          <div className="flex flex-wrap items-center gap-2">
            <Label htmlFor={`${id}-contact`} className="text-sm text-muted-foreground">
              {t("sendCampaign.previewAs")}
            </Label>
            <select
              id={`${id}-contact`}
              value={contactId}
              onChange={(e) => setContactId(e.target.value)}
              className="h-9 max-w-52 rounded-md border border-input bg-background px-2 text-sm"
              data-testid="campaign-preview-contact"
            >
              <option value="">{t("sendCampaign.previewExample")}</option>
              {contactOptions.map((c) => (
                <option key={c.id} value={c.id}>
                  {[c.lastName, c.firstName].filter(Boolean).join(" ")} ({c.email})
                </option>
              ))}
            </select>
            <fieldset className="flex rounded-md border border-border">
              <legend className="sr-only">{t("sendCampaign.width")}</legend>
              <Button
                type="button"
                size="sm"
                variant={width === "desktop" ? "secondary" : "ghost"}
                aria-pressed={width === "desktop"}
                onClick={() => setWidth("desktop")}
                data-testid="campaign-preview-desktop"
              >
                <Monitor aria-hidden />
                {t("sendCampaign.desktop")}
              </Button>
              <Button
                type="button"
                size="sm"
                variant={width === "phone" ? "secondary" : "ghost"}
                aria-pressed={width === "phone"}
                onClick={() => setWidth("phone")}
                data-testid="campaign-preview-phone"
              >
                <Smartphone aria-hidden />
                {t("sendCampaign.phone")}
              </Button>
            </fieldset>
          </div>
        </div>
        {preview.data ? (
          <div className="rounded-lg border border-border bg-surface p-2">
            <p className="mb-2 truncate px-1 text-sm" data-testid="campaign-preview-subject">
              <span className="text-muted-foreground">{t("sendCampaign.subject")}: </span>
              {preview.data.subject}
            </p>
            <iframe
              title={t("sendCampaign.previewTitle")}
              sandbox=""
              srcDoc={preview.data.html}
              className="mx-auto block h-96 rounded bg-white"
              style={{ width: width === "desktop" ? 640 : 375, maxWidth: "100%" }}
              data-testid="campaign-preview-frame"
            />
          </div>
        ) : preview.isError ? (
          <Alert variant="destructive">
            {serverMessage(preview.error) || t("sendCampaign.previewFailed")}
          </Alert>
        ) : (
          <Skeleton className="h-96 w-full" />
        )}
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={testSend.isPending}
            data-testid="campaign-test-send"
            onClick={() =>
              testSend.mutate(campaign.id, {
                onSuccess: () =>
                  toast({ title: t("sendCampaign.testSentTitle"), description: t("sendCampaign.testSent") }),
                onError: (error) =>
                  toast({
                    variant: "destructive",
                    title: t("toast.errorTitle"),
                    description: serverMessage(error) || t("sendCampaign.testFailed"),
                  }),
              })
            }
          >
            {testSend.isPending ? <Spinner /> : <FlaskConical aria-hidden />}
            {t("sendCampaign.test")}
          </Button>
        </div>
      </section>

      <fieldset className="grid gap-3">
        <legend className="mb-2 font-semibold">{t("sendCampaign.whenTitle")}</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-when`}
            checked={when === "now"}
            onChange={() => setWhen("now")}
            data-testid="campaign-send-now"
          />
          {t("sendCampaign.now")}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-when`}
            checked={when === "later"}
            onChange={() => setWhen("later")}
            data-testid="campaign-send-later"
          />
          {t("sendCampaign.later")}
        </label>
        {when === "later" ? (
          <div className="grid gap-3 pl-6 sm:grid-cols-[auto_auto_1fr] sm:items-end">
            <div className="grid gap-1">
              <Label htmlFor={`${id}-date`}>{t("sendCampaign.date")}</Label>
              <Input
                id={`${id}-date`}
                type="date"
                value={date}
                onChange={(e) => setDate(e.target.value)}
                data-testid="campaign-schedule-date"
              />
            </div>
            <div className="grid gap-1">
              <Label htmlFor={`${id}-time`}>{t("sendCampaign.time")}</Label>
              <Input
                id={`${id}-time`}
                type="time"
                value={time}
                onChange={(e) => setTime(e.target.value)}
                data-testid="campaign-schedule-time"
              />
            </div>
            <p className="text-xs text-muted-foreground sm:pb-2">{t("sendCampaign.tokyoTime")}</p>
          </div>
        ) : null}
      </fieldset>

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={update.isPending}>
            {t("form.cancel")}
          </Button>
        </DialogClose>
        <Button
          onClick={confirm}
          disabled={update.isPending || !audience.data}
          data-testid="campaign-send-confirm"
        >
          {update.isPending ? (
            <Spinner />
          ) : when === "now" ? (
            <Send aria-hidden />
          ) : (
            <CalendarClock aria-hidden />
          )}
          {campaign.type === "newsletter"
            ? t(when === "now" ? "send.confirmNow" : "send.confirmLater", {
                count: included,
                formatted: count,
              })
            : t(when === "now" ? "send.confirmStart" : "send.confirmStartLater")}
        </Button>
      </DialogFooter>
    </>
  );
}
