import { lazy, type ReactNode, Suspense } from "react";
import { Redirect, Route, Switch } from "wouter";
import { PageSpinner } from "@/components/ui/spinner";
import { useTranslation } from "@/lib/use-translation";
import { useUser } from "@/queries/user";
import { PublicLayout } from "./layouts/public-layout";
import {
  AboutPage,
  AnalyticsPage,
  ApiDocsPage,
  AuthPage,
  CaseStudiesPage,
  ComingSoonPage,
  CommercialLawPage,
  ContactPage,
  CookiesPage,
  CrmPage,
  DashboardPage,
  DomainManagementPage,
  EmailManagementPage,
  EmailPage,
  FaqPage,
  FeaturesPage,
  ForgotPasswordPage,
  HealthPage,
  HelpPage,
  InvitePage,
  LandingPage,
  NotFoundPage,
  PricingPage,
  PrivacyPage,
  ProfilePage,
  ReceiptsPage,
  ResetPasswordPage,
  SecurityPage,
  SiteEditorPage,
  SitemapPage,
  SubscriptionPage,
  TeamPage,
  TermsPage,
  TutorialsPage,
  WebsiteSettingsPage,
  WebsitesPage,
} from "./lazy-pages";
import { usePageMeta } from "./page-meta";
import { RequireAuth } from "./require-auth";
import { APP_PLACEHOLDERS } from "./routes";

// The signed-in frame (its menus and selects) is not needed by public pages.
const AppLayout = lazy(() => import("./layouts/app-layout").then((m) => ({ default: m.AppLayout })));

/** The public info pages (features/info), each its own chunk. */
const INFO_PAGES = [
  { path: "/contact", Page: ContactPage },
  { path: "/faq", Page: FaqPage },
  { path: "/about", Page: AboutPage },
  { path: "/features", Page: FeaturesPage },
  { path: "/sitemap", Page: SitemapPage },
  { path: "/help", Page: HelpPage },
  { path: "/case-studies", Page: CaseStudiesPage },
  { path: "/tutorials", Page: TutorialsPage },
];

/** The legal pages (features/legal), each its own chunk. */
const LEGAL_PAGES = [
  { path: "/terms", Page: TermsPage },
  { path: "/privacy", Page: PrivacyPage },
  { path: "/security", Page: SecurityPage },
  { path: "/cookies", Page: CookiesPage },
  { path: "/commercial-law", Page: CommercialLawPage },
];

function Loading({ children }: { children: ReactNode }) {
  const { t } = useTranslation("common");
  return <Suspense fallback={<PageSpinner label={t("loading")} />}>{children}</Suspense>;
}

/** `/`: the dashboard when signed in, the landing page when not. */
function HomeRoute() {
  const { t } = useTranslation("common");
  const { user, isLoading } = useUser();
  if (isLoading) return <PageSpinner label={t("loading")} />;
  if (user) {
    return (
      <AppLayout>
        <Loading>
          <DashboardPage />
        </Loading>
      </AppLayout>
    );
  }
  return (
    <PublicLayout bare>
      <Loading>
        <LandingPage />
      </Loading>
    </PublicLayout>
  );
}

export function AppRouter() {
  const announcement = usePageMeta();
  const { t } = useTranslation("common");
  return (
    <>
      <Suspense fallback={<PageSpinner label={t("loading")} />}>
        <AppSwitch />
      </Suspense>
      {/* The new screen's title after a client-side navigation, for screen readers. */}
      <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
        {announcement}
      </div>
    </>
  );
}

