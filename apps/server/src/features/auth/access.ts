import {
  can,
  ERROR_CODES,
  routeAction,
  type TPermission,
  type TWorkspaceRole,
  ZApiError,
} from "@shobai/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationHookHandler } from "fastify";
import { AppError } from "../../lib/app-error";
import type { SessionUser } from "./service";
import { inWorkspace, type RequestWorkspace, type SessionReader } from "./session";

/**
 * Who may call a route, declared once in its options (`config: { access: "user" }`) instead of a
 * session lookup copied into every handler:
 * - `user`: a signed-in user (401 otherwise);
 * - `verified`: a signed-in user whose address is confirmed (403 `email_unverified` otherwise), for
 *   what mails other people or costs money.
 * The check runs before the body and parameters are validated, so a stranger learns nothing of a
 * route's input rules, and the handler reads the user as `request.user`.
 *
 * Teams (issue 24, decision 0051): the same check resolves the workspace the request works in,
 * `request.workspace` = { id, role }, from a membership read on every request with the session, in
 * the same query (decision 0057; a removed member loses access at once), and refuses (403 `forbidden`) what the role may not do. The permission a
 * route needs comes from the shared table (`routeAction` in packages/shared/src/permissions.ts), by
 * URL prefix and method; a route the table does not cover is served to owners only and listed in
 * `app.routesWithoutPermission` (a test keeps that list empty).
 */
export type Access = "user" | "verified";

/**
 * Which two-factor states a route answers in (decision 0052). By default only a session that is
 * through with two-factor sign-in; `any`: also a session still waiting for its code (the code
 * screen, the signed-in user); `enrol`: also a user who must enrol and has not (enrolment).
 */
export type SecondFactorStep = "any" | "enrol";

/** What the access check asks about the session's second factor (built from the auth service). */
export type SecondFactorGate = {
  /** `leadsShared`: what the workspace read already knows (owner or admin of a shared workspace). */
  state(
    request: FastifyRequest,
    user: SessionUser,
    leadsShared: boolean | undefined,
  ): Promise<"ok" | "pending" | "enrolment_required">;
  /** False when the user uses 2FA and this session last proved it more than 15 minutes ago. */
  isFresh(request: FastifyRequest, user: SessionUser): boolean;
};

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /** Two-factor states this route also answers in (see SecondFactorStep). */
    secondFactor?: SecondFactorStep;
    /**
     * A sensitive action (billing, account deletion, roles, member removal, ownership transfer): a
     * user with 2FA whose session proved it more than 15 minutes ago gets 403 `second_factor_stale`
     * and enters a code again.
     */
    sensitive?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user of a route declared with `config.access`; reading it elsewhere is a bug. */
    readonly user: SessionUser;
    /** The workspace of a route declared with `config.access`: scope every record by its id. */
    readonly workspace: RequestWorkspace;
  }
  interface FastifyInstance {
    /** `METHOD url` of routes with `config.access` whose URL the permission table does not cover. */
    routesWithoutPermission: string[];
  }
}

const signedIn = new WeakMap<FastifyRequest, SessionUser>();

export type WorkspaceResolver = (
  request: FastifyRequest,
  user: SessionUser,
) => Promise<RequestWorkspace | null>;

function refused(role: TWorkspaceRole, permission: TPermission): AppError {
  return new AppError(
    403,
    ERROR_CODES.forbidden,
    `Your role in this workspace (${role}) does not allow this (${permission}). Ask an owner or administrator.`,
  );
}

/** Adds the access check to every route registered after it (call before registering routes). */
export function registerAccess(
  app: FastifyInstance,
  session: SessionReader,
  resolveWorkspace: WorkspaceResolver,
  secondFactor?: SecondFactorGate,
): void {
  app.decorateRequest("user", {
    getter(this: FastifyRequest): SessionUser {
      const user = signedIn.get(this);
      if (!user)
        throw new Error(`${this.method} ${this.routeOptions.url} reads request.user without config.access`);
      return user;
    },
  });
  app.decorateRequest("workspace", {
    getter(this: FastifyRequest): RequestWorkspace {
      const workspace = inWorkspace.get(this);
      if (!workspace)
        throw new AppError(403, ERROR_CODES.forbidden, "You are not a member of any workspace.");
      return workspace;
    },
  });
  app.decorate("routesWithoutPermission", [] as string[]);

  async function checkSecondFactor(
    request: FastifyRequest,
    user: SessionUser,
    leadsShared: boolean | undefined,
  ): Promise<void> {
    if (!secondFactor) return;
    const { secondFactor: step, sensitive } = request.routeOptions.config;
    if (step === "any") return;
    const state = await secondFactor.state(request, user, leadsShared);
    if (state === "pending") {
      throw new AppError(
        403,
        ERROR_CODES.secondFactorRequired,
        "Enter the code from your authenticator app (or a backup code) to finish signing in.",
      );
    }
    if (state === "enrolment_required" && step !== "enrol") {
      throw new AppError(
        403,
        ERROR_CODES.secondFactorEnrolmentRequired,
        "Your account must use two-factor sign-in: set it up on your profile first.",
      );
    }
    if (sensitive && !secondFactor.isFresh(request, user)) {
      throw new AppError(
        403,
        ERROR_CODES.secondFactorStale,
        "Enter a code from your authenticator app again to confirm this action.",
      );
    }
  }

  function check(access: Access, permission: TPermission | undefined): preValidationHookHandler {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const user = await session.requireUser(request, reply);
      const workspace = await resolveWorkspace(request, user);
      // The second factor before anything is answered: a session waiting for its code learns nothing.
      await checkSecondFactor(request, user, workspace?.leadsShared);
      if (access === "verified") await session.requireVerifiedUser(request, reply);
      signedIn.set(request, user);
      if (workspace) inWorkspace.set(request, workspace);
      // The person's own account (profile, sign-out, switching workspace) needs no workspace.
      if (permission?.startsWith("account:")) return;
      if (!workspace)
        throw new AppError(403, ERROR_CODES.forbidden, "You are not a member of any workspace.");
      const allowed = permission ? can(workspace.role, permission) : workspace.role === "owner";
      if (!allowed) throw refused(workspace.role, permission ?? "workspace:delete");
    };
  }

  app.addHook("onRoute", (route) => {
    const access = route.config?.access;
    if (!access) return;
    const methods = [route.method].flat().map(String);
    // One route object may serve several methods; the strictest reading wins (write over read).
    const permissions = methods.map((m) => routeAction(m, route.url));
    const permission = permissions.includes(undefined)
      ? undefined
      : (permissions.find((p) => p?.endsWith(":write")) ?? permissions[0]);
    if (!permission) {
      for (const m of methods) if (m !== "HEAD") app.routesWithoutPermission.push(`${m} ${route.url}`);
    }
    const existing = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [check(access, permission), ...existing];
    // The OpenAPI document says which operations need the session cookie, and that they may answer
    // 401, or 403 when the role may not (or the address must be confirmed).
    if (route.schema && !route.schema.hide) {
      const response = { ...((route.schema.response as Record<number, unknown> | undefined) ?? {}) };
      response[401] ??= ZApiError;
      // 403 when the role may not, the address must be confirmed, or the session's second factor
      // is missing or stale.
      response[403] ??= ZApiError;
      route.schema = { ...route.schema, security: route.schema.security ?? [{ session: [] }], response };
    }
  });
}
