import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { constants as zlibConstants } from "node:zlib";
import compress from "@fastify/compress";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import {
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "@fastify/type-provider-zod";
import { ERROR_CODES } from "@shobai/shared";
import Fastify, { type FastifyServerOptions } from "fastify";
import type { CustomDomainsConfig, OperatorConfig, StripeConfig } from "./config";
import { openChangeBus } from "./db/change-bus";
import type { DbHandle } from "./db/client";
import { createProcessIdentity, PROCESS_LOCK_CLASS, type ProcessIdentity } from "./db/processes";
import { createBeaconFastPath } from "./features/analytics/fast-path";
import type { FloodCaps } from "./features/analytics/flood-guard";
import { analyticsRoutes, createBeaconHandler } from "./features/analytics/routes";
import { createAnalyticsService } from "./features/analytics/service";
import { docsRoutes } from "./features/api-docs/routes";
import { registerAccess } from "./features/auth/access";
import { createAccountMailer } from "./features/auth/account-mail";
import { createAuth } from "./features/auth/auth-instance";
import { passkeyRoutes } from "./features/auth/passkey-routes";
import { createPasskeyService } from "./features/auth/passkeys";
import { authRoutes } from "./features/auth/routes";
import type { SecondFactorChange } from "./features/auth/second-factor";
import { secondFactorRoutes } from "./features/auth/second-factor-routes";
import { createAuthService } from "./features/auth/service";
import { createSessionReader } from "./features/auth/session";
import { crmRoutes } from "./features/crm/routes";
import { createCrmService } from "./features/crm/service";
import { createDnsChecker } from "./features/custom-domains/dns-check";
import { createCustomHostMap } from "./features/custom-domains/host-map";
import { customDomainsRoutes } from "./features/custom-domains/routes";
import { createCustomDomainsService } from "./features/custom-domains/service";
import { dashboardRoutes } from "./features/dashboard/routes";
import { createDashboardService } from "./features/dashboard/service";
import { domainsRoutes } from "./features/domains/routes";
import { createDomainsService } from "./features/domains/service";
import { createCampaignEngine } from "./features/email/engine";
import { createEnquiryAlerts } from "./features/email/enquiry-alerts";
import { type InboundSmtp, startInboundSmtp } from "./features/email/inbound-smtp";
import { createDbOutboxStore } from "./features/email/outbox-store";
import { emailRoutes } from "./features/email/routes";
import { createEmailService } from "./features/email/service";
import { recordDeliveryProblem } from "./features/email/suppression";
import { trackingRoutes } from "./features/email/tracking";
import { emailWebhookRoutes } from "./features/email/webhooks";
import { examplesRoutes } from "./features/examples/routes";
import { healthRoutes } from "./features/health/routes";
import { createHealthService } from "./features/health/service";
import { contactRoutes } from "./features/info/routes";
import { createContactService } from "./features/info/service";
import { operatorRoutes } from "./features/legal/routes";
import { mediaRoutes } from "./features/media/routes";
import { createMediaService } from "./features/media/service";
import { createStockService } from "./features/media/stock";
import { configuredMediaStorage, type MediaStorage, type S3Config } from "./features/media/storage";
import { profileRoutes } from "./features/profile/routes";
import { createReceiptsService } from "./features/purchases/receipts";
import { createRenewalMailer } from "./features/purchases/renewal-mail";
import { purchasesRoutes } from "./features/purchases/routes";
import { createPurchasesService } from "./features/purchases/service";
import { registerSiteHostGuard } from "./features/sites/host-guard";
import { createPreviewTokens } from "./features/sites/preview-token";
import { isPreviewRequest, sitesRoutes } from "./features/sites/routes";
import { createSitesService } from "./features/sites/service";
import { createSiteOrigins } from "./features/sites/site-origins";
import { subscriptionRoutes } from "./features/subscription/routes";
import { createSubscriptionService } from "./features/subscription/service";
import { recordPersonalEvent } from "./features/teams/audit";
import { createInvitationMailer } from "./features/teams/invitation-mail";
import { teamsRoutes } from "./features/teams/routes";
import { createTeamsService } from "./features/teams/service";
import { tlsRoutes } from "./features/tls/routes";
import { createTlsService } from "./features/tls/service";
import { draftRoutes } from "./features/websites/draft-routes";
import { createDraftService } from "./features/websites/draft-service";
import { websitesRoutes } from "./features/websites/routes";
import { createWebsitesService } from "./features/websites/service";
import { type TrustProxy, trustFunction } from "./lib/client-address";
import {
  type ConnectionLimits,
  capConnectionsPerIp,
  DEFAULT_CONNECTION_LIMITS,
  serverTimeouts,
} from "./lib/connection-limits";
import { createEntitlements } from "./lib/entitlements";
import { registerErrorHandler } from "./lib/error-handler";
import { registerErrorResponses } from "./lib/error-responses";
import { describeAnswers, openApiTransform } from "./lib/openapi";
import { databaseRateLimitStore } from "./lib/rate-limit-store";
import { createSecretBox } from "./lib/secret-box";
import { registerSecurity } from "./lib/security";
import { rewriteSiteRequest, type SiteHostRules, siteHostOf } from "./lib/site-host";
import { registerSpa } from "./lib/spa";
import { createAiAltWriter } from "./providers/ai/alt-text";
import { createOpenAiCompatibleClient } from "./providers/ai/openai-compatible";
import { createAiSiteWriter } from "./providers/ai/site-writer";
import { createStripeGateway } from "./providers/billing/stripe";
import { type ResolvedEmailProviders, resolveEmailProviders, serviceStatus } from "./providers/email/config";
import { createEmailProvider } from "./providers/email/create-email-provider";
import { createGandiRegistrar, type RegistrarConfig } from "./providers/registrar/gandi";
import { createUnsplashClient } from "./providers/stock/unsplash";

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");

export type AppOptions = {
  database: DbHandle;
  /** This process among the others on the database (db/processes.ts); a new one by default. */
  process?: ProcessIdentity;
  authSecret: string;
  /** Public origin; defaults to http://localhost:{port}. */
  appUrl?: string | undefined;
  port?: number;
  google?: { clientId: string; clientSecret: string } | undefined;
  /**
   * Two-factor sign-in turned on or off, backup codes replaced or used (who, IP, when): the hook for
   * the workspace audit log (issue 24, decision 0052).
   */
  onSecondFactorChange?: (change: SecondFactorChange) => Promise<void> | void;
  authRateLimit?: { max: number; windowSeconds: number };
  /** Sign-ups per IP address (SIGNUP_RATE_LIMIT_PER_HOUR); default 20 an hour. */
  registerRateLimit?: { max: number; windowSeconds: number };
  /** TRUST_PROXY: false, true, a hop count or the proxies' addresses/CIDRs (lib/client-address.ts). */
  trustProxy?: TrustProxy;
  /** Hosted sites answer at {slug}.{sitesDomain} (any port). Default "localhost". */
  sitesDomain?: string;
  importAllowedHosts?: readonly string[];
  /** Where photos are stored: MEDIA_DIR, or the database when not given (decision 0044). */
  media?: { dir?: string | undefined; s3?: S3Config | undefined; storage?: MediaStorage };
  /** Time budget for reading an imported page on its worker thread (tests shorten it). */
  pageReadBudgetMs?: number;
  /** Custom domains (SITES_CNAME_TARGET, SITES_IPV4/6, DNS_SERVERS); DNS timeout and map reload for tests. */
  customDomains?: Partial<CustomDomainsConfig> & {
    dnsTimeoutMs?: number;
    reloadIntervalMs?: number | null;
    /** How often claims are expired and verified hosts looked up again; null: never (tests). */
    recheckIntervalMs?: number | null;
  };
  /** Stock photo search (UNSPLASH_ACCESS_KEY, UNSPLASH_API_BASE); hidden without it (decision 0053). */
  stock?: { unsplash: { accessKey: string; baseUrl: string } } | undefined;
  /** OpenAI-compatible API for site text; without it the built-in composer writes everything. */
  ai?: { baseUrl: string; apiKey: string | undefined; model: string } | undefined;
  siteFormRateLimit?: { max: number; windowSeconds: number };
  /** Messages per IP address on the public /contact form. Default 5 per 10 minutes. */
  contactRateLimit?: { max: number; windowSeconds: number };
  /** Built web app to serve; null serves the API only. */
  webDistDir?: string | null;
  /** Email providers (from the environment); the outbox when not given. */
  email?: {
    providers?: ResolvedEmailProviders;
    from?: string;
    ratePerSecond?: number;
    tickMs?: number | null;
    /** EMAIL_BOUNCE_DOMAIN: envelope senders (VERP) on this domain; the From address's otherwise. */
    bounceDomain?: string;
    /** The sending engine's clock (tests of the plan's daily and monthly limits); real time otherwise. */
    now?: () => Date;
  };
  /**
   * Bounces and complaints reported after sending (decision 0037): the bounce domain's SMTP listener
   * (started only when given; port 0 picks a free one) and the providers' webhook secrets.
   */
  inbound?: {
    smtp?: { host: string; port: number; domain: string; maxBytes?: number } | undefined;
    resendWebhookSecret?: string | undefined;
    sendgridWebhookPublicKey?: string | undefined;
  };
  /** Origin for links in emails; appUrl or http://localhost:{port} by default. */
  publicUrl?: string;
  /** Stripe Checkout and webhooks; without it plans are set by the admin command. */
  stripe?: StripeConfig | undefined;
  /** Domain registration through Gandi (decision 0010); without it the service is not configured. */
  registrar?: RegistrarConfig | undefined;
  /** The seller shown on /commercial-law (OPERATOR_*); unset fields are shown as not configured. */
  operator?: Partial<OperatorConfig> | undefined;
  /** Clock for plan rules and webhook signatures (tests). */
  now?: () => Date;
  /** Analytics tuning (tests and benchmarks); the defaults suit production. */
  analytics?: {
    flushIntervalMs?: number;
    liveMinAgeMs?: number;
    now?: () => Date;
    floodCaps?: FloodCaps;
  };
  logger?: FastifyServerOptions["logger"];
  /** Request and header timeouts, connections per client address (REQUEST_TIMEOUT_SECONDS, MAX_CONNECTIONS_PER_IP). */
  connections?: Partial<ConnectionLimits>;
};

/** Fastify's own default: longer than common proxies' 60 s, so they close first. */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/** Builds the whole HTTP application. Tests use it through `inject`; main.ts makes it listen. */
export async function buildApp(options: AppOptions) {
  const connectionLimits = { ...DEFAULT_CONNECTION_LIMITS, ...options.connections };
  const sitesDomain = (options.sitesDomain ?? "localhost").toLowerCase();
  let beaconFastPath: ((req: http.IncomingMessage, res: http.ServerResponse) => boolean) | undefined;
  // Verified custom domains, looked up synchronously by rewriteUrl; loaded before the app is ready.
  const customHosts = createCustomHostMap({
    // The service is built further down (it refreshes this map); the map first loads below, after it.
    load: () => customDomainsService.verifiedHosts(),
    onError: (err) => app.log.error({ err }, "custom domain reload failed"),
  });
  const baseURL = options.appUrl ?? `http://localhost:${options.port ?? 5000}`;
  // Sites live on their own hosts, never the app's (decision 0020).
  const siteHosts: SiteHostRules = {
    sitesDomain,
    appHosts: [baseURL, options.publicUrl]
      .filter((u): u is string => Boolean(u))
      .map((u) => new URL(u).hostname.toLowerCase()),
    customSlugFor: customHosts.slugFor,
  };
  const siteOrigins = createSiteOrigins(baseURL, sitesDomain);
  const previews = createPreviewTokens(options.authSecret, options.now);
  const trust = trustFunction(options.trustProxy ?? false);
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: trust,
    bodyLimit: 1024 * 1024,
    // {slug}.{SITES_DOMAIN}/path, or a verified custom domain's, is the hosted site at /s/{slug}/path.
    rewriteUrl: (req) => rewriteSiteRequest(req, siteHosts),
    // Analytics beacons are answered before Fastify when they arrive on a real socket (see fast-path.ts).
    // A custom server skips Fastify's own socket settings, so they are applied here: without them
    // Node's 5 s keep-alive closes idle sockets just as clients reuse them (ECONNRESET).
    serverFactory: (handler) => {
      const server = http.createServer(serverTimeouts(connectionLimits), (req, res) => {
        if (healthService.shuttingDown) res.shouldKeepAlive = false;
        if (!beaconFastPath?.(req, res)) handler(req, res);
      });
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      server.setTimeout(0);
      capConnectionsPerIp(server, connectionLimits.maxPerIp);
      return server;
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerErrorResponses(app);

  const { db, kind } = options.database;
  // Other processes' changes to what this one caches arrive as notifications (decision 0022); the
  // same connection holds this process's liveness lock.
  const identity = options.process ?? createProcessIdentity();
  const changes = await openChangeBus(options.database, {
    log: app.log,
    liveLock: { classId: PROCESS_LOCK_CLASS, objectId: identity.token },
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: "Shobai API",
        version: "1.0.0",
        description:
          "JSON in and out. Errors are `{ message, code, issues? }`: `code` is stable for programs, `issues` " +
          "name each field of a failed validation (`{ path, code, message }`). Sign in with POST /api/auth/login; the " +
          "`auth_session` cookie authenticates every other call: operations that need it say so in their `security`. " +
          "Browser navigations (`/api/login`, `/api/logout`, `/api/auth/google`, the links in mails) answer with redirects.",
      },
      tags: [
        { name: "auth", description: "Sign-in, registration and sessions" },
        { name: "profile", description: "The signed-in user's own account" },
        { name: "team", description: "Workspaces, members, roles, invitations and the audit log" },
        { name: "subscription", description: "Plans and the current subscription" },
        { name: "crm", description: "Contacts, pipeline, timeline, import and export" },
        { name: "websites", description: "Generated and imported websites" },
        { name: "analytics", description: "Cookieless traffic reports and the dashboard figures" },
        { name: "email", description: "Senders, sending, campaigns and the outbox" },
        { name: "contact", description: "The public contact form" },
        { name: "domains", description: "Domain search, registration and name servers" },
        { name: "public", description: "Public information for visitors, such as the operator's details" },
        { name: "system", description: "Health and API documentation" },
      ],
      components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: "auth_session" } } },
    },
    transform: openApiTransform,
    // Schemas registered with an id (the shared error answer) are written once, under
    // components.schemas, and referenced: the document no longer repeats it for every answer.
    // Then every answer without words of its own says what its status means (describeAnswers).
    transformObject: (input) =>
      describeAnswers(jsonSchemaTransformObject(input as Parameters<typeof jsonSchemaTransformObject>[0])),
  });
  // Stock photos are hotlinked from the provider's CDN (Unsplash requires it): the editor, its
  // preview and the sites may load pictures from there (a local test server's own origin in tests).
  const stockImageOrigins = options.stock
    ? [
        "https://images.unsplash.com",
        ...(new URL(options.stock.unsplash.baseUrl).origin === "https://api.unsplash.com"
          ? []
          : [new URL(options.stock.unsplash.baseUrl).origin]),
      ]
    : [];
  await registerSecurity(app, options.appUrl, stockImageOrigins);
  registerSiteHostGuard(app, {
    origins: siteOrigins,
    https: baseURL.startsWith("https://"),
    imageOrigins: stockImageOrigins,
  });
  // API answers carry accounts' data: no browser or proxy keeps a copy, unless a route says
  // otherwise (public texts, operator details, examples set their own).
  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control")) {
      reply.header("cache-control", "no-store");
    }
    done(null, payload);
  });
  // Hosted pages, the SPA and JSON all compress well; brotli at a level that costs little CPU.
  await app.register(compress, {
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(rateLimit, {
    global: false,
    // Counted in the database, so every app process on it counts the same requests (decision 0022).
    store: databaseRateLimitStore(db),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: ERROR_CODES.rateLimited,
      message: `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });

  const publicUrl = options.publicUrl ?? baseURL;
  const emailProviders = options.email?.providers ?? resolveEmailProviders({});
  // Outbox mail belongs to the owner named in its tags, so each owner sees only their own.
  const outboxStore = createDbOutboxStore(db);
  const emailProvider = createEmailProvider(emailProviders, { outboxStore });
  const systemFrom = { email: options.email?.from ?? "noreply@shobai.localhost", name: "Shobai" };

  const auth = createAuth({
    db,
    secret: options.authSecret,
    baseURL,
    google: options.google,
    // authService is built just below; better-auth calls this only once requests come in.
    sendResetPassword: (user, token) => authService.sendResetMail(user.id, token),
  });
  const authService = createAuthService({
    db,
    // The media service is built further down; only called when the purge job runs.
    beforePurge: (cutoff) => mediaService.removeForAccountsDeletedBefore(cutoff),
    auth,
    googleConfigured: Boolean(options.google),
    mailer: createAccountMailer({ provider: emailProvider, publicUrl, from: systemFrom }),
    // Real time, like better-auth's own session expiry (options.now is the plan rules' clock).
    log: app.log,
    // Each workspace the person belongs to sees their two-factor changes in its audit log.
    onSecondFactorChange: async (change) => {
      await recordPersonalEvent(db, { userId: change.userId, action: `2fa.${change.event}`, ip: change.ip });
      await options.onSecondFactorChange?.(change);
    },
    changes,
  });
  const session = createSessionReader(authService, options.appUrl);
  registerAccess(
    app,
    session,
    // Read with the session in its one query (decision 0057): a removed member loses access at once.
    async (_request, user) => authService.membershipOf(user) ?? null,
    {
      state: (_request, user, leadsShared) =>
        authService.secondFactor.state(user, authService.sessionOf(user), leadsShared),
      isFresh: (_request, user) => authService.secondFactor.isFresh(user, authService.sessionOf(user)),
    },
  );
  const entitlements = createEntitlements({ db, ...(options.now ? { now: options.now } : {}) });
  const mediaService = createMediaService({
    db,
    storage: configuredMediaStorage(db, options.media),
    entitlements,
    altWriter: options.ai ? createAiAltWriter(createOpenAiCompatibleClient(options.ai)) : undefined,
    // The sites and analytics services are built further down; only called once requests come in.
    onChanged: (slug) => sitesService.forget(slug),
  });
  const websitesService = createWebsitesService({
    db,
    onRemoved: mediaService.removeSite,
    importPhotos: (ownerId, websiteId, pictures) => mediaService.importPictures(ownerId, websiteId, pictures),
    // The custom-domains service is built further down; it is only asked once requests come in.
    verifiedDomainsOf: (ownerId, websiteIds) => customDomainsService.verifiedDomainsOf(ownerId, websiteIds),
    siteUrl: (slug, domain) => `${siteOrigins.canonical(slug, domain)}/`,
    previewUrl: (websiteId, slug) =>
      `${siteOrigins.forSlug(slug)}/?preview=${encodeURIComponent(previews.issue(websiteId).token)}`,
    entitlements,
    importAllowedHosts: options.importAllowedHosts ?? [],
    ...(options.pageReadBudgetMs ? { pageReadBudgetMs: options.pageReadBudgetMs } : {}),
    siteWriter: options.ai ? createAiSiteWriter(createOpenAiCompatibleClient(options.ai)) : undefined,
    // The sites and analytics services are built further down; only called once requests come in.
    onChanged: (slug) => {
      sitesService.forget(slug);
      analyticsService.forgetSite(slug);
    },
  });
  const stripeGateway = options.stripe
    ? createStripeGateway(options.stripe, {
        invoiceNumber: options.operator?.invoiceNumber,
        warn: (message) => app.log.warn(message),
      })
    : undefined;
  const subscriptionService = createSubscriptionService({
    db,
    countWebsites: websitesService.count,
    entitlements,
    mediaUsage: (userId) => mediaService.usage(userId),
    gateway: stripeGateway,
    // The purchases service is built further down; only called once webhooks come in.
    payments: {
      onCheckoutEvent: (orderId) => purchasesService.onCheckoutEvent(orderId),
      onInvoicePaid: (userId, invoiceId, amountJpy, line) =>
        purchasesService.recordSubscriptionPayment(userId, invoiceId, amountJpy, line),
    },
    appUrl: baseURL,
    log: app.log,
    ...(options.now ? { now: options.now } : {}),
  });

  const healthService = createHealthService({ db, kind });
  // However the app is closed, a load balancer hears "not ready" from the first moment. Closing
  // waits for every open connection, and Node closes idle keep-alive sockets only once, when close
  // begins; so while closing, sockets are closed as soon as their answer is out (no per-request
  // cost the rest of the time), and answers to requests arriving meanwhile say Connection: close.
  let idleSweep: NodeJS.Timeout | undefined;
  app.addHook("preClose", async () => {
    healthService.beginShutdown();
    idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
    idleSweep.unref();
  });
  app.addHook("onClose", async () => clearInterval(idleSweep));
  await app.register(healthRoutes, { service: healthService });
  await app.register(authRoutes, {
    service: authService,
    auth,
    appUrl: options.appUrl,
    rateLimit: options.authRateLimit ?? { max: 10, windowSeconds: 60 },
    ...(options.registerRateLimit ? { registerRateLimit: options.registerRateLimit } : {}),
  });

  await app.register(secondFactorRoutes, { service: authService });
  await app.register(passkeyRoutes, {
    service: authService,
    passkeys: createPasskeyService({ db, auth, publicUrl }),
    appUrl: options.appUrl,
    rateLimit: options.authRateLimit ?? { max: 10, windowSeconds: 60 },
  });
  await app.register(profileRoutes, {
    service: authService,
    appUrl: options.appUrl,
    onAccountDeleted: subscriptionService.cancelForDeletedAccount,
  });
  await app.register(subscriptionRoutes, { service: subscriptionService });
  await app.register(teamsRoutes, {
    service: createTeamsService({
      db,
      entitlements,
      mailer: createInvitationMailer({ provider: emailProvider, publicUrl, from: systemFrom }),
      removeFiles: mediaService.removeOwner,
      cancelSubscription: subscriptionService.cancelForDeletedAccount,
      ...(options.now ? { now: options.now } : {}),
    }),
    sessionToken: (request) => authService.sessionToken(request.headers.cookie),
  });
  const crmService = createCrmService({ db, changes, ...(options.now ? { now: options.now } : {}) });
  await app.register(crmRoutes, { service: crmService });
  await app.register(websitesRoutes, {
    service: websitesService,
    canPreview: (request, site) => isPreviewRequest(sitesService, request, site),
  });
  await app.register(mediaRoutes, {
    service: mediaService,
    stock: options.stock
      ? createStockService({
          db,
          unsplash: createUnsplashClient({ ...options.stock.unsplash, appName: "shobai" }),
          log: app.log,
        })
      : undefined,
    visibleSite: async (request, slug) => {
      const site = await websitesService.findBySlug(slug);
      if (!site) return null;
      return site.isPublished || isPreviewRequest(sitesService, request, site) ? site : null;
    },
  });
  await app.register(draftRoutes, {
    service: createDraftService({
      db,
      writeSectionWithAi: websitesService.writeSectionWithAi,
      onChanged: (slug) => {
        sitesService.forget(slug);
        analyticsService.forgetSite(slug);
      },
    }),
  });
  const analyticsService = createAnalyticsService({
    db,
    pool: options.database.pool,
    log: app.log,
    ...options.analytics,
  });
  app.addHook("onClose", () => analyticsService.close());
  const enquiryAlerts = createEnquiryAlerts({ db, provider: emailProvider, appUrl: baseURL, systemFrom });
  const sitesService = createSitesService({
    websites: websitesService,
    crm: crmService,
    analytics: analyticsService,
    origins: siteOrigins,
    previews,
    customDomainOf: async (site) =>
      (await customDomainsService.verifiedDomainsOf(site.ownerId, [site.id])).get(site.id) ?? null,
    slugOfHost: (host) => siteHostOf(host, siteHosts)?.slug ?? null,
    // The email service is built further down; it is only asked once requests come in.
    requestConsent: (request) => emailService.requestConsent(request),
    alertOwner: (alert) =>
      enquiryAlerts.send(alert).catch((error: unknown) => {
        app.log.warn({ err: error, owner: alert.ownerId }, "enquiry alert not sent");
      }),
    changesLive: () => changes.live,
    mediaFile: (websiteId, file) => mediaService.file(websiteId, file),
  });
  await app.register(analyticsRoutes, { service: analyticsService });
  beaconFastPath = createBeaconFastPath({
    handle: createBeaconHandler(analyticsService),
    siteHosts,
    trust,
  });
  const dkimBox = createSecretBox(options.authSecret, "dkim");
  const platformSender = {
    from: systemFrom.email,
    brand: "Shobai",
    ...(options.email?.bounceDomain ? { bounceDomain: options.email.bounceDomain } : {}),
  };
  const mailDns = createDnsChecker({
    servers: options.customDomains?.dnsServers ?? [],
    ...(options.customDomains?.dnsTimeoutMs ? { timeoutMs: options.customDomains.dnsTimeoutMs } : {}),
  });
  const emailService = createEmailService({
    sendingDomains: { box: dkimBox, txt: mailDns.txt },
    platform: platformSender,
    db,
    provider: emailProvider,
    crm: crmService,
    publicUrl,
    systemFrom,
    entitlements,
    ...(options.now ? { now: options.now } : {}),
  });
  const campaignEngine = createCampaignEngine({
    db,
    provider: emailProvider,
    publicUrl,
    log: app.log,
    ratePerSecond: options.email?.ratePerSecond ?? (emailProvider.name === "outbox" ? 1000 : 50),
    allowance: entitlements.allowanceSql,
    processToken: identity.token,
    identity: { ...platformSender, openKey: (sealed) => dkimBox.open(sealed) },
    startScheduled: () => emailService.startScheduled(),
    ...(options.email?.now ? { now: options.email.now } : {}),
  });
  await app.register(emailRoutes, { service: emailService, status: serviceStatus(emailProviders) });
  await app.register(trackingRoutes, { service: emailService });
  await app.register(emailWebhookRoutes, {
    record: (problem) => recordDeliveryProblem(db, problem),
    resendSecret: options.inbound?.resendWebhookSecret,
    sendgridPublicKey: options.inbound?.sendgridWebhookPublicKey,
    log: app.log,
    ...(options.now ? { now: options.now } : {}),
  });
  // The bounce domain's mail server, only when configured; it stops with the app.
  const inboundConfig = options.inbound?.smtp;
  const inboundSmtp: InboundSmtp | null = inboundConfig
    ? await startInboundSmtp({ db, log: app.log, ...inboundConfig })
    : null;
  if (inboundSmtp) app.addHook("onClose", () => inboundSmtp.close());
  const tickMs = options.email?.tickMs === undefined ? 2000 : options.email.tickMs;
  const engineTimer =
    tickMs === null
      ? null
      : setInterval(
          () =>
            void campaignEngine
              .tick()
              .catch((err: unknown) => app.log.error({ err }, "campaign round failed")),
          tickMs,
        );
  engineTimer?.unref();
  app.addHook("onClose", async () => {
    if (engineTimer) clearInterval(engineTimer);
    // In-flight campaign sends finish and are recorded before the provider and database close.
    await campaignEngine.stop();
    await emailProvider.close?.();
  });
  const dashboardService = createDashboardService({
    db,
    analytics: analyticsService,
    countEmailsSent: emailService.countSent,
    now: options.analytics?.now,
  });
  await app.register(dashboardRoutes, { service: dashboardService });
  await app.register(sitesRoutes, {
    service: sitesService,
    formRateLimit: options.siteFormRateLimit ?? { max: 10, windowSeconds: 600 },
  });
  const contactService = createContactService({ db, secret: options.authSecret, now: options.now });
  await app.register(contactRoutes, {
    service: contactService,
    rateLimit: options.contactRateLimit ?? { max: 5, windowSeconds: 600 },
  });
  const registrar = options.registrar ? createGandiRegistrar(options.registrar) : undefined;
  const domainsService = createDomainsService({
    db,
    registrar,
    log: app.log,
    ...(options.now ? { now: options.now } : {}),
  });
  const purchasesService = createPurchasesService({
    db,
    domains: domainsService,
    registrar,
    gateway: stripeGateway,
    entitlements,
    appUrl: baseURL,
    warnRenewal: createRenewalMailer({ provider: emailProvider, publicUrl, from: systemFrom }),
    log: app.log,
    ...(options.now ? { now: options.now } : {}),
  });
  await app.register(purchasesRoutes, {
    service: purchasesService,
    receipts: createReceiptsService({
      db,
      seller: {
        name: options.operator?.name?.trim() || null,
        registrationNumber: options.operator?.invoiceNumber?.trim() || null,
      },
    }),
  });
  const platformHosts = [options.appUrl, options.publicUrl]
    .filter((u): u is string => Boolean(u))
    .map((u) => new URL(u).hostname.toLowerCase());
  const customDomainsService = createCustomDomainsService({
    websites: websitesService,
    db,
    domains: domainsService,
    entitlements,
    dns: createDnsChecker({
      servers: options.customDomains?.dnsServers ?? [],
      ...(options.customDomains?.dnsTimeoutMs ? { timeoutMs: options.customDomains.dnsTimeoutMs } : {}),
    }),
    // A host verified or lost changes the canonical address in the pages' links too.
    hosts: {
      ...customHosts,
      reload: () => {
        sitesService.forget(null);
        return customHosts.reload();
      },
    },
    sitesDomain,
    cnameTarget: options.customDomains?.cnameTarget,
    ipv4: options.customDomains?.ipv4 ?? [],
    ipv6: options.customDomains?.ipv6 ?? [],
    platformHosts,
    log: app.log,
    ...(options.now ? { now: options.now } : {}),
  });
  await app.register(customDomainsRoutes, { service: customDomainsService });
  await app.register(tlsRoutes, {
    service: createTlsService({
      sitesDomain,
      platformHosts,
      websites: websitesService,
      customDomains: customDomainsService,
    }),
  });
  await customHosts.reload();
  // What another process (or this one, or the admin command) changed reaches the caches here.
  const reloadHosts = () =>
    void customHosts.reload().catch((err: unknown) => app.log.error({ err }, "custom domain reload failed"));
  changes.on("websites", (slug) => {
    sitesService.forget(slug);
    analyticsService.forgetSite(slug);
    if (slug === null) reloadHosts();
  });
  changes.on("custom_domains", () => {
    sitesService.forget(null);
    reloadHosts();
  });
  const reloadMs = options.customDomains?.reloadIntervalMs;
  if (reloadMs !== null) {
    customHosts.start(reloadMs ?? 30_000);
  }
  // Claims expire and verified hosts are looked up again (TXT proof, routing record) on a timer.
  const recheckMs = options.customDomains?.recheckIntervalMs;
  let recheckTimer: NodeJS.Timeout | undefined;
  if (recheckMs !== null) {
    let running = false;
    recheckTimer = setInterval(
      () => {
        if (running) return;
        running = true;
        customDomainsService
          .recheck()
          .catch((err: unknown) => app.log.error({ err }, "custom domain re-check failed"))
          .finally(() => {
            running = false;
          });
      },
      recheckMs ?? 10 * 60_000,
    );
    recheckTimer.unref();
  }
  app.addHook("onClose", async () => {
    customHosts.stop();
    clearInterval(recheckTimer);
    await changes.close();
  });
  await app.register(domainsRoutes, {
    service: domainsService,
    registerOnInvoice: (user, input, key) => purchasesService.registerOnInvoice(user, input, key),
  });
  await app.register(operatorRoutes, { operator: options.operator });
  await app.register(examplesRoutes);
  await app.register(docsRoutes);
  await registerSpa(app, options.webDistDir === undefined ? DEFAULT_WEB_DIST : options.webDistDir, baseURL);

  return Object.assign(app, {
    services: {
      auth: authService,
      crm: crmService,
      websites: websitesService,
      analytics: analyticsService,
      dashboard: dashboardService,
      email: emailService,
      campaigns: campaignEngine,
      subscription: subscriptionService,
      entitlements,
      contact: contactService,
      domains: domainsService,
      purchases: purchasesService,
      customDomains: customDomainsService,
      health: healthService,
    },
    changes,
    identity,
    /** The inbound SMTP listener, when configured (its port: tests listen on a free one). */
    inboundSmtp,
  });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
