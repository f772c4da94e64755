import { and, eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RoleName } from '../../server/auth/roles';
import { clients, orders, products, repClients } from '../../server/db/schema';
import { useTestApp } from './support/app';

/**
 * The authorization matrix (which caller may call which route), written down independently of the routes' own
 * declarations and checked against what the running server does: every /api route × every kind
 * of caller. The route list comes from the server itself (`app.apiRoutes`), so a route added
 * without an entry here fails the first test.
 */
type Caller = 'public' | RoleName;
const callers: Caller[] = ['public', 'admin', 'production', 'reseller', 'stockist', 'individual'];
const ANYONE = 'public' as const;
const SIGNED_IN: RoleName[] = ['admin', 'production', 'reseller', 'stockist', 'individual'];
const ADMIN: RoleName[] = ['admin'];
const MEMBERS: RoleName[] = ['stockist', 'individual'];
const ORDERING: RoleName[] = ['admin', ...MEMBERS, 'reseller'];
const WORKFLOW: RoleName[] = ['admin', 'production'];
const BILLING_READERS: RoleName[] = ['admin', ...MEMBERS, 'reseller'];

export const matrix: Record<string, typeof ANYONE | RoleName[]> = {
  'GET /api/health': ANYONE,
  // The API reference (Swagger UI) and its OpenAPI document: public, as the health check is.
  'GET /api/docs': ANYONE,
  'GET /api/docs/json': ANYONE,
  'GET /api/docs/yaml': ANYONE,
  'GET /api/docs/static/index.html': ANYONE,
  'GET /api/docs/static/swagger-initializer.js': ANYONE,
  'GET /api/docs/static/*': ANYONE,
  'GET /api/auth/demo-accounts': ANYONE,
  'POST /api/auth/login': ANYONE,
  'GET /api/auth/check': ANYONE,
  'POST /api/auth/forgot-password': ANYONE,
  'POST /api/auth/reset-password': ANYONE,
  'GET /api/auth/refresh': SIGNED_IN,
  'GET /api/auth/core': SIGNED_IN,
  'POST /api/auth/logout': SIGNED_IN,
  // Two-factor and sessions: each user's own; the second step of a sign-in needs only its challenge.
  'GET /api/auth/2fa/status': SIGNED_IN,
  'POST /api/auth/2fa/enrol': SIGNED_IN,
  'POST /api/auth/2fa/confirm': SIGNED_IN,
  'POST /api/auth/2fa/disable': SIGNED_IN,
  'POST /api/auth/2fa/verify': ANYONE,
  'GET /api/auth/sessions': SIGNED_IN,
  'POST /api/auth/sessions/end': SIGNED_IN,
  'POST /api/admin/resettwofactor': ADMIN,
  'POST /api/admin/endsessions': ADMIN,
  'GET /api/admin/securitysettings': ADMIN,
  'POST /api/admin/savesecuritysettings': ADMIN,

  // Everyone reads the catalogue (at their own price); only the admin changes it.
  'GET /api/products/all': SIGNED_IN,
  'GET /api/products/alldisplay': SIGNED_IN,
  'GET /api/products/product': SIGNED_IN,
  'GET /api/products/properties': SIGNED_IN,
  'GET /api/products/property': SIGNED_IN,
  'POST /api/products/save': ADMIN,
  'POST /api/products/delete': ADMIN,
  'POST /api/products/saveproperty': ADMIN,
  'POST /api/products/savepropertyvalues': ADMIN,
  'POST /api/products/deleteproperty': ADMIN,
  'GET /api/products/groups': ADMIN,
  'GET /api/products/group': ADMIN,
  'POST /api/products/savegroup': ADMIN,
  'POST /api/products/deletegroup': ADMIN,
  'POST /api/products/savegrouppricing': ADMIN,
  'POST /api/products/deletegrouppricing': ADMIN,

  // Orders: each role sees its own scope (checked per record below); production works the workflow.
  'GET /api/orders/all': SIGNED_IN,
  'GET /api/orders/properties': SIGNED_IN,
  // What production has to make: quantities only, for the workflow's roles.
  'GET /api/orders/production_queue': WORKFLOW,
  'GET /api/orders/order': SIGNED_IN,
  'GET /api/orders/orderbytoken': ANYONE,
  'POST /api/orders/create': ORDERING,
  'POST /api/orders/quote': ORDERING,
  'GET /api/orders/reorder': ORDERING,
  'POST /api/orders/update': ORDERING,
  'POST /api/orders/membership_order': ADMIN,
  'POST /api/orders/updatestatus': WORKFLOW,
  'POST /api/orders/save_courier': WORKFLOW,
  'POST /api/orders/delete': ADMIN,
  'GET /api/orders/comments': SIGNED_IN,
  'POST /api/orders/comment': SIGNED_IN,

  // Members: the admin manages all; a member its own client and users.
  'GET /api/clients/all': ADMIN,
  'GET /api/clients/client': ['admin', ...MEMBERS],
  'POST /api/clients/save': ['admin', ...MEMBERS],
  'POST /api/clients/delete': ADMIN,
  'POST /api/clients/save_question_answers': ['admin', ...MEMBERS],
  'POST /api/clients/activate_membership': ADMIN,
  'GET /api/admin/clientusers': ['admin', ...MEMBERS],
  'POST /api/admin/createclientuser': ['admin', ...MEMBERS],
  'GET /api/admin/companyusers': ADMIN,
  'GET /api/admin/repusers': ADMIN,
  'GET /api/admin/roles': ADMIN,
  'POST /api/admin/createuser': ADMIN,
  'POST /api/admin/updateuser': ADMIN,
  'POST /api/admin/deleteuser': ADMIN,
  'GET /api/admin/branches': ADMIN,
  'POST /api/admin/savebranch': ADMIN,
  'POST /api/admin/deletebranch': ADMIN,

  // Reps: the reseller its own view and clients; links are the admin's.
  'GET /api/reps/rep': ['admin', 'reseller'],
  'GET /api/reps/client': ['admin', 'reseller'],
  'POST /api/reps/saveclient': ['admin', 'reseller'],
  'POST /api/reps/saveclientlinks': ADMIN,

  // Marketing: banners showing now are for everyone signed in; the rest of CRM is the admin's.
  'GET /api/crm/banners': SIGNED_IN,
  'POST /api/crm/savebanner': ADMIN,
  'POST /api/crm/deletebanner': ADMIN,

  // Membership and leads: the public registers and completes by token; everything else is the admin's.
  'POST /api/crm/savelead': ANYONE,
  'GET /api/crm/registration_options': ANYONE,
  'GET /api/crm/completion_data/:token': ANYONE,
  'POST /api/crm/finalise_membership': ANYONE,
  'GET /api/crm/salesleads': ADMIN,
  'GET /api/crm/lead': ADMIN,
  'POST /api/crm/movelead': ADMIN,
  'POST /api/crm/deletelead': ADMIN,
  'POST /api/crm/auth_membership': ADMIN,
  'POST /api/crm/reject_lead': ADMIN,
  'POST /api/crm/add_member': ADMIN,
  'POST /api/crm/send_membership_reminder': ADMIN,
  'GET /api/crm/questions': ADMIN,
  'POST /api/crm/savequestion': ADMIN,
  'POST /api/crm/deletequestion': ADMIN,
  'POST /api/crm/import_members': ADMIN,

  // Email templates, mailing lists, sends and the mail queue: the admin's alone; unsubscribing needs only the link's token.
  'GET /api/crm/emailtemplates': ADMIN,
  'GET /api/crm/emailtemplate': ADMIN,
  'POST /api/crm/savetemplate': ADMIN,
  'POST /api/crm/deletetemplate': ADMIN,
  'GET /api/crm/placeholders': ADMIN,
  'POST /api/crm/previewtemplate': ADMIN,
  'POST /api/crm/testsendtemplate': ADMIN,
  'GET /api/crm/mailinglists': ADMIN,
  'GET /api/crm/mailinglist': ADMIN,
  'POST /api/crm/savemailinglist': ADMIN,
  'POST /api/crm/savemailinglistclients': ADMIN,
  'POST /api/crm/addsegment': ADMIN,
  'POST /api/crm/deletemailinglist': ADMIN,
  'POST /api/crm/sendmailinglist': ADMIN,
  'GET /api/crm/mailingsend': ADMIN,
  'GET /api/crm/mailingsends': ADMIN,
  'POST /api/crm/pausesend': ADMIN,
  'POST /api/crm/resumesend': ADMIN,
  'POST /api/crm/cancelsend': ADMIN,
  'POST /api/crm/retrysend': ADMIN,
  'GET /api/crm/senddeliveries': ADMIN,
  'GET /api/crm/mailqueue': ADMIN,
  'POST /api/crm/retrymail': ADMIN,
  'GET /api/crm/unsubscribe': ANYONE,
  'POST /api/crm/unsubscribe': ANYONE,
  'GET /api/crm/clientdeliverability': ADMIN,
  // The mail provider has no session: the webhooks trust an HMAC signature instead (the test app
  // sets no BOUNCE_WEBHOOK_SECRET, so here they answer 404, saying so; tests/api/crm-bounces.test.ts signs).
  // Engagement: the tracked links and the pixel are public (their signed token is the
  // authorisation; a made-up one is 404); the report and the setting are the admin's.
  'GET /api/mailing/click/:token': ANYONE,
  'GET /api/mailing/open/:token': ANYONE,
  'GET /api/crm/sendreport': ADMIN,
  'GET /api/crm/engagementsettings': ADMIN,
  'POST /api/crm/saveengagementsettings': ADMIN,
  'POST /api/webhooks/bounce': ANYONE,
  'POST /api/webhooks/bounce/mailgun': ANYONE,

  // Who changed what: the company's own record, for the admin only.
  'GET /api/admin/auditlog': ADMIN,

  // Billing: the admin runs it; members read their own documents and send proof of
  // payment; resellers read their linked clients'; production has nothing to do with money.
  'GET /api/billing/settings': ADMIN,
  'POST /api/billing/savesettings': ADMIN,
  'GET /api/billing/invoices': BILLING_READERS,
  'GET /api/billing/invoice': BILLING_READERS,
  'GET /api/billing/invoice_pdf': BILLING_READERS,
  'GET /api/billing/notes': BILLING_READERS,
  'GET /api/billing/note': BILLING_READERS,
  'GET /api/billing/note_pdf': BILLING_READERS,
  'POST /api/billing/issue_invoice': ADMIN,
  'POST /api/billing/credit_note': ADMIN,
  'POST /api/billing/debit_note': ADMIN,
  'POST /api/billing/payment': ADMIN,
  'GET /api/billing/payments': BILLING_READERS,
  'GET /api/billing/payment': BILLING_READERS,
  'POST /api/billing/upload_proof': MEMBERS,
  'GET /api/billing/proof': ['admin', ...MEMBERS],
  'POST /api/billing/confirm_payment': ADMIN,
  'POST /api/billing/refuse_payment': ADMIN,
  'GET /api/billing/statement': BILLING_READERS,
  'GET /api/billing/statement_pdf': BILLING_READERS,
  'GET /api/billing/debtors': ['admin', 'reseller'],
  'GET /api/billing/account': BILLING_READERS,
  'POST /api/billing/saveclientbilling': ADMIN,
  'GET /api/billing/export': ADMIN,
  // Paying online through PayFast: a member its own invoices, an admin anyone's; PayFast's notification
  // is public (it proves itself by signature, source and PayFast's confirmation); the log is the admin's.
  'POST /api/billing/checkout': ['admin', ...MEMBERS],
  'GET /api/billing/checkout': ['admin', ...MEMBERS],
  'POST /api/billing/payfast_notify': ANYONE,
  'GET /api/billing/payfast_notifications': ADMIN,
  // The test gateway (no PayFast settings, outside production): its form is posted by the browser, as PayFast's is.
  'POST /api/billing/test_gateway/eng/process': ANYONE,
  'POST /api/billing/test_gateway/pay': ['admin', ...MEMBERS],

  // Bank statements and their reconciliation: every customer's payments, so admins only.
  'POST /api/bank/import': ADMIN,
  'GET /api/bank/statements': ADMIN,
  'GET /api/bank/lines': ADMIN,
  'POST /api/bank/match': ADMIN,
  'POST /api/bank/unmatch': ADMIN,
  'POST /api/bank/ignore': ADMIN,
  'GET /api/bank/rules': ADMIN,
  'POST /api/bank/saverule': ADMIN,
  'POST /api/bank/deleterule': ADMIN,
  // Outgoing webhooks: an endpoint receives members' and orders' data, so admins only.
  'GET /api/webhooks/endpoints': ADMIN,
  'GET /api/webhooks/endpoint': ADMIN,
  'POST /api/webhooks/saveendpoint': ADMIN,
  'POST /api/webhooks/deleteendpoint': ADMIN,
  'GET /api/webhooks/deliveries': ADMIN,
  'POST /api/webhooks/testendpoint': ADMIN,
  'POST /api/webhooks/redeliver': ADMIN,
  // POPIA: consent history (a member's own only, checked below), the member's own choice,
  // the admin's record of a phone call; the information officer is public (the privacy page).
  'GET /api/privacy/consents': ['admin', ...MEMBERS],
  'POST /api/privacy/myconsent': MEMBERS,
  'POST /api/privacy/recordconsent': ADMIN,
  'GET /api/privacy/officer': ANYONE,
  'POST /api/privacy/saveofficer': ADMIN,
  // Automatic mail: the admin words and switches it; each member chooses its own notices.
  'GET /api/automail/kinds': ADMIN,
  'GET /api/automail/template': ADMIN,
  'POST /api/automail/savetemplate': ADMIN,
  'POST /api/automail/resettemplate': ADMIN,
  'POST /api/automail/setenabled': ADMIN,
  'POST /api/automail/preview': ADMIN,
  'GET /api/automail/preferences': MEMBERS,
  'POST /api/automail/savepreferences': MEMBERS,
  // Live events: the stream signs its caller in itself (a header or a ticket).
  'GET /api/events': ANYONE,
  'POST /api/events/ticket': SIGNED_IN,
  // POPIA: a member exports and asks about its own client only (404 for another); the admin decides.
  'GET /api/privacy/export': ['admin', ...MEMBERS],
  'GET /api/privacy/erasure': ['admin', ...MEMBERS],
  'POST /api/privacy/requesterasure': ['admin', ...MEMBERS],
  'GET /api/privacy/erasurerequests': ADMIN,
  'POST /api/privacy/approveerasure': ADMIN,
  'POST /api/privacy/declineerasure': ADMIN,
  // Sales reports: the business for the admin, its linked clients for a rep, its own client for a
  // member (narrowed by the service, checked in reports-sales.test.ts); the production team sees no money.
  'GET /api/reports/sales': ['admin', 'reseller', ...MEMBERS],
  // Rep commissions: the admin sets plans and targets and closes months; a rep reads its own plans
  // and statements (another rep's answers 404, checked in commissions.test.ts); members and the
  // production team see none.
  'GET /api/commissions/plans': ['admin', 'reseller'],
  'POST /api/commissions/saveplan': ADMIN,
  'POST /api/commissions/savetarget': ADMIN,
  'GET /api/commissions/statement': ['admin', 'reseller'],
  'POST /api/commissions/closemonth': ADMIN,
  'GET /api/commissions/statement_pdf': ['admin', 'reseller'],

  // Stock: the figures are the stock keepers' (admins and production); whoever orders is told
  // three words per product and what its own order's lines hold (another's order answers 404,
  // checked in stock.test.ts).
  'GET /api/stock/levels': WORKFLOW,
  'POST /api/stock/adjust': WORKFLOW,
  'GET /api/stock/movements': WORKFLOW,
  'GET /api/stock/availability': SIGNED_IN,
  'GET /api/stock/order': SIGNED_IN,
  // Production: the plan and the work orders are the makers' (admins and production).
  'GET /api/production/plan': WORKFLOW,
  'GET /api/production/workorders': WORKFLOW,
  'POST /api/production/createworkorder': WORKFLOW,
  'POST /api/production/completeworkorder': WORKFLOW,

  // Courier tracking: the courier has no session, its events trust an HMAC signature (the test app
  // sets no COURIER_WEBHOOK_SECRET, so here it answers 404, saying so; tests/api/courier-webhook.test.ts
  // signs); the tracking link templates are company settings, the admin's.
  'POST /api/webhooks/courier': ANYONE,
  'GET /api/courier/templates': ADMIN,
  'POST /api/courier/savetemplates': ADMIN,
  // Deliveries: admins and production send goods, print picking slips and prove deliveries;
  // whoever may see an order sees its deliveries and notes (a member its own client's only,
  // checked in deliveries.test.ts).
  'POST /api/deliveries/create': WORKFLOW,
  'GET /api/deliveries/all': SIGNED_IN,
  'GET /api/deliveries/note_pdf': SIGNED_IN,
  'GET /api/deliveries/picking_pdf': WORKFLOW,
  'POST /api/deliveries/pod': WORKFLOW,
};

