/**
 * Who may do what in a workspace (issue 24, decision 0051): ONE table, enforced by the server on
 * every route with `config.access` and read by the screens to hide or disable what a role may not do.
 *
 * An action is `<area>:<read|write>` (plus a few single actions). The server derives a route's
 * action from its URL and method with `routeAction`: GET and HEAD read the area of the longest
 * matching prefix in ROUTE_AREAS, other methods write it; ROUTE_OVERRIDES name the exceptions.
 * A route added later under a known prefix is covered without touching this file; a route under no
 * prefix makes the permission test fail.
 */
export const WORKSPACE_ROLES = ["owner", "admin", "editor", "viewer"] as const;
export type TWorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** The longest workspace name (characters). */
export const WORKSPACE_NAME_MAX = 100;

/** Roles an invitation or a role change may give (ownership moves only by a transfer). */
export const INVITABLE_ROLES = ["admin", "editor", "viewer"] as const;

export const PERMISSION_AREAS = [
  /** The signed-in person's own account: profile, password, sign-out, switching workspace, leaving one. */
  "account",
  /** Websites, their drafts, media and analytics. */
  "sites",
  /** Contacts, tags, fields, enquiries. */
  "crm",
  /** Email campaigns and one-off sends, their statistics and outbox. */
  "campaigns",
  /** The dashboard (dismissing the first-hour checklist writes). */
  "dashboard",
  /** Workspace settings: email senders, sending domains, email settings, domain connections. */
  "settings",
  /** Domains bought through Shobai (buying and renewing costs money). */
  "domains",
  /** Plan and usage: read by everyone (limits show on many screens); changed through billing. */
  "plan",
  /** Subscription checkout, billing portal, receipts. */
  "billing",
  /** Members and invitations. */
  "team",
  /** The workspace's audit log. */
  "audit",
] as const;
export type TPermissionArea = (typeof PERMISSION_AREAS)[number];

export type TPermission =
  | `${TPermissionArea}:${"read" | "write"}`
  | "workspace:transfer"
  | "workspace:delete";

const all = (area: TPermissionArea): TPermission[] => [`${area}:read`, `${area}:write`];

/** THE permission table: what each role may do. */
export const ROLE_PERMISSIONS: Record<TWorkspaceRole, readonly TPermission[]> = {
  owner: [...PERMISSION_AREAS.flatMap(all), "workspace:transfer", "workspace:delete"],
  admin: [
    ...all("account"),
    ...all("sites"),
    ...all("crm"),
    ...all("campaigns"),
    ...all("dashboard"),
    ...all("settings"),
    "domains:read",
    "plan:read",
    ...all("team"),
    "audit:read",
  ],
  editor: [
    ...all("account"),
    ...all("sites"),
    ...all("crm"),
    ...all("campaigns"),
    ...all("dashboard"),
    "settings:read",
    "domains:read",
    "plan:read",
    "team:read",
  ],
  viewer: [
    ...all("account"),
    "sites:read",
    "crm:read",
    "campaigns:read",
    "dashboard:read",
    "settings:read",
    "domains:read",
    "plan:read",
    "team:read",
  ],
};

export function can(role: TWorkspaceRole | undefined | null, permission: TPermission): boolean {
  return role ? ROLE_PERMISSIONS[role].includes(permission) : false;
}

/** URL prefixes (whole path segments) → area; the longest match wins. */
export const ROUTE_AREAS: ReadonlyArray<readonly [prefix: string, area: TPermissionArea]> = [
  ["/api/auth", "account"],
  ["/api/profile", "account"],
  ["/api/workspaces", "account"],
  ["/api/invitations", "account"],
  ["/api/websites", "sites"],
  ["/api/analytics", "sites"],
  ["/api/contacts", "crm"],
  ["/api/contact-tags", "crm"],
  ["/api/contact-fields", "crm"],
  ["/api/enquiries", "crm"],
  ["/api/tasks", "crm"],
  ["/api/email-campaigns", "campaigns"],
  ["/api/email/send", "campaigns"],
  ["/api/email/outbox", "campaigns"],
  ["/api/email/delivery-stats", "campaigns"],
  ["/api/email/service-status", "campaigns"],
  ["/api/email/segments", "campaigns"],
  ["/api/email/senders", "settings"],
  ["/api/email/verify-sender", "settings"],
  ["/api/email/verification-status", "settings"],
  ["/api/email/settings", "settings"],
  ["/api/email/domains", "settings"],
  ["/api/domain/connections", "settings"],
  ["/api/domain", "domains"],
  ["/api/dashboard", "dashboard"],
  ["/api/subscription", "billing"],
  ["/api/subscription/status", "plan"],
  ["/api/billing", "billing"],
  ["/api/team", "team"],
  ["/api/team/audit", "audit"],
];

/** `METHOD /url` → permission, for routes the method rule gets wrong. */
export const ROUTE_OVERRIDES: Readonly<Record<string, TPermission>> = {
  // Reading what a domain costs is harmless; buying it is billing.
  "GET /api/domain/purchase-terms": "domains:read",
  // Anyone may leave a workspace (the last owner is refused by the route).
  "POST /api/team/leave": "account:write",
  "POST /api/team/transfer": "workspace:transfer",
  "DELETE /api/team": "workspace:delete",
  // Anyone may start a workspace of their own, whatever their role in the current one.
  "POST /api/team/workspaces": "account:write",
};

function under(url: string, prefix: string): boolean {
  return url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}.`);
}

/** The area of a route URL (as registered, e.g. `/api/contacts/:id`), or undefined when no prefix covers it. */
export function routeArea(url: string): TPermissionArea | undefined {
  let best: readonly [string, TPermissionArea] | undefined;
  for (const entry of ROUTE_AREAS) {
    if (under(url, entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  }
  return best?.[1];
}

/** The permission a route needs, or undefined when the table does not cover its URL. */
export function routeAction(method: string, url: string): TPermission | undefined {
  const upper = method.toUpperCase();
  const override = ROUTE_OVERRIDES[`${upper} ${url}`];
  if (override) return override;
  const area = routeArea(url);
  if (!area) return undefined;
  return `${area}:${upper === "GET" || upper === "HEAD" ? "read" : "write"}`;
}
