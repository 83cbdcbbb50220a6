import type { ComponentType, ReactNode } from 'react';
import { createRootRoute, createRoute, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router';
import { SiteLayout } from './layout/SiteLayout';
import { AdModalPage, HomeScreen } from './HomeScreen';
import type { ScorecardLoaderData } from '../features/scorecard/loading/open-scorecard';
import type { AppPath } from '../domain/routes';

/**
 * The product's route table. Code-based so the table reads in one place; each screen but the home page's is loaded
 * lazily so a route only downloads its own code. Its paths are those of src/domain/routes.ts (APP_PATHS), which the
 * server reads to answer any other path with status 404.
 */
const rootRoute = createRootRoute({ component: Outlet });

/**
 * What a screen needs beyond the app shell, loaded with its chunk: `queries`, the react-query cache (the shell does not
 * provide it, so the home page does not download react-query).
 */
interface ScreenNeeds {
  queries?: boolean;
}

/**
 * A screen loaded lazily by its export name. The name is checked against the module's exports, which must be
 * components, so a renamed export fails the type check instead of the route.
 */
type ScreenModule<Name extends string> = () => Promise<Record<Name, ComponentType>>;

const screen = <Name extends string>(load: ScreenModule<Name>, exportName: Name, needs: ScreenNeeds = {}) =>
  lazyRouteComponent(async () => {
    const [module, query] = await Promise.all([load(), needs.queries ? import('../lib/query') : undefined]);
    const Screen = module[exportName];
    return { default: query ? query.withQueryClient(Screen) : Screen };
  });

const page = <Name extends string>(path: AppPath, load: ScreenModule<Name>, exportName: Name, needs?: ScreenNeeds) =>
  createRoute({ getParentRoute: () => rootRoute, path, component: screen(load, exportName, needs) });

/** Public pages share the top bar and footer through this pathless layout route. */
const siteLayout = createRoute({ getParentRoute: () => rootRoute, id: 'site', component: SiteLayout });

const sitePage = <Name extends string>(
  path: AppPath,
  load: ScreenModule<Name>,
  exportName: Name,
  needs?: ScreenNeeds,
) => createRoute({ getParentRoute: () => siteLayout, path, component: screen(load, exportName, needs) });

/**
 * The home page comes with the app shell: most visits start there, and its first screen then waits for no second
 * round trip. What it shows below the fold loads after idle (MarketingSectionAfterLoad).
 */
const shellPage = (path: AppPath, component: () => ReactNode) =>
  createRoute({ getParentRoute: () => siteLayout, path, component });

/**
 * The scorecard's loader starts looking for its data (a link from the verification mail asks the API) while the page's
 * code downloads; the page shows its skeleton until the promise settles. Never preloaded: hovering a link to a
 * scorecard must not ask the API for a score.
 */
const scorecardRoute = createRoute({
  getParentRoute: () => siteLayout,
  path: '/scorecard' satisfies AppPath,
  component: screen(() => import('../features/scorecard/ScorecardPage'), 'ScorecardPage'),
  preload: false,
  loader: ({ location }): ScorecardLoaderData => ({
    scorecard: import('../features/scorecard/loading/open-scorecard').then(({ openScorecard }) =>
      openScorecard(location),
    ),
  }),
});

/** The admin dashboard's loader starts its counters (admin-queries.ts) while the dashboard's code downloads. */
const adminDashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/dashboard' satisfies AppPath,
  component: screen(() => import('../features/admin/AdminDashboardPage'), 'AdminDashboardPage', { queries: true }),
  loader: () => {
    void Promise.all([import('../lib/query'), import('../features/admin/admin-queries')]).then(
      ([{ queryClient }, { prefetchAdminStats }]) => prefetchAdminStats(queryClient),
    );
  },
});

const company = () => import('../features/marketing/CompanyPages');
const offerings = () => import('../features/marketing/OfferingPages');
const research = () => import('../features/marketing/ResearchPages');
const legal = () => import('../features/marketing/LegalPages');
const placeholders = () => import('../features/marketing/PlaceholderPages');

export const routeTree = rootRoute.addChildren([
  siteLayout.addChildren([
    shellPage('/', HomeScreen),
    shellPage('/ad-modal', AdModalPage),
    sitePage('/about', company, 'AboutPage'),
    sitePage('/press', company, 'PressPage'),
    sitePage('/career', company, 'CareersPage'),
    sitePage('/sales', company, 'SalesPage'),
    sitePage('/contact', company, 'ContactPage'),
    sitePage('/support', company, 'SupportPage'),
    sitePage('/products', offerings, 'ProductsPage'),
    sitePage('/services', offerings, 'ServicesPage'),
    sitePage('/product/interview-tool', offerings, 'InterviewToolPage'),
    sitePage('/product/job-posting-analytics', offerings, 'JobPostingAnalyticsPage'),
    sitePage('/product/candidate-sourcing', offerings, 'CandidateSourcingPage'),
    sitePage('/service/screening', offerings, 'ScreeningServicePage'),
    sitePage('/service/data-analytics', offerings, 'DataAnalyticsServicePage'),
    sitePage('/service/talent-management', offerings, 'TalentManagementServicePage'),
    sitePage('/solution/enterprise', offerings, 'EnterpriseSolutionPage'),
    sitePage('/solution/recruitment-agency', offerings, 'RecruitmentAgencySolutionPage'),
    sitePage('/solution/job-seeker', offerings, 'JobSeekerSolutionPage'),
    sitePage('/research-paper', research, 'ResearchPapersPage'),
    sitePage('/case-studies', research, 'CaseStudiesPage'),
    sitePage('/privacy', legal, 'PrivacyPage'),
    sitePage('/terms', legal, 'TermsPage'),
    sitePage('/disclaimer', legal, 'DisclaimerPage'),
    sitePage('/profile', placeholders, 'ProfilePage'),
    sitePage('/setting', placeholders, 'SettingPage'),
    sitePage('/feedback', placeholders, 'FeedbackPage'),
    sitePage('/access-denied', placeholders, 'AccessDeniedPage'),
    scorecardRoute,
    sitePage('/verify-email', () => import('../features/checker/VerifyEmailPage'), 'VerifyEmailPage', {
      queries: true,
    }),
    sitePage('/forget-me', () => import('../features/checker/ForgetMePage'), 'ForgetMePage'),
    sitePage(
      '/score-alerts/unsubscribe',
      () => import('../features/scorecard/unsubscribe/UnsubscribePage'),
      'UnsubscribePage',
    ),
  ]),
  // Customer Support's 'Raise query' points at /ContactUs; it is the Contact page.
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/ContactUs' satisfies AppPath,
    beforeLoad: () => redirect({ to: '/contact', replace: true, throw: true }),
  }),
  page('/signup', () => import('../features/auth/SignUpPage'), 'SignUpPage', { queries: true }),
  page('/login', () => import('../features/auth/LoginPage'), 'LoginPage', { queries: true }),
  page('/forgot-password', () => import('../features/auth/ForgotPasswordPage'), 'ForgotPasswordPage', {
    queries: true,
  }),
  page('/pwdreset/$id', () => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage', { queries: true }),
  adminDashboardRoute,
]);
