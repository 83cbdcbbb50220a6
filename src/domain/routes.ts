/**
 * Every address the web app has a screen for, as TanStack Router patterns (`$id` stands for one path segment).
 * src/app/routes.tsx may give a screen only to these (its paths are typed by this list, and a test holds the two
 * equal), and the server answers any other path with the app's 404 page and status 404 (api/http/static.ts).
 */
export const APP_PATHS = [
  '/',
  '/ad-modal',
  '/about',
  '/press',
  '/career',
  '/sales',
  '/contact',
  '/support',
  '/products',
  '/services',
  '/product/interview-tool',
  '/product/job-posting-analytics',
  '/product/candidate-sourcing',
  '/service/screening',
  '/service/data-analytics',
  '/service/talent-management',
  '/solution/enterprise',
  '/solution/recruitment-agency',
  '/solution/job-seeker',
  '/research-paper',
  '/case-studies',
  '/privacy',
  '/terms',
  '/disclaimer',
  '/profile',
  '/setting',
  '/feedback',
  '/access-denied',
  '/scorecard',
  '/verify-email',
  '/score-alerts/unsubscribe',
  '/forget-me',
  '/ContactUs',
  '/signup',
  '/login',
  '/forgot-password',
  '/pwdreset/$id',
  '/admin/dashboard',
] as const;

export type AppPath = (typeof APP_PATHS)[number];

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

const PATTERNS = APP_PATHS.map((path) => segmentsOf(path.toLowerCase()));

/**
 * Whether the app has a screen at this path (no query string), matched as the router matches it: letter case and a
 * trailing slash do not matter, and a `$param` segment takes any one segment.
 */
export function isAppPath(pathname: string): boolean {
  const segments = segmentsOf(pathname.toLowerCase());
  return PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, index) => part.startsWith('$') || part === segments[index]),
  );
}
