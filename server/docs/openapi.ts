import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import type { TSchema } from 'typebox';
import { type Access, roleNames } from '../auth/roles';
import { summaries } from './summaries';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The body of a route that reads it itself (a multipart form, outside the JSON validator):
     * shown in the OpenAPI document only, never used to validate.
     */
    documentedBody?: TSchema;
  }
}

/** `x-roles` of a public operation: no role is needed, and no token. */
export const PUBLIC = 'public';

/** The roles an access declaration lets in, as the document lists them (`x-roles`). */
export function rolesOf(access: Access): string[] {
  if (access === 'public') return [PUBLIC];
  if (access === 'signed-in') return [...roleNames];
  return [...access];
}

/** The sentence that opens each operation's description: who may call it. */
export function accessSentence(access: Access): string {
  if (access === 'public') return 'Public: no token needed.';
  if (access === 'signed-in') return 'Any signed-in user (every role); each sees only what its role allows.';
  return `Roles allowed: ${access.join(', ')}. Other roles get 403.`;
}

/** The operation summary registered for a route, by `METHOD /path` as Fastify writes it. */
export const summaryKey = (method: string, url: string) => `${method} ${url}`;

const domains: { name: string; description: string }[] = [
  { name: 'auth', description: 'Sign-in, tokens, the signed-in user and password recovery.' },
  { name: 'health', description: 'Whether the server and its database answer, and the state of the job queue.' },
  { name: 'events', description: 'Live events: a stream of the changes each caller may read, in react-admin’s realtime shape.' },
  { name: 'products', description: 'The catalogue, product properties, product groups and their role pricing.' },
  { name: 'orders', description: 'Orders, their status workflow, comments and public tracking by token.' },
  { name: 'clients', description: 'Members (clients) and their membership.' },
  { name: 'admin', description: 'Users of clients and of the company, roles and branches.' },
  { name: 'reps', description: 'Resellers (reps) and the clients linked to them.' },
  { name: 'privacy', description: "POPIA: a member's data export, erasure requests and their decision." },
  { name: 'webhooks', description: 'Signed outgoing webhooks: endpoints, their events and delivery log, test deliveries.' },
  { name: 'privacy', description: 'POPIA: consents to direct marketing and the information officer.' },
  { name: 'automail', description: 'Automatic mail on events: switches and wording per kind and language, members’ own choice of notices.' },
  { name: 'reports', description: 'Sales analytics from the invoice register, kept in step by the issuing transactions.' },
  { name: 'commissions', description: 'Rep commissions on what their clients paid, net of VAT: plans, targets, monthly statements and closing a month.' },
  { name: 'production', description: 'What to make: the plan from the backorders, and work orders whose output is stock.' },
  { name: 'courier', description: 'Courier tracking: couriers’ signed events by waybill, shown on the orders carrying it, and each courier’s tracking link template.' },
  { name: 'stock', description: 'Stock per branch: levels kept with their movements, reservations at confirmation, backorders filled oldest first, adjustments and counts.' },
  { name: 'deliveries', description: 'Deliveries: an order leaves in one or more numbered deliveries, each with its invoice and delivery note, proven on the phone.' },
  { name: 'crm', description: 'Banners, registration and member requests, sales leads, membership questions, email templates, mailing lists and sends, the mail queue.' },
];

/**
 * The OpenAPI document (@fastify/swagger, dynamic mode) generated from the routes' own schemas
 * and `config.access`. 3.1, because the TypeBox schemas are JSON Schema 2020-12 (`exclusiveMinimum`
 * as a number, `const`): a 3.0 document cannot hold them.
 */
export const openApiOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Members Portal API',
      version: '1.0.0',
      description: [
        'The API of the Members Portal; the web app uses nothing else.',
        '',
        'Send `Authorization: Bearer <access_token>` (from `POST /api/auth/login`) on every call that is not public.',
        'Each operation lists the roles that may call it in `x-roles` and in its description: no token is a 401, another role a 403,',
        'and a record that exists but is not the caller’s a 404. Reads answer `{data}`, lists `{data, total}`,',
        'errors `{message, errors?: {field: message}}`. JSON answers above 1 kB are compressed (br or gzip) when the request accepts it.',
      ].join('\n'),
    },
    tags: domains,
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    security: [{ bearer: [] }],
  },
  transform: ({ schema, url, route }) => {
    const access = route.config?.access;
    // Routes outside /api (none are documented today) and hidden ones go through unchanged.
    if (access === undefined || schema?.hide) return { schema, url };
    const method = [route.method].flat()[0];
    const own = schema as FastifySchema & { description?: string };
    const documented: Record<string, unknown> = {
      ...schema,
      summary: summaries[summaryKey(method, url)],
      description: [accessSentence(access), own.description].filter(Boolean).join('\n\n'),
      'x-roles': rolesOf(access),
      // A public operation needs no token: it overrides the document's default bearer requirement.
      ...(access === 'public' ? { security: [] } : {}),
      ...(route.config?.documentedBody ? { body: route.config.documentedBody } : {}),
    };
    return { schema: documented as FastifySchema, url };
  },
};
