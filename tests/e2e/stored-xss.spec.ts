import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { paintPng } from '../../server/db/seed/png';
import { expectBackOffice, openHome, signIn } from './support';

/**
 * Stored XSS: script, event-handler and `javascript:` content saved through the API in
 * every text field the screens show, then every screen that shows it opened by an admin, a member
 * and the public. Any dialog, any change of `window.__xss` or of the document title fails the test;
 * each screen must also show the payload as text, so the test cannot pass by showing nothing.
 */
const stamp = Date.now().toString(36);
const MARK = `X${stamp}`;
/** What every payload runs if it ever runs: sets window.__xss and opens a dialog. */
const E = 'alert(window.__xss=1)';
/** Script, event-handler and javascript: content in one value (short enough for a 200-character name). */
const payload = (field: string) => `${MARK} ${field} <script>${E}</script><img src=x onerror="${E}">javascript:${E}`;
/** For fields of at most 100 characters. */
const shortPayload = (field: string) => `${MARK} ${field}<img src=x onerror="${E}">`;
/** Longer text fields get more: an svg handler, a link to javascript:, an attribute break-out. */
const longPayload = (field: string) => `${payload(field)} <svg onload="${E}"></svg> "><a href="javascript:${E}">go</a><iframe src="javascript:${E}"></iframe>`;

interface Seeded {
  clientId: number;
  orderId: number;
  productId: number;
  trackingToken: string;
  leadId: number;
  templateId: number;
  listId: number;
  groupId: number;
  memberEmail: string;
}

const memberPassword = 'xss-member-password-1';

async function apiAs(request: APIRequestContext, email: string, password: string) {
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  const authorization = `Bearer ${(await login.json()).access_token as string}`;
  const post = async (path: string, data: unknown, status = 201) => {
    const res = await request.post(path, { data, headers: { authorization } });
    expect([status, 200], `${path}: ${await res.text()}`).toContain(res.status());
    return (await res.json()).data;
  };
  return { post, authorization };
}

async function seed(request: APIRequestContext): Promise<Seeded> {
  const { post, authorization } = await apiAs(request, 'admin@example.com', 'demo-pass-1234');
  const client = await post('/api/clients/save', {
    type: 'stockist',
    name: payload('client name'),
    contact_name: payload('contact'),
    email: `xss.${stamp}@example.test`,
    address: longPayload('address'),
  });
  const memberEmail = `xss.member.${stamp}@example.test`;
  await post('/api/admin/createclientuser', { client_id: client.id, name: payload('user name'), email: memberEmail, password: memberPassword });
  const product = await post('/api/products/save', { sku: `XSS-${stamp}`, name: payload('product name'), description: longPayload('product description'), price: 1000 });
  const order = await post('/api/orders/create', { client_id: client.id, lines: [{ product_id: product.id, quantity: 1 }], notes: longPayload('order notes') });
  await post('/api/orders/comment', { order_id: order.id, text: longPayload('order comment') });
  await post('/api/orders/save_courier', { id: order.id, courier_name: shortPayload('courier'), tracking_number: `T${stamp}` }, 200);
  const lead = await post('/api/crm/savelead', {
    name: payload('lead name'),
    company: payload('lead company'),
    notes: longPayload('lead notes'),
    follow_up_at: new Date(Date.now() - 86400_000).toISOString(),
  });
  const template = await post('/api/crm/savetemplate', { name: payload('template name'), subject: `${MARK} subject`, body: `<p>${MARK} {{client_name}}</p>` });
  const list = await post('/api/crm/savemailinglist', { name: payload('list name'), description: longPayload('list description') });
  const group = await post('/api/products/savegroup', { name: payload('group name'), description: longPayload('group description'), product_ids: [product.id] });
  await post('/api/products/saveproperty', { name: shortPayload('property'), values: [{ value: shortPayload('value') }] });
  const bannerRes = await request.post('/api/crm/savebanner', {
    headers: { authorization },
    multipart: {
      title: payload('banner title'),
      link_url: '/products',
      position: '0',
      active: 'true',
      image: { name: 'x.png', mimeType: 'image/png', buffer: paintPng(40, 10, () => [200, 0, 0]) },
    },
  });
  expect(bannerRes.status(), await bannerRes.text()).toBe(201);
  return { clientId: client.id, orderId: order.id, productId: product.id, trackingToken: order.token, leadId: lead.id, templateId: template.id, listId: list.id, groupId: group.id, memberEmail };
}

