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
 * `request.workspace` = { id, role }, from a membership read on every request (a removed member
 * loses access at once), and refuses (403 `forbidden`) what the role may not do. The permission a
 * route needs comes from the shared table (`routeAction` in packages/shared/src/permissions.ts), by
 * URL prefix and method; a route the table does not cover is served to owners only and listed in
 * `app.routesWithoutPermission` (a test keeps that list empty).
 */
export type Access = "user" | "verified";

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * A sensitive action (change a role, remove a member, delete the workspace, transfer
     * ownership…): the two-factor work asks for the second factor again before it.
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

  const who: Record<Access, (request: FastifyRequest, reply: FastifyReply) => Promise<SessionUser>> = {
    user: (request, reply) => session.requireUser(request, reply),
    verified: (request, reply) => session.requireVerifiedUser(request, reply),
  };

  function check(access: Access, permission: TPermission | undefined): preValidationHookHandler {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const user = await who[access](request, reply);
      signedIn.set(request, user);
      const workspace = await resolveWorkspace(request, user);
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
      if (access === "verified" || !permission?.startsWith("account:")) response[403] ??= ZApiError;
      route.schema = { ...route.schema, security: route.schema.security ?? [{ session: [] }], response };
    }
  });
}
