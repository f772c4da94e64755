import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The Content-Security-Policy of every answer. No 'unsafe-inline' anywhere: the web app's scripts
 * are files from this origin, and the styles MUI (emotion) writes at run time carry the per-response
 * nonce that the server puts into index.html (see `spaIndex`); React's `style` props go through
 * CSSOM, which CSP does not govern. Only an HTML page can use a nonce, so only the page's answer
 * has one (a fresh one for scripts and for styles); every other answer (JSON, redirects, files)
 * carries the same strict policy without any, computed once.
 */
const directives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  // Product images may live on a CDN (image_url accepts https addresses).
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  connectSrc: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  // The payment form is posted to PayFast's site (live or sandbox).
  formAction: ["'self'", 'https://www.payfast.co.za', 'https://sandbox.payfast.co.za'],
};

const helmetOptions = (csp: typeof directives): HelmetOptions => ({ contentSecurityPolicy: { directives: csp }, crossOriginEmbedderPolicy: false });

/** The headers helmet sets with `options`, asked once: they are the same for every answer. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = { setHeader: (name: string, value: string | number) => (headers[name.toLowerCase()] = String(value)), removeHeader: () => undefined };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/** Every answer's security headers (the CSP without nonces). */
export const staticSecurityHeaders: Readonly<Record<string, string>> = Object.freeze(helmetHeaders(helmetOptions(directives)));

const SCRIPT_NONCE = '__SCRIPT_NONCE__';
const STYLE_NONCE = '__STYLE_NONCE__';
const pageCsp = helmetHeaders(
  helmetOptions({ ...directives, scriptSrc: [...directives.scriptSrc, `'nonce-${SCRIPT_NONCE}'`], styleSrc: [...directives.styleSrc, `'nonce-${STYLE_NONCE}'`] }),
)['content-security-policy'];

/** An HTML page's CSP, with fresh nonces; answers the style nonce the page's styles carry. */
export function setPageCsp(reply: FastifyReply): string {
  const nonces = randomBytes(32).toString('hex');
  const style = nonces.slice(32);
  reply.header('content-security-policy', pageCsp.replace(SCRIPT_NONCE, nonces.slice(0, 32)).replace(STYLE_NONCE, style));
  return style;
}

/**
 * The security headers and the request id on every answer, in one synchronous hook: the headers
 * are one object made at start, so a request pays for copying them and nothing else.
 */
export function securityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(staticSecurityHeaders);
    reply.header('x-request-id', request.id);
    done();
  });
}

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
    const nonce = setPageCsp(reply);
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(template.replaceAll(NONCE_PLACEHOLDER, nonce));
  };
}