/** Fails the test on any dialog the page opens; dismisses it so the page goes on. */
function watch(page: Page, effects: string[]) {
  page.on('dialog', async (dialog) => {
    effects.push(`dialog: ${dialog.message()}`);
    await dialog.dismiss();
  });
}

async function expectInert(page: Page, path: string | null, effects: string[], shows = true) {
  if (path === '/') await openHome(page);
  else if (path) await page.goto(path);
  if (shows) await expect(page.getByText(MARK).first(), `${path} shows the stored text`).toBeVisible();
  // Give late handlers (an image error, a lazily rendered row) their chance to run.
  await page.waitForTimeout(300);
  const state = await page.evaluate(() => ({
    xss: (window as unknown as { __xss?: string }).__xss ?? null,
    title: document.title,
    // Inert means no markup from the payload at all, not only that the CSP stopped its handlers.
    markup: [...document.querySelectorAll('img[src="x"], [onerror], [onload], a[href^="javascript:"], iframe[src^="javascript:"]')].map((e) => e.outerHTML.slice(0, 80)),
  }));
  if (state.xss) effects.push(`${path}: window.__xss = ${state.xss}`);
  if (state.markup.length) effects.push(`${path}: payload markup in the page: ${state.markup.join(' | ')}`);
  if (state.title === 'XSS') effects.push(`${path}: the title was changed`);
  expect(effects, path ?? 'the open screen').toEqual([]);
}

test('script, event-handler and javascript: content stays inert on every screen that shows it', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const seeded = await seed(request);
  const effects: string[] = [];
  watch(page, effects);

  await page.goto('/login');
  await signIn(page, 'admin@example.com');
  await expectBackOffice(page);
  const adminScreens = [
    '/',
    `/members?filter=${encodeURIComponent(JSON.stringify({ q: MARK }))}`,
    `/clients/view/${seeded.clientId}`,
    '/orders',
    `/orders/view/order/${seeded.orderId}`,
    `/products?filter=${encodeURIComponent(JSON.stringify({ q: MARK }))}`,
    '/product-groups',
    `/product-groups/${seeded.groupId}`,
    '/properties',
    '/sales-leads',
    '/email-templates',
    `/email-templates/${seeded.templateId}`,
    '/mailing-lists',
    `/mailing-lists/${seeded.listId}`,
    '/marketing',
  ];
  for (const path of adminScreens) await expectInert(page, path, effects);
  // The audit screen's before → after of the writes above, opened: each record's own entries (the
  // newest entries of the whole portal are other tests' too, when the browser tests run side by side).
  const audited: [string, number][] = [['client', seeded.clientId], ['product', seeded.productId], ['lead', seeded.leadId], ['email_template', seeded.templateId]];
  for (const [entity, id] of audited) {
    await page.goto(`/audit-log?filter=${encodeURIComponent(JSON.stringify({ entity, entity_id: String(id) }))}`);
    const created = page.getByRole('row').filter({ hasText: 'create' }).first();
    await created.getByText('create', { exact: false }).first().click();
    await expectInert(page, null, effects);
  }

  // The member of the hostile client: its client page (with the banner), its order.
  const member = await browser.newContext();
  const memberPage = await member.newPage();
  watch(memberPage, effects);
  await memberPage.goto('/login');
  await signIn(memberPage, seeded.memberEmail, memberPassword);
  await expectBackOffice(memberPage);
  for (const path of [`/clients/view/${seeded.clientId}`, `/client/view/order/${seeded.orderId}`, '/products', '/']) {
    await expectInert(memberPage, path, effects, path !== '/');
  }
  await member.close();

  // The public tracking page.
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  watch(publicPage, effects);
  await expectInert(publicPage, `/ext/track/order/${seeded.trackingToken}`, effects);
  await visitor.close();
});
