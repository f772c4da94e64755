import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/**
 * Two validators: query strings and path parameters arrive as text and are coerced to the
 * declared types; JSON bodies are not, so `{"quantity": "3"}` is a wrong type and answers 400.
 */
export function registerValidation(app: FastifyInstance): void {
  const make = (coerceTypes: boolean | 'array') => {
    const ajv = new Ajv({ allErrors: true, coerceTypes, useDefaults: true, removeAdditional: false, strict: false });
    addFormats(ajv);
    return ajv;
  };
  const forText = make('array');
  const forBody = make(false);
  for (const ajv of [forText, forBody]) {
    for (const schema of Object.values(app.getSchemas())) ajv.addSchema(schema as object);
  }
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? forBody : forText).compile(schema));

  // PostgreSQL text cannot hold a NUL character: refused here, naming the field, instead of
  // failing in the database as a 500 (a search for "%00" used to).
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = nulField(part, '');
      if (field !== null) throw badRequest(field || 'body', `${field || 'body'} must not contain a NUL character`);
    }
  });
}

/** The path (`lines.0.name`) of the first string holding a NUL character, or null. */
export function nulField(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const inner = nulField(item, path ? `${path}.${key}` : key);
    if (inner !== null) return inner;
  }
  return null;
}
