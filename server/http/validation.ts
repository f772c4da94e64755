import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

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
}
