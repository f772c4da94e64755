import fc from 'fast-check';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApiRoute } from '../../server/http/authentication';
import { auditLog } from '../../server/db/schema';
import { useTestApp } from './support/app';

/**
 * Hostile input against every route the server registers: random and malformed bodies
 * and query strings, built from each route's own field names so they get past the first check
 * and reach the handlers. Whatever comes in: never a 5xx, and an answer of 4xx writes nothing
 * (every write leaves an audit entry in its own transaction, so the audit log must not grow).
 */
const t = useTestApp();

/** Strings that have broken web applications: injection, wildcards, escapes, NUL, huge and odd numbers. */
const nasty = fc.constantFrom(
  "'; drop table users; --",
  '" or 1=1 --',
  '%',
  '_',
  '\\',
  '\u0000',
  'a\u0000b',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '{{constructor.constructor("x")()}}',
  '../../etc/passwd',
  'x'.repeat(10_000),
  '1e308',
  '-1',
  'NaN',
  '9999999999999999999999',
  '2147483648',
  '\ud800',
  'نص عربي',
  '中文',
  '',
  ' ',
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  nasty,
  fc.string(),
  fc.integer(),
  fc.constantFrom(0, -1, 2147483648, 3000000000, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 0.5),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), nasty), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.integer(), nasty), { maxKeys: 3 }),
);

function fieldsOf(schema: unknown): string[] {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties ? Object.keys(properties) : [];
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
}

/**
 * A value of the declared type holding something hostile (so it passes validation and reaches the
 * handler and the database), now and then one of any type at all.
 */
function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 3) return hostileValue;
  if (schema.anyOf?.length) return fc.oneof(...schema.anyOf.map((s) => valueFor(s, depth + 1)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = [schema.type].flat()[0];
  const typed: fc.Arbitrary<unknown> | null =
    type === 'string'
      ? fc.oneof(nasty, fc.string(), fc.date({ noInvalidDate: true }).map((d) => d.toISOString()))
      : type === 'integer' || type === 'number'
        ? fc.constantFrom(1, 2, 3, 0, -1, 100, 2147483647, 999999, 0.5, 1e308)
        : type === 'boolean'
          ? fc.boolean()
          : type === 'array'
            ? fc.array(valueFor(schema.items, depth + 1), { maxLength: 3 })
            : type === 'object' && schema.properties
              ? fc.record(Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, valueFor(v, depth + 1)])), { requiredKeys: [] })
              : null;
  return typed ? fc.oneof({ weight: 5, arbitrary: typed }, { weight: 1, arbitrary: hostileValue }) : hostileValue;
}

/** A body of the route's own shape holding hostile values, or now and then anything at all. */
function bodyFor(route: ApiRoute): fc.Arbitrary<unknown> {
  const schema = route.schema?.body as JsonSchema | undefined;
  const shaped = schema?.properties ? valueFor(schema) : fc.dictionary(fc.string({ maxLength: 10 }), hostileValue, { maxKeys: 4 });
  return fc.oneof({ weight: 6, arbitrary: shaped }, { weight: 1, arbitrary: fc.anything() });
}

/** Percent-encoding, or for what cannot be encoded (a lone surrogate) the malformed bytes a client could send anyway. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80%';
  }
}

function queryFor(route: ApiRoute): fc.Arbitrary<string> {
  const fields = [...fieldsOf(route.schema?.querystring), 'sort', 'order', 'q', 'filter'];
  return fc
    .array(fc.tuple(fc.constantFrom(...fields), fc.oneof(nasty, fc.string(), fc.integer().map(String))), { maxLength: 5 })
    .map((pairs) => pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&'));
}

const auditCount = async () => (await t.db.select({ n: count() }).from(auditLog))[0].n;

async function send(route: ApiRoute, payload: { body?: unknown; query?: string }) {
  const token = route.access === 'public' ? null : await t.tokenFor('admin');
  const path = route.url.replace(/:[A-Za-z_]+/g, encodeURIComponent("x' or 1=1"));
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (route.method === 'GET') return t.inject({ method: 'GET', url: `${path}${payload.query ? `?${payload.query}` : ''}`, headers });
  return t.inject({ method: route.method as 'POST', url: path, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(payload.body ?? null) ?? 'null' });
}

// Routes whose job is to write without an audit entry of their own: sign-in failures are counted, not audited.
const writesWithoutAudit = new Set(['POST /api/auth/login']);

describe('hostile input on every route', () => {
  it('random and malformed bodies and query strings never get a 5xx, and a refused request writes nothing', async () => {
    const failures: string[] = [];
    const runs = Number(process.env.HOSTILE_RUNS ?? 12);
    for (const route of t.app.apiRoutes) {
      const key = `${route.method} ${route.url}`;
      const input = route.method === 'GET' ? queryFor(route).map((query) => ({ query })) : bodyFor(route).map((body) => ({ body }));
      await fc.assert(
        fc.asyncProperty(input, async (payload) => {
          const before = await auditCount();
          const res = await send(route, payload);
          if (res.statusCode >= 500) failures.push(`${key} ${JSON.stringify(payload).slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
          if (res.statusCode >= 400 && !writesWithoutAudit.has(key) && (await auditCount()) !== before) {
            failures.push(`${key} ${JSON.stringify(payload).slice(0, 200)} -> ${res.statusCode} but wrote an audit entry`);
          }
          return true;
        }),
        { numRuns: runs, seed: Number(process.env.HOSTILE_SEED ?? 20261123) },
      );
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it('every query parameter and path parameter of every GET route, with each injection string, never gets a 5xx', async () => {
    const strings = ["'; drop table users; --", '" or 1=1 --', '%', '_', '\\', '\u0000', 'a\u0000b', '%%', "O'Brien", 'x'.repeat(5000), '1e308', '-1', '2147483648', '(', ')', '[', '*', '.*', 'نص', '中文', ' '];
    const failures: string[] = [];
    const token = await t.tokenFor('admin');
    for (const route of t.app.apiRoutes.filter((r) => r.method === 'GET')) {
      const fields = [...new Set([...fieldsOf(route.schema?.querystring), 'q', 'sort', 'order', 'filter'])];
      for (const value of strings) {
        const path = route.url.replace(/:[A-Za-z_]+/g, encode(value));
        for (const field of fields) {
          const res = await t.get(`${path}?${encode(field)}=${encode(value)}`, { token });
          if (res.statusCode >= 500) failures.push(`GET ${route.url} ${field}=${JSON.stringify(value.slice(0, 30))} -> ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it('headers an attacker controls (odd authorization schemes, huge or broken tokens) never get a 5xx', async () => {
    const protectedRoute = t.app.apiRoutes.find((r) => r.access !== 'public' && r.method === 'GET')!;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string(), nasty, fc.constantFrom('Bearer', 'Bearer ', 'Bearer a.b.c', 'Basic YWRtaW46YWRtaW4=', `Bearer ${'x'.repeat(8000)}`, 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwidmVyIjowfQ.')),
        async (authorization) => {
          const res = await t.inject({ method: 'GET', url: protectedRoute.url, headers: { authorization: authorization.replace(/[\r\n\u0000-\u001f\u007f-\uffff]/g, '') } });
          expect(res.statusCode).toBe(401);
        },
      ),
      { numRuns: 40 },
    );
  });
});
