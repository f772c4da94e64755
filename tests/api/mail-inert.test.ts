import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app';
import { catalogueFactory } from './support/catalogue';

/**
 * Stored XSS in mail: what a user typed reaches a mail's HTML only escaped. The template,
 * lead and membership mail have their own tests (crm-mailing, crm-leads, crm-membership); these are
 * the order dispatch mail and the password reset mail.
 */
const t = useTestApp();
const catalogue = catalogueFactory(t);
const hostile = (field: string) => `${field} <script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a>`;

/** No element, handler or javascript: link from the hostile text survives as markup. */
function expectInert(html: string, field: string) {
  expect(html).not.toMatch(/<script|<img|onerror="|href="javascript:/i);
  expect(html).toContain(`${field} &lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=&quot;alert(2)&quot;&gt;`);
}

describe('mail built from stored text', () => {
  it('the dispatch mail escapes the client name and the courier', async () => {
    const token = await t.tokenFor('admin');
    const email = `inert.${Date.now().toString(36)}@example.test`;
    const client = await t.post('/api/clients/save', { type: 'stockist', name: hostile('Client'), email }, { token });
    expect(client.statusCode, client.body).toBe(201);
    const product = await catalogue.product();
    const order = await t.post('/api/orders/create', { client_id: client.json().data.id, lines: [{ product_id: product.id, quantity: 1 }] }, { token });
    const id = order.json().data.id as number;
    expect((await t.post('/api/orders/save_courier', { id, courier_name: '<img src=x onerror="alert(4)">', tracking_number: 'T1' }, { token })).statusCode).toBe(200);
    for (const status of ['confirmed', 'in_production', 'ready', 'dispatched']) {
      const moved = await t.post('/api/orders/updatestatus', { id, status }, { token });
      expect(moved.statusCode, `${status}: ${moved.body}`).toBe(200);
    }
    // The automatic order notices carry the name too: each is inert.
    const mails = await t.outbox(email);
    const notices = mails.filter((m) => m.subject.startsWith('We received your order') || /^Order ORD-\d+: /.test(m.subject));
    expect(notices).toHaveLength(4); // the confirmation, and confirmed, in production, ready
    for (const each of notices) expectInert(each.html!, 'Client');
    const mail = mails.find((m) => m.subject.includes('on its way'));
    expect(mail, 'the dispatch mail').toBeDefined();
    expect(mail!.html).toContain('with &lt;img src=x onerror=&quot;alert(4)&quot;&gt;');
  });

  it('the password reset mail escapes the user name', async () => {
    const user = await t.makeUser({ role: 'production', name: hostile('User') });
    expect((await t.post('/api/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
    const [mail] = await t.outbox(user.email);
    expectInert(mail.html!, 'User');
  });
});
