import type { FastifyInstance } from 'fastify';

/**
 * CORS, closed unless CORS_ORIGINS names origins. The web app is served from the API's own origin
 * and needs none; a partner's page on a listed origin may call the API with a bearer token. Never
 * credentials (the portal sets no cookies) and never `*`. A preflight from a listed origin is
 * answered here, before routing; anything else gets no CORS header, so the browser keeps the answer
 * from the calling page.
 */
export function allowOrigins(app: FastifyInstance, origins: readonly string[]): void {
  if (!origins.length) return;
  const allowed = new Set(origins);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    reply.header('vary', 'Origin');
    if (!origin || !allowed.has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    // The sign-in throttle's wait travels in Retry-After; a list's validator in ETag.
    reply.header('access-control-expose-headers', 'Retry-After, ETag');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      return reply
        .header('access-control-allow-methods', 'GET, POST')
        .header('access-control-allow-headers', 'Authorization, Content-Type, Idempotency-Key, If-None-Match')
        .header('access-control-max-age', '600')
        .code(204)
        .send();
    }
  });
}