function AppSwitch() {
  return (
    <Switch>
      <Route path="/__health">
        <Loading>
          <HealthPage />
        </Loading>
      </Route>
      <Route path="/auth">
        <Loading>
          <AuthPage />
        </Loading>
      </Route>
      <Route path="/auth/forgot">
        <Loading>
          <ForgotPasswordPage />
        </Loading>
      </Route>
      <Route path="/auth/reset">
        <Loading>
          <ResetPasswordPage />
        </Loading>
      </Route>
      <Route path="/dashboard">
        <Redirect to="/" replace />
      </Route>
      <Route path="/">
        <HomeRoute />
      </Route>
      <Route path="/profile">
        <AppLayout>
          <RequireAuth>
            <Loading>
              <ProfilePage />
            </Loading>
          </RequireAuth>
        </AppLayout>
      </Route>
      {/* Open to everyone: signed-out visitors see sample contacts (spec §2, §6). */}
      <Route path="/crm">
        <AppLayout>
          <Loading>
            <CrmPage />
          </Loading>
        </AppLayout>
      </Route>
      {/* Open to everyone: signed-out visitors see sample sites (spec §2, §6). */}
      <Route path="/websites">
        <AppLayout>
          <Loading>
            <WebsitesPage />
          </Loading>
        </AppLayout>
      </Route>
      {/* Open to everyone: signed-out visitors see sample figures (spec §2, §6). */}
      <Route path="/analytics">
        <AppLayout>
          <Loading>
            <AnalyticsPage />
          </Loading>
        </AppLayout>
      </Route>
      {/* Open to everyone: signed-out visitors see sample campaigns and status (spec §2, §6). */}
      <Route path="/email">
        <AppLayout>
          <Loading>
            <EmailPage />
          </Loading>
        </AppLayout>
      </Route>
      <Route path="/email-management">
        <AppLayout>
          <Loading>
            <EmailManagementPage />
          </Loading>
        </AppLayout>
      </Route>
      {/* Open to everyone: signed-out visitors see a sample status and domains (spec §2, §6). */}
      <Route path="/domain-management">
        <AppLayout>
          <Loading>
            <DomainManagementPage />
          </Loading>
        </AppLayout>
      </Route>
      <Route path="/websites/:id/edit">
        {(params) => (
          <AppLayout>
            <RequireAuth>
              <Loading>
                <SiteEditorPage id={params.id} />
              </Loading>
            </RequireAuth>
          </AppLayout>
        )}
      </Route>
      <Route path="/websites/:id">
        {(params) => (
          <AppLayout>
            <RequireAuth>
              <Loading>
                <WebsiteSettingsPage id={params.id} />
              </Loading>
            </RequireAuth>
          </AppLayout>
        )}
      </Route>
      {/* Spec §2, §6: signed-out visitors are sent to the login. */}
      <Route path="/subscription">
        <AppLayout>
          <RequireAuth>
            <Loading>
              <SubscriptionPage />
            </Loading>
          </RequireAuth>
        </AppLayout>
      </Route>
      <Route path="/receipts">
        <AppLayout>
          <RequireAuth>
            <Loading>
              <ReceiptsPage />
            </Loading>
          </RequireAuth>
        </AppLayout>
      </Route>
      {/* Open to everyone: signed-out visitors see a sample team (issue 24). */}
      <Route path="/team">
        <AppLayout>
          <Loading>
            <TeamPage />
          </Loading>
        </AppLayout>
      </Route>
      {/* The invitation email's link: for a signed-out person (sign up, then accept) and a signed-in one. */}
      <Route path="/invite">
        <PublicLayout>
          <Loading>
            <InvitePage />
          </Loading>
        </PublicLayout>
      </Route>
      {APP_PLACEHOLDERS.map((route) => (
        <Route key={route.path} path={route.path}>
          <AppLayout>
            <RequireAuth>
              <Loading>
                <ComingSoonPage route={route} />
              </Loading>
            </RequireAuth>
          </AppLayout>
        </Route>
      ))}
      <Route path="/api-docs">
        <PublicLayout>
          <Loading>
            <ApiDocsPage />
          </Loading>
        </PublicLayout>
      </Route>
      <Route path="/pricing">
        <PublicLayout>
          <Loading>
            <PricingPage />
          </Loading>
        </PublicLayout>
      </Route>
      {INFO_PAGES.map(({ path, Page }) => (
        <Route key={path} path={path}>
          <PublicLayout>
            <Loading>
              <Page />
            </Loading>
          </PublicLayout>
        </Route>
      ))}
      {LEGAL_PAGES.map(({ path, Page }) => (
        <Route key={path} path={path}>
          <PublicLayout>
            <Loading>
              <Page />
            </Loading>
          </PublicLayout>
        </Route>
      ))}
      <Route>
        <PublicLayout>
          <Loading>
            <NotFoundPage />
          </Loading>
        </PublicLayout>
      </Route>
    </Switch>
  );
}
