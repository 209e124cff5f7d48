import { type ComponentType, createElement, Fragment, lazy, useEffect } from "react";
import { isHydratingPrerenderedPage } from "@/lib/hydration";
import { i18n } from "@/lib/i18n";
import { NAMESPACES } from "@/lib/locale-resources";

/**
 * Marks <html data-hydrated> once a screen has been taken over by React (tests wait for it). It sits
 * in the screen, not at the root: React hydrates a prerendered page's Suspense boundaries after the
 * root has committed, so a mark at the root would come before the page's own content is live.
 */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return null;
}

/**
 * A screen that loads on demand, together with the interface texts: a prerendered page starts with
 * only its own texts, so the first move to another screen fetches the rest before it shows.
 */
// biome-ignore lint/suspicious/noExplicitAny: any props, as React.lazy itself takes
function screen<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => {
    // The prerendered page itself hydrates with the texts its HTML was made with (main.tsx).
    const texts = isHydratingPrerenderedPage() ? null : i18n.loadNamespaces([...NAMESPACES]);
    return Promise.all([load(), texts]).then(([module]) => {
      const Screen = module.default;
      // biome-ignore lint/suspicious/noExplicitAny: the screen's own props, passed through
      const Marked = (props: any) =>
        createElement(Fragment, null, createElement(Screen, props), createElement(HydratedMark));
      return { default: Marked as unknown as T };
    });
  });
}

/** Route screens load on demand so the first bundle holds only the frame (spec: small first load). */
export const AuthPage = screen(() => import("@/features/auth/pages/auth-page"));
export const TeamPage = screen(() => import("@/features/team/pages/team-page"));
/** Two-factor sign-in (decision 0052): the code or enrolment screen, for users who need it. */
export const SecondFactorScreen = screen(() => import("@/features/auth/pages/second-factor-screen"));
export const InvitePage = screen(() => import("@/features/team/pages/invite-page"));
export const ForgotPasswordPage = screen(() => import("@/features/auth/pages/forgot-password-page"));
export const ResetPasswordPage = screen(() => import("@/features/auth/pages/reset-password-page"));
export const DashboardPage = screen(() => import("@/features/dashboard/pages/dashboard-page"));
export const LandingPage = screen(() => import("@/features/landing/pages/landing-page"));
export const HealthPage = screen(() => import("@/features/health/pages/health-page"));
export const ProfilePage = screen(() => import("@/features/profile/pages/profile-page"));
export const CrmPage = screen(() => import("@/features/crm/pages/crm-page"));
export const WebsitesPage = screen(() => import("@/features/websites/pages/websites-page"));
export const WebsiteSettingsPage = screen(() => import("@/features/websites/pages/website-settings-page"));
/** The site editor brings its own libraries (drag and drop, history, the site renderer): only here. */
export const SiteEditorPage = screen(() => import("@/features/websites/pages/site-editor-page"));
export const AnalyticsPage = screen(() => import("@/features/analytics/pages/analytics-page"));
export const EmailPage = screen(() => import("@/features/email/pages/email-page"));
export const EmailManagementPage = screen(() => import("@/features/email/pages/email-management-page"));
export const DomainManagementPage = screen(() => import("@/features/domains/pages/domain-management-page"));
export const SubscriptionPage = screen(() => import("@/features/subscription/pages/subscription-page"));
export const ReceiptsPage = screen(() => import("@/features/subscription/pages/receipts-page"));
export const PricingPage = screen(() => import("@/features/subscription/pages/pricing-page"));
export const ApiDocsPage = screen(() => import("@/features/api-docs/pages/api-docs-page"));
export const ContactPage = screen(() => import("@/features/info/pages/contact-page"));
export const FaqPage = screen(() => import("@/features/info/pages/faq-page"));
export const AboutPage = screen(() => import("@/features/info/pages/about-page"));
export const FeaturesPage = screen(() => import("@/features/info/pages/features-page"));
export const SitemapPage = screen(() => import("@/features/info/pages/sitemap-page"));
export const HelpPage = screen(() => import("@/features/info/pages/help-page"));
export const TermsPage = screen(() => import("@/features/legal/pages/terms-page"));
export const PrivacyPage = screen(() => import("@/features/legal/pages/privacy-page"));
export const SecurityPage = screen(() => import("@/features/legal/pages/security-page"));
export const CookiesPage = screen(() => import("@/features/legal/pages/cookies-page"));
export const CommercialLawPage = screen(() => import("@/features/legal/pages/commercial-law-page"));
export const CaseStudiesPage = screen(() => import("@/features/examples/pages/case-studies-page"));
export const TutorialsPage = screen(() => import("@/features/tutorials/pages/tutorials-page"));
export const ComingSoonPage = screen(() => import("@/features/coming-soon/pages/coming-soon-page"));
export const NotFoundPage = screen(() => import("@/features/not-found/pages/not-found-page"));
