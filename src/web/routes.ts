import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.ts';
import { etagOf, webBundle } from './bundle.ts';

/** Headers the API answers with that a browser client may read (CORS hides the rest). */
const EXPOSED_HEADERS = ['retry-after', 'content-disposition', 'x-request-id', 'www-authenticate'];

const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Chart and layout code set element styles at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

function secureHeaders(reply: FastifyReply, csp: string) {
  return reply
    .header('content-security-policy', csp)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'same-origin')
    .header('x-frame-options', 'DENY');
}

function swaggerUiFiles() {
  const require = createRequire(import.meta.url);
  const directory = (require('swagger-ui-dist') as { getAbsoluteFSPath(): string }).getAbsoluteFSPath();
  const read = (name: string) => readFileSync(join(directory, name));
  return {
    'swagger-ui.css': { contents: read('swagger-ui.css'), contentType: 'text/css; charset=utf-8' },
    'swagger-ui-bundle.js': { contents: read('swagger-ui-bundle.js'), contentType: 'text/javascript; charset=utf-8' },
  } as Record<string, { contents: Buffer; contentType: string }>;
}

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bookkeeping Service API</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
<main id="swagger-ui"><p>Loading the API documentation from <a href="/v1/openapi.json">/v1/openapi.json</a>…</p></main>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/init.js"></script>
</body>
</html>
`;

// Served as a file so the page needs no inline script (the CSP allows none).
const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '/v1/openapi.json', dom_id: '#swagger-ui', deepLinking: true, tryItOutEnabled: false, validatorUrl: null, persistAuthorization: false });\n`;

const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'";

function appPage(script: string, stylesheet: string | undefined): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>Bookkeeping</title>
<link rel="icon" href="data:,">
${stylesheet ? `<link rel="stylesheet" href="/assets/${stylesheet}">\n` : ''}<link rel="modulepreload" href="/assets/${script}">
</head>
<body>
<div id="app"><p class="boot">Loading…</p></div>
<noscript><p>This app needs JavaScript. The API itself is documented at <a href="/docs">/docs</a>.</p></noscript>
<script type="module" src="/assets/${script}"></script>
</body>
</html>
`;
}

/**
 * The browser side of the service: the app at / (its bundle under /assets), the API documentation at
 * /docs, and CORS for the origins of CORS_ORIGINS. Registered before the API's authentication hook so
 * a preflight or a refused request still carries the CORS headers a browser needs to read it.
 */
export async function registerWeb(app: FastifyInstance, config: Config): Promise<void> {
  if (config.corsOrigins.length > 0) {
    const allowed = new Set(config.corsOrigins);
    await app.register(cors, {
      origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
      // API clients send keys in the Authorization header; the app's session cookie stays same-site.
      credentials: false,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type', 'accept', 'x-request-id'],
      exposedHeaders: EXPOSED_HEADERS,
      maxAge: 600,
      strictPreflight: true,
    });
  }

  let page: { html: string; etag: string } | undefined;
  // The links mailed for a password reset or an invitation open the app at these paths (token in the fragment).
  app.get('/', { schema: { hide: true } }, appPageHandler);
  app.get('/reset-password', { schema: { hide: true } }, appPageHandler);
  app.get('/accept-invitation', { schema: { hide: true } }, appPageHandler);
  async function appPageHandler(request: FastifyRequest, reply: FastifyReply) {
    const bundle = await webBundle();
    page ??= (() => {
      const html = appPage(bundle.entryScript, bundle.entryStylesheet);
      return { html, etag: etagOf(html) };
    })();
    secureHeaders(reply, APP_CSP).header('cache-control', 'no-cache').header('etag', page.etag);
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(page.html);
  }

  app.get('/assets/:name', { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    const asset = (await webBundle()).assets.get(name);
    if (!asset)
      return reply
        .code(404)
        .type('application/json')
        .send({ error: 'not_found', reason: `no asset ${name}` });
    reply
      .type(asset.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('vary', 'accept-encoding');
    if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? ''))
      return reply.header('content-encoding', 'gzip').send(asset.gzipped);
    return reply.send(asset.contents);
  });

  let docsFiles: ReturnType<typeof swaggerUiFiles> | undefined;
  app.get('/docs', { schema: { hide: true } }, async (_request, reply) =>
    secureHeaders(reply, DOCS_CSP).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(DOCS_PAGE),
  );
  app.get('/docs/assets/:name', { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    if (name === 'init.js')
      return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(DOCS_INIT);
    docsFiles ??= swaggerUiFiles();
    const file = docsFiles[name];
    if (!file)
      return reply
        .code(404)
        .type('application/json')
        .send({ error: 'not_found', reason: `no documentation asset ${name}` });
    return reply
      .type(file.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=86400')
      .send(file.contents);
  });
}
