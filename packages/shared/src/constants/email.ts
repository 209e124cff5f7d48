/** Email providers; `outbox` keeps mail on the machine and shows it in the app (the default). */
export const EMAIL_PROVIDERS = ["outbox", "smtp", "resend", "sendgrid"] as const;
export type TEmailProviderName = (typeof EMAIL_PROVIDERS)[number];

/** Spec §4: campaign types; welcome is the default. */
export const CAMPAIGN_TYPES = ["welcome", "followup", "newsletter"] as const;
export type TCampaignType = (typeof CAMPAIGN_TYPES)[number];
export const DEFAULT_CAMPAIGN_TYPE: TCampaignType = "welcome";

/** Spec §4: sender verification states. */
export const SENDER_STATUSES = ["unverified", "pending", "verified"] as const;
export type TSenderStatus = (typeof SENDER_STATUSES)[number];

/** Spec §5: the variables a campaign may use, written {{name}}. */
export const CAMPAIGN_VARIABLES = ["firstName", "lastName", "company"] as const;

/** Where a campaign stands: draft (never started), active, stopped, or sent (a newsletter that went out). */
export const CAMPAIGN_STATES = ["draft", "scheduled", "active", "stopped", "sent"] as const;
export type TCampaignState = (typeof CAMPAIGN_STATES)[number];
/** Why the sending engine stopped a campaign by itself (the owner can start it again once fixed). */
export const CAMPAIGN_STOP_REASONS = [
  "sender_unverified",
  "bounces",
  "complaints",
  /** A scheduled campaign could not start at its time (plan, sender or sender details missing). */
  "schedule_failed",
] as const;
export type TCampaignStopReason = (typeof CAMPAIGN_STOP_REASONS)[number];

/** Names of {{variables}} used in a text that the product does not know, in order of appearance. */
export function unknownCampaignVariables(text: string): string[] {
  const unknown: string[] = [];
  for (const match of text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)) {
    const name = match[1] ?? "";
    if (!(CAMPAIGN_VARIABLES as readonly string[]).includes(name) && !unknown.includes(name))
      unknown.push(name);
  }
  return unknown;
}
