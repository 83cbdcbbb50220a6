import { createHash } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import helmet from 'koa-helmet';

/** Where "Sign in with Google" loads from, when the build offers it (VITE_GOOGLE_CLIENT_ID). */
const GOOGLE_SIGN_IN = 'https://accounts.google.com';

export interface SecurityHeaderOptions {
  /** The public origin: HSTS and upgrading requests only make sense when it is https. */
  appOrigin: string;
  /** The build offers "Sign in with Google": its script, frame and calls come from accounts.google.com. */
  googleSignIn: boolean;
}

/**
 * The Content-Security-Policy every answer carries. Scripts, styles, images, fonts, workers (the service worker and
 * pdf.js's worker) and calls are this origin's own: the build has no inline script, scorecard images come through
 * the image proxy, and React and react-toastify set styles through the DOM (element.style), which a policy does not
 * govern, so no inline style needs allowing either. `data:`/`blob:` images are the app's icons and saved images.
 */
function contentSecurityPolicy({ appOrigin, googleSignIn }: SecurityHeaderOptions) {
  const google = googleSignIn ? [GOOGLE_SIGN_IN] : [];
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...google],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", ...google],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...google],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      frameSrc: googleSignIn ? [GOOGLE_SIGN_IN] : ["'none'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      ...(appOrigin.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

/**
 * Security headers on every answer (pages, assets, JSON, errors): the policy above, nosniff, a referrer that never
 * carries a scorecard's address to another site, no framing, and HSTS only when the public origin is https (over
 * plain http the header is ignored at best, and would pin a development host at worst).
 */
export function securityHeaders(options: SecurityHeaderOptions): Middleware {
  return helmet({
    contentSecurityPolicy: contentSecurityPolicy(options),
    // Google's sign-in popup talks back to its opener.
    crossOriginOpenerPolicy: { policy: options.googleSignIn ? 'same-origin-allow-popups' : 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: options.appOrigin.startsWith('https:')
      ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true }
      : false,
  });
}

/** Lets this answer's page use one inline stylesheet, by its hash (the demo's sample sheets, styled like the portal's). */
export function allowInlineStyle(ctx: Context, css: string): void {
  const policy = ctx.response.get('Content-Security-Policy');
  if (!policy) return;
  const hash = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
  ctx.set('Content-Security-Policy', policy.replace(/(^|;)style-src ([^;]*)/, `$1style-src $2 ${hash}`));
}
