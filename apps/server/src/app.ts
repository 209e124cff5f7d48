import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { constants as zlibConstants } from "node:zlib";
import compress from "@fastify/compress";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "@fastify/type-provider-zod";
import { ERROR_CODES } from "@shobai/shared";
import Fastify, { type FastifyServerOptions } from "fastify";
import type { CustomDomainsConfig, OperatorConfig, StripeConfig } from "./config";
import type { DbHandle } from "./db/client";
import { createBeaconFastPath } from "./features/analytics/fast-path";
import { analyticsRoutes, createBeaconHandler } from "./features/analytics/routes";
import { createAnalyticsService } from "./features/analytics/service";
import { createAuth } from "./features/auth/auth-instance";
import { authRoutes } from "./features/auth/routes";
import { createAuthService } from "./features/auth/service";
import { createSessionReader } from "./features/auth/session";
import { contactRoutes } from "./features/contact/routes";
import { createContactService } from "./features/contact/service";
import { crmRoutes } from "./features/crm/routes";
import { createCrmService } from "./features/crm/service";
import { createDnsChecker } from "./features/custom-domains/dns-check";
import { createCustomHostMap } from "./features/custom-domains/host-map";
import { customDomainsRoutes } from "./features/custom-domains/routes";
import { createCustomDomainsService } from "./features/custom-domains/service";
import { dashboardRoutes } from "./features/dashboard/routes";
import { createDashboardService } from "./features/dashboard/service";
import { docsRoutes } from "./features/docs/routes";
import { domainsRoutes } from "./features/domains/routes";
import { createDomainsService } from "./features/domains/service";
import { createCampaignEngine } from "./features/email/engine";
import { emailRoutes } from "./features/email/routes";
import { createDbOutboxStore, createEmailService } from "./features/email/service";
import { trackingRoutes } from "./features/email/tracking";
import { examplesRoutes } from "./features/examples/routes";
import { healthRoutes } from "./features/health/routes";
import { operatorRoutes } from "./features/operator/routes";
import { profileRoutes } from "./features/profile/routes";
import { sitesRoutes } from "./features/sites/routes";
import { rewriteSiteHost } from "./features/sites/site-host";
import { subscriptionRoutes } from "./features/subscription/routes";
import { createSubscriptionService } from "./features/subscription/service";
import { websitesRoutes } from "./features/websites/routes";
import { createWebsitesService } from "./features/websites/service";
import { createEntitlements } from "./lib/entitlements";
import { registerErrorHandler } from "./lib/error-handler";
import { registerSecurity } from "./lib/security";
import { registerSpa } from "./lib/spa";
import { createOpenAiCompatibleClient } from "./providers/ai/openai-compatible";
import { createAiSiteWriter } from "./providers/ai/site-writer";
import { createStripeGateway } from "./providers/billing/stripe";
import { type ResolvedEmailProviders, resolveEmailProviders, serviceStatus } from "./providers/email/config";
import { createEmailProvider } from "./providers/email/create-email-provider";
import { createGandiRegistrar, type RegistrarConfig } from "./providers/registrar/gandi";

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");

export type AppOptions = {
  database: DbHandle;
  authSecret: string;
  /** Public origin; defaults to http://localhost:{port}. */
  appUrl?: string | undefined;
  port?: number;
  google?: { clientId: string; clientSecret: string } | undefined;
  authRateLimit?: { max: number; windowSeconds: number };
  trustProxy?: boolean;
  /** Hosted sites answer at {slug}.{sitesDomain} (any port). Default "localhost". */
  sitesDomain?: string;
  importAllowedHosts?: readonly string[];
  /** Custom domains (SITES_CNAME_TARGET, SITES_IPV4/6, DNS_SERVERS); DNS timeout and map reload for tests. */
  customDomains?: Partial<CustomDomainsConfig> & { dnsTimeoutMs?: number; reloadIntervalMs?: number | null };
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
  analytics?: { flushIntervalMs?: number; liveMinAgeMs?: number; now?: () => Date };
  logger?: FastifyServerOptions["logger"];
};

