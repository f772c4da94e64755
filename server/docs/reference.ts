import type { FastifyInstance } from 'fastify';
import swaggerUi from '@fastify/swagger-ui';

/** Where the reference page lives; its document is at `${DOCS_PREFIX}/json` (and `/yaml`). */
export const DOCS_PREFIX = '/api/docs';

/**
 * The page's own Content-Security-Policy, replacing the app's on these routes only: Swagger UI is
 * served from our own files (no CDN), runs no inline script and styles itself from its own style
 * sheets, so both stay `'self'`; it draws its icons as `data:` images; "Try it out" calls this
 * same origin.
 */
export const docsCsp = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The readable API reference (Swagger UI, a maintained viewer) at /api/docs, loaded only there.
 * Public, as the health check is: it describes the calls and who may make them, which the web
 * app's own code shows anyone anyway, and holds no data; each call still checks its caller.
 */
export async function apiReference(app: FastifyInstance): Promise<void> {
  // Swagger UI's routes are not ours to annotate: every route of this context is public.
  app.decorate('routesAccess', 'public');
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: docsCsp,
    theme: { title: 'Members Portal API' },
    // BaseLayout: no top bar, whose box would load any other address's document (and whose
    // Swagger logo carries an inline <style> the CSP refuses).
    uiConfig: { layout: 'BaseLayout', deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 },
  });
}
