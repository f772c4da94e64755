import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** An answer the client caused: a 4xx with a message and, where one field is at fault, its name. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** Sent with the answer (Retry-After on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (field: string, message: string) => new HttpError(400, message, { [field]: message });
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'Your role may not do this') => new HttpError(403, message);
export const notFound = (what = 'Record') => new HttpError(404, `${what} not found`);
export const conflict = (field: string, message: string) => new HttpError(409, message, { [field]: message });

interface ValidationIssue {
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** "body/lines/0/quantity" for a nested value, "body/email" for a missing property. */
function fieldOf(issue: ValidationIssue, context: string | undefined): string {
  const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing = issue.params.missingProperty as string | undefined;
  const extra = issue.params.additionalProperty as string | undefined;
  const name = [path, missing ?? extra].filter(Boolean).join('.');
  return name || context || 'body';
}

function describe(issue: ValidationIssue, field: string): string {
  if (issue.params.missingProperty) return `${field} is required`;
  if (issue.params.additionalProperty) return `${field} is not a known field`;
  return `${field} ${issue.message ?? 'is invalid'}`;
}

/** The JSON 404 of an unknown endpoint. */
export function jsonNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` });
}

/**
 * Every error leaves as `{message, errors?}`; anything unexpected is logged and answered 500 without
 * details. Fastify takes one not-found handler per instance, so a caller that serves more than the
 * API (the SPA's history fallback) passes its own, which must keep unknown /api paths on jsonNotFound.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  notFound: (request: FastifyRequest, reply: FastifyReply) => unknown = jsonNotFound,
): void {
  app.setErrorHandler((error: FastifyError & { errors?: Record<string, string> }, request, reply) => {
    if (error.validation) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation as ValidationIssue[]) {
        const field = fieldOf(issue, error.validationContext);
        errors[field] ??= describe(issue, field);
      }
      return reply.status(400).send({ message: Object.values(errors)[0] ?? 'Invalid input', errors });
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({ message: error.message, errors: error.errors });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own client errors: malformed JSON, a body too large, an unsupported media type.
      const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'body is not valid JSON' : error.message;
      return reply.status(status).send({ message, errors: { body: message } });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ message: 'Something went wrong on our side; it has been logged' });
  });

  app.setNotFoundHandler(notFound);
}