/**
 * Public to the access check because they sign the caller in themselves (the event stream takes a
 * ticket where a browser cannot send a header): a caller with neither gets 401, as on a
 * signed-in route, and these roles get through.
 */
const signsInItself: Record<string, RoleName[]> = {
  'GET /api/events': SIGNED_IN,
};

/**
 * Public routes that also serve signed-in callers, and then only these roles: the registration
 * form posts a lead anonymously; with a session, only the admin keeps leads.
 */
const whenSignedIn: Record<string, RoleName[]> = {
  'POST /api/crm/savelead': ADMIN,
};

const t = useTestApp();

/**
 * Bodies for routes whose role check depends on what is asked: a member may update its own client
 * (clients/save with its id) but not create one.
 */
const probeBody: Record<string, (caller: Caller) => unknown> = {
  'POST /api/clients/save': (caller) => (caller === 'stockist' || caller === 'individual' ? { id: t.demo[caller].clientId } : {}),
};

/** `/api/orders/all` → `orders`. */
const domainOf = (url: string) => url.split('/')[2];

async function call(caller: Caller, method: string, url: string, body?: unknown) {
  const token = caller === 'public' ? null : await t.tokenFor(caller);
  // Path parameters get a harmless value: access is decided before any validation.
  const path = url.replace(/:[A-Za-z_]+/g, 'x');
  return method === 'GET' ? t.get(path, { token }) : t.post(path, body ?? {}, { token });
}

