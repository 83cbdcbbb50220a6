import { createRequire } from 'node:module';
import path from 'node:path';
import Router from '@koa/router';
import { send } from '@koa/send';
import { OPERATION_PATHS } from '../../src/contract/operation-paths';
import { openApiDocument } from './document';

export const OPENAPI_PATH = OPERATION_PATHS.openApiDocument.path;
export const REFERENCE_PATH = OPERATION_PATHS.apiReference.path;

/** Swagger UI's files, from the installed swagger-ui-dist package: the reference needs nothing from the internet. */
const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const VIEWER_FILES = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png']);
/** Starts the viewer on this server's document; no validator badge, which would send the document elsewhere. */
const START_SCRIPT = `window.ui = SwaggerUIBundle({ url: ${JSON.stringify(OPENAPI_PATH)}, dom_id: '#swagger-ui', deepLinking: true, validatorUrl: null });\n`;
const START_FILE = 'start.js';

/** The page has no inline script or style, so the site's Content-Security-Policy holds for it unchanged. */
const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>HireGate API reference</title>
<link rel="icon" type="image/png" href="${REFERENCE_PATH}/favicon-32x32.png">
<link rel="stylesheet" href="${REFERENCE_PATH}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${REFERENCE_PATH}/swagger-ui-bundle.js"></script>
<script src="${REFERENCE_PATH}/${START_FILE}"></script>
</body>
</html>
`;

/**
 * GET /api/openapi.json: the document, built at the first request (no cost at start) and kept: the operation table
 * never changes while the app runs. GET /api/reference: the document in Swagger UI, its files from the package.
 */
export function openApiRoutes(version: string): Router {
  const router = new Router();
  let document: string | undefined;
  router.get(OPENAPI_PATH, (ctx) => {
    document ??= JSON.stringify(openApiDocument(version));
    ctx.type = 'application/json';
    ctx.body = document;
  });
  router.get(REFERENCE_PATH, (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = REFERENCE_PAGE;
  });
  router.get(OPERATION_PATHS.apiReferenceFile.path, async (ctx) => {
    const { file } = ctx.params;
    if (file === START_FILE) {
      ctx.type = 'text/javascript; charset=utf-8';
      ctx.body = START_SCRIPT;
      return;
    }
    // Only the viewer's own files by name: nothing else of node_modules is reachable from here.
    if (!file || !VIEWER_FILES.has(file)) return;
    await send(ctx, file, { root: SWAGGER_UI_DIR, maxage: 24 * 3600 * 1000 });
  });
  return router;
}
