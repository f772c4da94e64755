import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The Content-Security-Policy of every answer. No 'unsafe-inline' anywhere: the web app's scripts
 * are files from this origin, and the styles MUI (emotion) writes at run time carry the per-response
 * nonce that the server puts into index.html (see `spaIndex`); React's `style` props go through
 * CSSOM, which CSP does not govern. Helmet adds a fresh nonce to script-src and style-src for each
 * response (`enableCSPNonces`).
 */
export const securityHeaders: FastifyHelmetOptions = {
  enableCSPNonces: true,
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      // Product images may live on a CDN (image_url accepts https addresses).
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
};

/** What index.html holds in `<meta name="csp-nonce" content="…">` until the server serves it. */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * index.html with this response's style nonce in place of the placeholder: the page (`/`, and every
 * page path through the history fallback) is never served as a static file, so it always matches
 * its own CSP header. Read once; the build does not change under a running server.
 */
export function spaIndex(distDir: string) {
  const template = readFileSync(join(distDir, 'index.html'), 'utf8');
  return (_request: FastifyRequest, reply: FastifyReply) => {
    const nonce = (reply as FastifyReply & { cspNonce: { style: string } | null }).cspNonce?.style ?? '';
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(template.replaceAll(NONCE_PLACEHOLDER, nonce));
  };
}