describe('the authorization matrix', () => {
  it('has an entry for every /api route the server registers, and each route declares exactly that access', () => {
    const registered = t.app.apiRoutes.map((route) => `${route.method} ${route.url}`);
    const missing = registered.filter((key) => !(key in matrix));
    expect(missing, 'routes without a matrix entry (add them to tests/api/authorization-matrix.test.ts)').toEqual([]);
    const gone = Object.keys(matrix).filter((key) => !registered.includes(key));
    expect(gone, 'matrix entries for routes the server no longer has').toEqual([]);
    for (const route of t.app.apiRoutes) {
      const expected = matrix[`${route.method} ${route.url}`];
      const declared = route.access === 'signed-in' ? SIGNED_IN : route.access;
      const normal = (access: typeof declared) => (access === 'public' ? access : [...access].sort());
      expect(normal(declared), `${route.method} ${route.url}`).toEqual(normal(expected));
    }
  });

  // One test per domain (the path's first part), in the matrix's order: a failure names its domain,
  // and no one test carries all ~1,500 calls (it took 16 s of its 30 on a quiet CI run and timed out
  // on a loaded one). The first test above proves every route has a matrix entry, so every route is
  // in one of these.
  const domains = [...new Set(Object.keys(matrix).map((key) => domainOf(key.split(' ')[1])))];
  it.each(domains)('every %s route answers every caller as the matrix says: 401 without a session, 403 for another role, through for the allowed', async (domain) => {
    const wrong: string[] = [];
    for (const route of t.app.apiRoutes.filter((candidate) => domainOf(candidate.url) === domain)) {
      const expected = matrix[`${route.method} ${route.url}`];
      for (const caller of callers) {
        const key = `${route.method} ${route.url}`;
        const only = whenSignedIn[key] ?? signsInItself[key];
        const allowed =
          caller === 'public' ? expected === 'public' && !(key in signsInItself) : only ? only.includes(caller) : expected === 'public' || expected.includes(caller);
        const res = await call(caller, route.method, route.url, probeBody[`${route.method} ${route.url}`]?.(caller));
        const verdict = allowed ? ![401, 403].includes(res.statusCode) : res.statusCode === (caller === 'public' ? 401 : 403);
        if (!verdict || res.statusCode >= 500) wrong.push(`${caller} ${route.method} ${route.url} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("a member's or a rep's own records, and another client's", () => {
  const ids = { own: {} as Record<RoleName, number>, other: {} as Record<RoleName, number>, orderOf: new Map<number, number>(), product: 0 };

  beforeAll(async () => {
    const [product] = await t.db.select({ id: products.id }).from(products).where(and(eq(products.active, true), ne(products.sku, 'MEMBERSHIP'))).limit(1);
    ids.product = product.id;
    for (const role of MEMBERS) {
      ids.own[role] = t.demo[role].clientId!;
      ids.other[role] = t.demo[role === 'stockist' ? 'individual' : 'stockist'].clientId!;
    }
    const linked = await t.db.select({ clientId: repClients.clientId }).from(repClients).where(eq(repClients.repUserId, t.demo.reseller.id));
    ids.own.reseller = linked[0].clientId;
    const [unlinked] = await t.db
      .select({ id: clients.id })
      .from(clients)
      .where(and(...linked.map((l) => ne(clients.id, l.clientId))))
      .limit(1);
    ids.other.reseller = unlinked.id;
    for (const role of [...MEMBERS, 'reseller'] as RoleName[]) {
      for (const clientId of [ids.own[role], ids.other[role]]) {
        const [order] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.clientId, clientId)).limit(1);
        if (order) ids.orderOf.set(clientId, order.id);
      }
    }
  });

  const memberProbes: { name: string; roles: RoleName[]; send: (role: RoleName, clientId: number) => Promise<{ statusCode: number; body: string }> }[] = [
    { name: 'the client page', roles: MEMBERS, send: (role, c) => call(role, 'GET', `/api/clients/client?id=${c}`) },
    { name: 'the client users', roles: MEMBERS, send: (role, c) => call(role, 'GET', `/api/admin/clientusers?client_id=${c}`) },
    { name: 'an order of the client', roles: [...MEMBERS, 'reseller'], send: (role, c) => call(role, 'GET', `/api/orders/order?id=${ids.orderOf.get(c)}`) },
    { name: 'the comments of an order', roles: [...MEMBERS, 'reseller'], send: (role, c) => call(role, 'GET', `/api/orders/comments?order_id=${ids.orderOf.get(c)}`) },
    { name: 'a past order as a new draft', roles: [...MEMBERS, 'reseller'], send: (role, c) => call(role, 'GET', `/api/orders/reorder?id=${ids.orderOf.get(c)}`) },
    { name: 'a quote for the client', roles: [...MEMBERS, 'reseller'], send: (role, c) => call(role, 'POST', '/api/orders/quote', { client_id: c, lines: [{ product_id: ids.product, quantity: 1 }] }) },
    { name: "the member's data export", roles: MEMBERS, send: (role, c) => call(role, 'GET', `/api/privacy/export?client_id=${c}`) },
    { name: "the member's erasure request", roles: MEMBERS, send: (role, c) => call(role, 'GET', `/api/privacy/erasure?client_id=${c}`) },
    { name: 'the marketing consent history', roles: MEMBERS, send: (role, c) => call(role, 'GET', `/api/privacy/consents?client_id=${c}`) },
    { name: "what the order's lines hold in stock", roles: [...MEMBERS, 'reseller'], send: (role, c) => call(role, 'GET', `/api/stock/order?order_id=${ids.orderOf.get(c)}`) },
    { name: 'the client as its rep sees it', roles: ['reseller'], send: (role, c) => call(role, 'GET', `/api/reps/client?id=${c}`) },
  ];

  for (const probe of memberProbes) {
    for (const role of probe.roles) {
      it(`${role}: ${probe.name} answers for its own client and 404 (not 403) for another`, async () => {
        const own = await probe.send(role, ids.own[role]);
        expect(own.statusCode, own.body).toBeLessThan(300);
        const other = await probe.send(role, ids.other[role]);
        expect(other.statusCode, other.body).toBe(404);
        // A 404 says nothing about the record: the same answer as for an id that does not exist.
        expect(other.body).not.toMatch(/@|pharmacy|store/i);
      });
    }
  }
});

describe('no answer leaks what its caller may not see', () => {
  it('no GET answer, for any caller, carries a password hash, a token hash or a token version; members see no other client', async () => {
    const secrets = /password_?hash|passwordHash|token_?hash|tokenHash|token_?version|tokenVersion|scrypt/i;
    const clientEmails = (await t.db.select({ id: clients.id, email: clients.email }).from(clients)).filter((c) => c.email);
    const leaks: string[] = [];
    for (const caller of callers) {
      const own = caller === 'stockist' || caller === 'individual' ? t.demo[caller].clientId : null;
      for (const route of t.app.apiRoutes.filter((r) => r.method === 'GET' && !r.url.includes(':'))) {
        const res = await call(caller, 'GET', route.url);
        if (res.statusCode !== 200) continue;
        if (secrets.test(res.body)) leaks.push(`${caller} ${route.url}: ${secrets.exec(res.body)![0]}`);
        if (own !== null) {
          for (const other of clientEmails.filter((c) => c.id !== own)) {
            if (res.body.toLowerCase().includes(other.email.toLowerCase())) leaks.push(`${caller} ${route.url}: client #${other.id}'s email`);
          }
        }
      }
    }
    expect(leaks).toEqual([]);
  });

  it('members and reps see only their own price: product answers carry one price and no other role’s', async () => {
    const wire = ['id', 'sku', 'name', 'description', 'price', 'active', 'display_material', 'image_url', 'property_value_ids'];
    for (const role of ['reseller', 'stockist', 'individual'] as RoleName[]) {
      const res = await call(role, 'GET', '/api/products/all?perPage=50');
      expect(res.statusCode).toBe(200);
      for (const product of res.json().data as Record<string, unknown>[]) {
        const extra = Object.keys(product).filter((key) => !wire.includes(key));
        expect(extra.filter((key) => /price|percent|role|base|rule/i.test(key)), `${role} product keys`).toEqual([]);
      }
    }
  });
});
