import { CAMPAIGN_VARIABLES } from "@shobai/shared/constants";

/**
 * The variables written as themselves, for i18next: passing `{ lastName: "{{lastName}}" }` keeps
 * `{{lastName}}` in a translated placeholder instead of blanking it.
 */
export const LITERAL_VARIABLES = Object.fromEntries(CAMPAIGN_VARIABLES.map((v) => [v, `{{${v}}}`])) as Record<
  (typeof CAMPAIGN_VARIABLES)[number],
  string
>;
