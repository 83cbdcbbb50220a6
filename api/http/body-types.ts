import type { Middleware } from 'koa';
import { HttpError } from './errors';

export const JSON_ONLY = 'Send the request body as JSON (Content-Type: application/json).';

/**
 * Request bodies are JSON, except a saved response-sheet page (text/html) on the routes that read one. Forms and
 * plain text are refused before anything is parsed: a cross-site page can send those without the browser asking
 * first, and could make the server send mails on a visitor's behalf.
 */
export function acceptBodies({
  htmlPaths,
  formPaths = [],
}: {
  htmlPaths: readonly string[];
  /** Routes that read nothing from their body but must take a form post (a mail program's one-click unsubscribe). */
  formPaths?: readonly string[];
}): Middleware {
  return async (ctx, next) => {
    const allowed = htmlPaths.includes(ctx.path)
      ? ['json', 'html']
      : formPaths.includes(ctx.path)
        ? ['json', 'urlencoded']
        : ['json'];
    // A request without a body (or an empty one) is for the route to judge.
    const hasBody = Boolean(ctx.request.length) || Boolean(ctx.get('transfer-encoding'));
    if (hasBody && !ctx.is(allowed)) throw new HttpError(415, JSON_ONLY);
    await next();
  };
}
