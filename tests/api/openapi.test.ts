import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { roleNames } from '../../server/auth/roles';
import { summaries } from '../../server/docs/summaries';
import { useTestApp } from './support/app';

/**
 * The API contract: a valid OpenAPI 3.1 document at /api/docs/json that lists every
 * route the server registers, with its schemas and the roles that may call it, and a readable
 * reference page at /api/docs with a Content-Security-Policy of its own.
 */
const t = useTestApp();

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
  'x-roles'?: string[];
}
interface Document {
  openapi: string;
  security: Record<string, unknown>[];
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
  paths: Record<string, Record<string, Operation>>;
}

const document = async () => {
  const res = await t.get('/api/docs/json');
  expect(res.statusCode).toBe(200);
  return res.json() as Document;
};

/** The reference viewer's own routes are not API calls: they are not in the document. */
const isDocsRoute = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');
const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and a validator accepts it', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    // The validator dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
  });

  it('declares the bearer scheme, required by default', async () => {
    const doc = await document();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearer: [] }]);
  });

  it('lists every registered API route with a summary, a domain tag, its schemas and the roles that may call it', async () => {
    const doc = await document();
    const routes = t.app.apiRoutes.filter((route) => !isDocsRoute(route.url));
    expect(routes.length).toBeGreaterThan(90);
    const problems: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation) {
        problems.push(`${key}: not in the document`);
        continue;
      }
      const roles = route.access === 'public' ? ['public'] : route.access === 'signed-in' ? [...roleNames] : [...route.access];
      if (JSON.stringify([...(operation['x-roles'] ?? [])].sort()) !== JSON.stringify([...roles].sort())) {
        problems.push(`${key}: x-roles ${JSON.stringify(operation['x-roles'])}, declared ${JSON.stringify(roles)}`);
      }
      // The roles in words too, for a person reading the page.
      const sentence = route.access === 'public' ? /^Public: no token needed\./ : route.access === 'signed-in' ? /^Any signed-in user/ : new RegExp(`^Roles allowed: ${roles.join(', ')}\\.`);
      if (!sentence.test(operation.description ?? '')) problems.push(`${key}: description does not say who may call it: ${operation.description}`);
      // A public call needs no token; every other one inherits the document's bearer requirement.
      if (route.access === 'public' ? JSON.stringify(operation.security) !== '[]' : operation.security !== undefined) {
        problems.push(`${key}: security ${JSON.stringify(operation.security)}`);
      }
      if (!operation.summary?.trim()) problems.push(`${key}: no summary (server/docs/summaries.ts)`);
      if (!operation.tags?.length) problems.push(`${key}: no tag`);
      const success = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
      // A redirect (a tracked link of campaign mail) answers with its Location, described in words.
      const redirect = Object.entries(operation.responses).filter(([status]) => status.startsWith('3'));
      if (redirect.some(([, answer]) => !answer.description?.trim() || answer.description === 'Default Response')) problems.push(`${key}: a redirect without a description`);
      // A file answer (a PDF, a CSV, a proof of payment, the event stream: the route's `produces`) is documented under
      // its own media types, each with a schema; every other answer is JSON with its schema.
      const fileTypes = /^(application\/pdf|application\/zip|text\/csv|text\/event-stream|image\/(png|jpeg|webp|gif))$/;
      const documented = (answer: (typeof success)[number][1]) => {
        const types = Object.entries(answer.content ?? {});
        if (answer.content?.['application/json']?.schema) return true;
        return types.length > 0 && types.every(([type, media]) => fileTypes.test(type) && media.schema);
      };
      if ((success.length === 0 && redirect.length === 0) || success.some(([, answer]) => !documented(answer))) {
        problems.push(`${key}: no schema for its success answer (JSON, or the file types it produces)`);
      }
      if (route.schema?.body && !operation.requestBody?.content['application/json']?.schema) problems.push(`${key}: body schema missing`);
      if (route.schema?.querystring && !operation.parameters?.some((parameter) => parameter.in === 'query')) {
        problems.push(`${key}: query parameters missing`);
      }
    }
    expect(problems).toEqual([]);
    // Nothing documented that the server does not serve.
    const served = new Set(routes.map((route) => `${route.method.toLowerCase()} ${openApiPath(route.url)}`));
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));
    expect(documented.filter((operation) => !served.has(operation))).toEqual([]);
  });

  it('keeps no summary for a route the server no longer has', () => {
    const registered = new Set(t.app.apiRoutes.map((route) => `${route.method} ${route.url}`));
    expect(Object.keys(summaries).filter((key) => !registered.has(key))).toEqual([]);
  });

  it('documents the multipart form of savebanner, which the handler reads itself', async () => {
    const doc = await document();
    const form = doc.paths['/api/crm/savebanner'].post.requestBody?.content['multipart/form-data']?.schema;
    expect(Object.keys(form?.properties ?? {})).toEqual(expect.arrayContaining(['title', 'image', 'active_from']));
  });

  it('is also served as YAML', async () => {
    const res = await t.get('/api/docs/yaml');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^openapi: 3\.1\.0$/m);
  });
});

describe('the reference page at /api/docs', () => {
  it('is public HTML that loads the viewer from this server, under a CSP of its own', async () => {
    for (const url of ['/api/docs', '/api/docs/']) {
      const res = await t.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const scripts = [...res.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]);
      expect(scripts.length).toBeGreaterThan(0);
      // No CDN: every script is a path on this server.
      for (const src of scripts) expect(src, url).toMatch(/^(\.\/|\/api\/docs\/)static\//);
      const csp = res.headers['content-security-policy'] as string;
      expect(csp).toMatch(/script-src 'self';/);
      expect(csp).not.toMatch(/unsafe-(inline|eval)/);
    }
    const bundle = await t.get('/api/docs/static/swagger-ui-bundle.js');
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    const initializer = await t.get('/api/docs/static/swagger-initializer.js');
    expect(initializer.body).toContain("resolveUrl('./json')");
  });

  it('leaves the rest of the API under the app’s own CSP', async () => {
    const docs = (await t.get('/api/docs')).headers['content-security-policy'];
    const health = (await t.get('/api/health')).headers['content-security-policy'];
    expect(health).toEqual(expect.any(String));
    expect(health).not.toEqual(docs);
  });
});
