import type { TContactActivity } from "@shobai/shared";
import {
  CONSENT_SOURCES,
  CONTACT_SOURCES,
  CONTACT_STATUSES,
  MARKETING_CONSENT_STATES,
} from "@shobai/shared/constants";
import type { TFunction } from "@/lib/use-translation";

const FIELDS = ["firstName", "lastName", "email", "company", "phone"] as const;

function isOneOf<T extends string>(list: readonly T[], value: string | null | undefined): value is T {
  return typeof value === "string" && (list as readonly string[]).includes(value);
}

/**
 * A timeline entry as a sentence in the interface language ("ステータスを 新規 → 見込み に変更"),
 * with the note or message it carries, if any.
 */
export function describeActivity(
  activity: TContactActivity,
  t: TFunction<"crm">,
  language: string,
): { title: string; body?: string } {
  const data = activity.data;
  const status = (value: string | null | undefined) =>
    isOneOf(CONTACT_STATUSES, value) ? t(`status.${value}`) : (value ?? "");
  switch (activity.type) {
    case "created": {
      const source = isOneOf(CONTACT_SOURCES, data.source) ? data.source : "manual";
      return { title: t(`timeline.created.${source}`) };
    }
    case "status_changed":
      return { title: t("timeline.statusChanged", { from: status(data.from), to: status(data.to) }) };
    case "updated": {
      const fields = (data.fields ?? "")
        .split(",")
        .map((f) => f.trim())
        .filter(Boolean)
        .map((f) => (isOneOf(FIELDS, f) ? t(`fields.${f}`) : f));
      const list = new Intl.ListFormat(language, { style: "long", type: "conjunction" }).format(fields);
      return { title: t("timeline.updated", { fields: list }) };
    }
    case "note":
      return { title: t("timeline.note"), body: data.text ?? "" };
    case "email_sent":
      return data.inReplyTo
        ? { title: t("timeline.replySent", { subject: data.subject ?? "" }), body: data.text ?? undefined }
        : { title: t("timeline.emailSent", { subject: data.subject ?? "" }) };
    case "form_submitted":
      return {
        title: data.website
          ? t("timeline.formSubmitted", { website: data.website })
          : t("timeline.formSubmittedNoSite"),
        body: data.message ?? undefined,
      };
    case "consent_requested":
      return {
        title: t("timeline.consentRequested", { website: data.website ?? "" }),
        body: data.text ?? undefined,
      };
    case "consent_given":
      return { title: t("timeline.consentGiven"), body: data.text ?? undefined };
    case "unsubscribed":
      return { title: t("timeline.unsubscribed") };
    case "email_bounced":
      return {
        title: t("timeline.emailBounced", { subject: data.subject ?? "" }),
        body: data.reason ?? undefined,
      };
    case "email_complained":
      return { title: t("timeline.emailComplained", { subject: data.subject ?? "" }) };
    case "consent_changed": {
      const to = isOneOf(MARKETING_CONSENT_STATES, data.to) ? data.to : "unknown";
      const source = isOneOf(CONSENT_SOURCES, data.source) ? data.source : "manual";
      return {
        title: t("timeline.consentChanged", {
          state: t(`consent.${to}`),
          source: t(`consent.source.${source}`),
        }),
        body: data.text || undefined,
      };
    }
    case "email_opened":
      return { title: t("timeline.emailOpened", { subject: data.subject ?? "" }) };
    case "email_clicked":
      return { title: t("timeline.emailClicked", { subject: data.subject ?? "" }) };
    case "merged":
      return { title: t("timeline.merged", { name: data.name || data.email || "" }) };
    default:
      return { title: activity.type };
  }
}