/** Fastify's own default: longer than common proxies' 60 s, so they close first. */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/** Builds the whole HTTP application. Tests use it through `inject`; main.ts makes it listen. */
export async function buildApp(options: AppOptions) {
  const sitesDomain = (options.sitesDomain ?? "localhost").toLowerCase();
  let beaconFastPath: ((req: http.IncomingMessage, res: http.ServerResponse) => boolean) | undefined;
  // Verified custom domains, looked up synchronously by rewriteUrl; loaded before the app is ready.
  const customHosts = createCustomHostMap({
    // The service is built further down (it refreshes this map); the map first loads below, after it.
    load: () => customDomainsService.verifiedHosts(),
    onError: (err) => app.log.error({ err }, "custom domain reload failed"),
  });
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    // {slug}.{SITES_DOMAIN}/path, or a verified custom domain's, is the hosted site at /s/{slug}/path.
    rewriteUrl: (req) => rewriteSiteHost(req.headers.host, req.url ?? "/", sitesDomain, customHosts.slugFor),
    // Analytics beacons are answered before Fastify when they arrive on a real socket (see fast-path.ts).
    // A custom server skips Fastify's own socket settings, so they are applied here: without them
    // Node's 5 s keep-alive closes idle sockets just as clients reuse them (ECONNRESET).
    serverFactory: (handler) => {
      const server = http.createServer((req, res) => {
        if (!beaconFastPath?.(req, res)) handler(req, res);
      });
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      server.requestTimeout = 0;
      server.setTimeout(0);
      return server;
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const { db, kind } = options.database;
  const baseURL = options.appUrl ?? `http://localhost:${options.port ?? 5000}`;

  await app.register(swagger, {
    openapi: {
      info: {
        title: "Shobai API",
        version: "1.0.0",
        description:
          "JSON in and out. Errors are `{ message, code? }`. Sign in with POST /api/auth/login; the " +
          "`auth_session` cookie authenticates every other call.",
      },
      tags: [
        { name: "auth", description: "Sign-in, registration and sessions" },
        { name: "profile", description: "The signed-in user's own account" },
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
    transform: jsonSchemaTransform,
  });
  await registerSecurity(app, options.appUrl);
  // Hosted pages, the SPA and JSON all compress well; brotli at a level that costs little CPU.
  await app.register(compress, {
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: ERROR_CODES.rateLimited,
      message: `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });

  const auth = createAuth({ db, secret: options.authSecret, baseURL, google: options.google });
  const authService = createAuthService({ db, auth, googleConfigured: Boolean(options.google) });
  const session = createSessionReader(authService, options.appUrl);
  const entitlements = createEntitlements({ db, ...(options.now ? { now: options.now } : {}) });
  const websitesService = createWebsitesService({
    db,
    // The custom-domains service is built further down; it is only asked once requests come in.
    verifiedDomainsOf: (ownerId, websiteIds) => customDomainsService.verifiedDomainsOf(ownerId, websiteIds),
    entitlements,
    importAllowedHosts: options.importAllowedHosts ?? [],
    siteWriter: options.ai ? createAiSiteWriter(createOpenAiCompatibleClient(options.ai)) : undefined,
  });
  const subscriptionService = createSubscriptionService({
    db,
    countWebsites: websitesService.count,
    entitlements,
    gateway: options.stripe ? createStripeGateway(options.stripe) : undefined,
    appUrl: baseURL,
    log: app.log,
    ...(options.now ? { now: options.now } : {}),
  });

  await app.register(healthRoutes, { db, kind });
  await app.register(authRoutes, {
    service: authService,
    session,
    auth,
    appUrl: options.appUrl,
    rateLimit: options.authRateLimit ?? { max: 10, windowSeconds: 60 },
  });

  await app.register(profileRoutes, {
    service: authService,
    session,
    appUrl: options.appUrl,
    onAccountDeleted: subscriptionService.cancelForDeletedAccount,
  });
  await app.register(subscriptionRoutes, { service: subscriptionService, session });
  const crmService = createCrmService({ db });
  await app.register(crmRoutes, { service: crmService, session });
  await app.register(websitesRoutes, { service: websitesService, session });
  const analyticsService = createAnalyticsService({ db, log: app.log, ...options.analytics });
  app.addHook("onClose", () => analyticsService.close());
  await app.register(analyticsRoutes, { service: analyticsService, session });
  beaconFastPath = createBeaconFastPath({
    handle: createBeaconHandler(analyticsService),
    sitesDomain,
    trustProxy: options.trustProxy ?? false,
    customSlugFor: customHosts.slugFor,
  });
  const publicUrl = options.publicUrl ?? baseURL;
  const emailProviders = options.email?.providers ?? resolveEmailProviders({});
  // Outbox mail belongs to the owner named in its tags, so each owner sees only their own.
  const outboxStore = createDbOutboxStore(db);
  const emailProvider = createEmailProvider(emailProviders, { outboxStore });
  const emailService = createEmailService({
    db,
    provider: emailProvider,
    crm: crmService,
    publicUrl,
    systemFrom: { email: options.email?.from ?? "noreply@shobai.localhost", name: "Shobai" },
    entitlements,
  });
  const campaignEngine = createCampaignEngine({
    db,
    provider: emailProvider,
    publicUrl,
    secret: options.authSecret,
    log: app.log,
    ratePerSecond: options.email?.ratePerSecond ?? (emailProvider.name === "outbox" ? 1000 : 50),
    allowance: entitlements.allowanceSql,
  });
  await app.register(emailRoutes, { service: emailService, session, status: serviceStatus(emailProviders) });
  await app.register(trackingRoutes, { service: emailService, secret: options.authSecret });
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
    await emailProvider.close?.();
  });
  const dashboardService = createDashboardService({
    db,
    analytics: analyticsService,
    countEmailsSent: emailService.countSent,
    now: options.analytics?.now,
  });
  await app.register(dashboardRoutes, { service: dashboardService, session });
  await app.register(sitesRoutes, {
    websites: websitesService,
    crm: crmService,
    analytics: analyticsService,
    session,
    formRateLimit: options.siteFormRateLimit ?? { max: 10, windowSeconds: 600 },
  });
  const contactService = createContactService({ db, secret: options.authSecret, now: options.now });
  await app.register(contactRoutes, {
    service: contactService,
    rateLimit: options.contactRateLimit ?? { max: 5, windowSeconds: 600 },
  });
  const domainsService = createDomainsService({
    db,
    registrar: options.registrar ? createGandiRegistrar(options.registrar) : undefined,
    log: app.log,
    ...(options.now ? { now: options.now } : {}),
  });
  const customDomainsService = createCustomDomainsService({
    websites: websitesService,
    db,
    domains: domainsService,
    entitlements,
    dns: createDnsChecker({
      servers: options.customDomains?.dnsServers ?? [],
      ...(options.customDomains?.dnsTimeoutMs ? { timeoutMs: options.customDomains.dnsTimeoutMs } : {}),
    }),
    hosts: customHosts,
    sitesDomain,
    cnameTarget: options.customDomains?.cnameTarget,
    ipv4: options.customDomains?.ipv4 ?? [],
    ipv6: options.customDomains?.ipv6 ?? [],
    platformHosts: [options.appUrl, options.publicUrl]
      .filter((u): u is string => Boolean(u))
      .map((u) => new URL(u).hostname.toLowerCase()),
    log: app.log,
    ...(options.now ? { now: options.now } : {}),
  });
  await app.register(customDomainsRoutes, { service: customDomainsService, session });
  await customHosts.reload();
  const reloadMs = options.customDomains?.reloadIntervalMs;
  if (reloadMs !== null) {
    customHosts.start(reloadMs ?? 30_000);
  }
  app.addHook("onClose", async () => customHosts.stop());
  await app.register(domainsRoutes, { service: domainsService, session });
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
      customDomains: customDomainsService,
    },
  });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
