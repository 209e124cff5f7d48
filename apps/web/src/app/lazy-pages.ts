import { lazy } from "react";

/** Route screens load on demand so the first bundle holds only the frame (spec: small first load). */
export const AuthPage = lazy(() => import("@/features/auth/pages/auth-page"));
export const DashboardPage = lazy(() => import("@/features/dashboard/pages/dashboard-page"));
export const LandingPage = lazy(() => import("@/features/landing/pages/landing-page"));
export const HealthPage = lazy(() => import("@/features/health/pages/health-page"));
export const ProfilePage = lazy(() => import("@/features/profile/pages/profile-page"));
export const CrmPage = lazy(() => import("@/features/crm/pages/crm-page"));
export const WebsitesPage = lazy(() => import("@/features/websites/pages/websites-page"));
export const WebsiteSettingsPage = lazy(() => import("@/features/websites/pages/website-settings-page"));
export const AnalyticsPage = lazy(() => import("@/features/analytics/pages/analytics-page"));
export const EmailPage = lazy(() => import("@/features/email/pages/email-page"));
export const EmailManagementPage = lazy(() => import("@/features/email/pages/email-management-page"));
export const SubscriptionPage = lazy(() => import("@/features/subscription/pages/subscription-page"));
export const PricingPage = lazy(() => import("@/features/subscription/pages/pricing-page"));
export const ApiDocsPage = lazy(() => import("@/features/api-docs/pages/api-docs-page"));
export const ComingSoonPage = lazy(() => import("@/features/coming-soon/pages/coming-soon-page"));
export const NotFoundPage = lazy(() => import("@/features/not-found/pages/not-found-page"));
