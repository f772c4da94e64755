import { and, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingDocumentLines, billingDocuments, deliveries, products, stockMovements } from '../../server/db/schema';
import { useTestApp, type TestApp } from './support/app';
import { stockFactory } from './support/stock';
import { pdfText } from './support/pdfText';
import { paintPng } from '../../server/db/seed/png';

/**
 * Deliveries: an order leaves in parts, each taking its units off the reservations and the levels
 * with an invoice of exactly what left; the last one dispatches the order and the invoices add up
 * to it; more than is reserved is refused with nothing changed; a dispatch by hand sends the rest;
 * members see only their own; the proof of delivery is one proof per key, checked for what its
 * files are; the delivery note and picking slip say what they must.
 */
const t = useTestApp();
const s = stockFactory(t);
const admin = () => t.tokenFor('admin');

interface OrderLineAnswer {
  id: number;
  product_id: number;
  quantity: number;
  line_total: number;
}

async function readyOrder(clientId: number, lines: { product_id: number; quantity: number; stock: number }[]) {
  const branch = await s.branch();
  for (const line of lines) if (line.stock) await s.adjust(branch, line.product_id, line.stock);
  const order = await s.order(clientId, branch, lines.map(({ product_id, quantity }) => ({ product_id, quantity })));
  await s.move(order.id, 'confirmed');
  const read = await t.get(`/api/orders/order?id=${order.id}`, { token: await admin() });
  return { branch, id: order.id, body: read.json().data as { total: number; lines: OrderLineAnswer[]; status: string } };
}

const deliver = async (body: Record<string, unknown>, token?: string) => t.post('/api/deliveries/create', body, { token: token ?? (await admin()) });

const invoicesOf = (orderId: number) =>
  t.db.select({ id: billingDocuments.id, total: billingDocuments.total, deliveryId: billingDocuments.deliveryId }).from(billingDocuments).where(and(eq(billingDocuments.orderId, orderId), eq(billingDocuments.type, 'invoice')));

const png = () => paintPng(8, 4, (x) => [0, x * 30, 0]);
/** What a JPEG starts with (its start-of-image marker), then filler: the server judges a file by its first bytes. */
const jpeg = (size = 128) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size, 2)]);

/** The proof as the phone posts it: a multipart form with the fields, the signature PNG and a photo. */
function postProof(app: TestApp, token: string, fields: Record<string, string>, files: { signature?: Buffer; photo?: Buffer }, key?: string) {
  const boundary = '----pod' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const [name, bytes] of Object.entries(files)) {
    if (!bytes) continue;
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`), bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return app.inject({
    method: 'POST',
    url: '/api/deliveries/pod',
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
  });
}

describe('deliveries', () => {
  it('sends an order in two parts: stock and reservations move, each invoice bills what left, the last dispatches the order and the invoices sum to it', async () => {
    const a = await s.product({ price: 333 });
    const b = await s.product({ price: 1000 });
    const client = await s.client();
    const order = await readyOrder(client.id, [
      { product_id: a.id, quantity: 7, stock: 10 },
      { product_id: b.id, quantity: 3, stock: 3 },
    ]);
    const [lineA, lineB] = order.body.lines;
    expect(lineA.id).toEqual(expect.any(Number));

    const first = await deliver({ order_id: order.id, lines: [{ order_line_id: lineA.id, quantity: 4 }], courier: 'Fast Freight', waybill: 'WB-1001' });
    expect(first.statusCode, first.body).toBe(201);
    const one = first.json().data;
    expect(one).toMatchObject({ order_id: order.id, courier: 'Fast Freight', waybill: 'WB-1001', lines: [{ order_line_id: lineA.id, quantity: 4 }], signed_by: null });
    expect(one.number).toMatch(/^DEL-\d{6}$/);
    expect(one.invoice_id).toEqual(expect.any(Number));
    expect(await s.level(order.branch, a.id)).toMatchObject({ on_hand: 6, reserved: 3 });
    expect((await s.holding(order.id)).find((row) => row.orderLineId === lineA.id)).toMatchObject({ reserved: 3, delivered: 4 });
    const afterFirst = await t.get(`/api/orders/order?id=${order.id}`, { token: await admin() });
    expect(afterFirst.json().data.status).toBe('confirmed');
    expect(afterFirst.json().data.invoices).toEqual([{ id: one.invoice_id, number: one.invoice_number }]);
    const [firstInvoice] = await invoicesOf(order.id);
    expect(firstInvoice.total).toBe(Math.round((lineA.line_total * 4) / 7));
    expect(await t.audit('create_delivery', one.id)).toHaveLength(1);

    const last = await deliver({ order_id: order.id, lines: [{ order_line_id: lineA.id, quantity: 3 }, { order_line_id: lineB.id, quantity: 3 }] });
    expect(last.statusCode, last.body).toBe(201);
    const done = await t.get(`/api/orders/order?id=${order.id}`, { token: await admin() });
    expect(done.json().data.status).toBe('dispatched');
    expect(done.json().data.invoices).toHaveLength(2);
    // Each step on to dispatched is audited with the row as it was and as it became.
    const steps = (await t.audit('update_order_status', order.id)).map((entry) => (entry.data as { changes: Record<string, unknown> }).changes.status);
    expect(steps).toEqual([
      { before: 'new', after: 'confirmed' },
      { before: 'confirmed', after: 'in_production' },
      { before: 'in_production', after: 'ready' },
      { before: 'ready', after: 'dispatched' },
    ]);
    const invoices = await invoicesOf(order.id);
    expect(invoices.reduce((sum, invoice) => sum + invoice.total, 0)).toBe(order.body.total);
    expect(invoices.every((invoice) => invoice.deliveryId !== null)).toBe(true);
    expect(await s.level(order.branch, b.id)).toMatchObject({ on_hand: 0, reserved: 0 });
    expect(await s.invariants([a.id, b.id])).toEqual([]);

    const list = await t.get(`/api/deliveries/all?order_id=${order.id}`, { token: await admin() });
    expect(list.json().total).toBe(2);
    const refused = await deliver({ order_id: order.id, lines: [{ order_line_id: lineA.id, quantity: 1 }] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toHaveProperty(['lines.0.quantity']);
  });

  it('the last delivery bills the lines that hold no stock (the membership fee) too; courier and waybill are kept trimmed', async () => {
    const a = await s.product({ price: 500 });
    const [fee] = await t.db.select({ id: products.id }).from(products).where(eq(products.sku, 'MEMBERSHIP'));
    const client = await s.client();
    const order = await readyOrder(client.id, [
      { product_id: a.id, quantity: 2, stock: 2 },
      { product_id: fee.id, quantity: 1, stock: 0 },
    ]);
    const goods = order.body.lines.find((line) => line.product_id === a.id)!;
    const first = await deliver({ order_id: order.id, lines: [{ order_line_id: goods.id, quantity: 1 }], courier: '  Fast Freight ', waybill: ' WB-9 ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ courier: 'Fast Freight', waybill: 'WB-9' });
    const [audit] = await t.audit('create_delivery', first.json().data.id);
    expect(audit.data).toMatchObject({ courier: 'Fast Freight', waybill: 'WB-9' });
    const last = await deliver({ order_id: order.id, lines: [{ order_line_id: goods.id, quantity: 1 }] });
    expect(last.statusCode, last.body).toBe(201);
    const billed = async (invoiceId: number) =>
      (await t.db.select({ productId: billingDocumentLines.productId }).from(billingDocumentLines).where(eq(billingDocumentLines.documentId, invoiceId))).map((line) => line.productId).sort();
    expect(await billed(first.json().data.invoice_id)).toEqual([a.id]);
    expect(await billed(last.json().data.invoice_id)).toEqual([a.id, fee.id].sort());
    const invoices = await invoicesOf(order.id);
    expect(invoices.reduce((sum, invoice) => sum + invoice.total, 0)).toBe(order.body.total);
  });

  it('refuses more than is reserved, naming the line, and changes nothing', async () => {
    const a = await s.product();
    const client = await s.client();
    const order = await readyOrder(client.id, [{ product_id: a.id, quantity: 5, stock: 2 }]);
    const line = order.body.lines[0];
    const before = { level: await s.level(order.branch, a.id), moves: (await t.db.select({ n: count() }).from(stockMovements).where(eq(stockMovements.productId, a.id)))[0].n };
    const tooMany = await deliver({ order_id: order.id, lines: [{ order_line_id: line.id, quantity: 3 }] });
    expect(tooMany.statusCode, tooMany.body).toBe(409);
    expect(tooMany.json().errors).toHaveProperty(['lines.0.quantity']);
    const stranger = await deliver({ order_id: order.id, lines: [{ order_line_id: 999_999, quantity: 1 }] });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().errors).toHaveProperty(['lines.0.order_line_id']);
    const zero = await deliver({ order_id: order.id, lines: [{ order_line_id: line.id, quantity: 0 }] });
    expect(zero.statusCode).toBe(400);
    expect(await s.level(order.branch, a.id)).toEqual(before.level);
    expect((await t.db.select({ n: count() }).from(stockMovements).where(eq(stockMovements.productId, a.id)))[0].n).toBe(before.moves);
    expect(await t.db.select().from(deliveries).where(eq(deliveries.orderId, order.id))).toEqual([]);
    expect(await invoicesOf(order.id)).toEqual([]);
    // An order that left in part keeps its lines (they are on its delivery notes and invoices).
    await deliver({ order_id: order.id, lines: [{ order_line_id: line.id, quantity: 1 }] });
    const current = (await t.get(`/api/orders/order?id=${order.id}`, { token: await admin() })).json().data;
    const edit = await t.post('/api/orders/update', { id: order.id, version: current.version, lines: [{ product_id: a.id, quantity: 9 }] }, { token: await admin() });
    expect(edit.statusCode, edit.body).toBe(409);
    expect(edit.json().errors).toHaveProperty('lines');
    expect((await t.get(`/api/orders/order?id=${order.id}`, { token: await admin() })).json().data.lines).toEqual(current.lines);
    const newOrder = await s.order(client.id, order.branch, [{ product_id: a.id, quantity: 1 }]);
    const notConfirmed = await deliver({ order_id: newOrder.id, lines: [{ order_line_id: line.id, quantity: 1 }] });
    expect(notConfirmed.statusCode).toBe(409);
    expect(notConfirmed.json().errors).toHaveProperty('order_id');
  });

  it('a dispatch by hand sends everything reserved and left in one delivery with its invoice, and no second invoice', async () => {
    const a = await s.product();
    const client = await s.client();
    const order = await readyOrder(client.id, [{ product_id: a.id, quantity: 4, stock: 4 }]);
    await deliver({ order_id: order.id, lines: [{ order_line_id: order.body.lines[0].id, quantity: 1 }] });
    for (const status of ['in_production', 'ready', 'dispatched']) await s.move(order.id, status);
    const list = (await t.get(`/api/deliveries/all?order_id=${order.id}`, { token: await admin() })).json().data;
    expect(list.map((d: { lines: { quantity: number }[] }) => d.lines[0].quantity).sort()).toEqual([1, 3]);
    const invoices = await invoicesOf(order.id);
    expect(invoices).toHaveLength(2);
    expect(invoices.reduce((sum, invoice) => sum + invoice.total, 0)).toBe(order.body.total);
    expect(await s.invariants([a.id])).toEqual([]);
    // Delivered only once every one of its deliveries has its proof.
    const production = await t.tokenFor('production');
    const statusNow = async () => (await t.get(`/api/orders/order?id=${order.id}`, { token: await admin() })).json().data.status;
    const prove = (id: number) => postProof(t, production, { delivery_id: String(id), signed_by: 'Sipho', captured_at: new Date().toISOString() }, { signature: png() });
    expect((await prove(list[0].id)).statusCode).toBe(200);
    expect(await statusNow()).toBe('dispatched');
    expect((await prove(list[1].id)).statusCode).toBe(200);
    expect(await statusNow()).toBe('delivered');
  });

  it('an order dispatched without deliveries (nothing reserved) keeps its one invoice of the whole order', async () => {
    const a = await s.product();
    const client = await s.client();
    const order = await readyOrder(client.id, [{ product_id: a.id, quantity: 2, stock: 0 }]);
    for (const status of ['in_production', 'ready', 'dispatched']) await s.move(order.id, status);
    const invoices = await invoicesOf(order.id);
    expect(invoices).toEqual([expect.objectContaining({ total: order.body.total, deliveryId: null })]);
  });

  it('members see only their own client’s deliveries and notes; they cannot deliver or prove', async () => {
    const a = await s.product();
    const member = t.demo.stockist;
    const own = await readyOrder(member.clientId!, [{ product_id: a.id, quantity: 2, stock: 4 }]);
    const other = await readyOrder((await s.client()).id, [{ product_id: a.id, quantity: 2, stock: 0 }]);
    const mine = (await deliver({ order_id: own.id, lines: [{ order_line_id: own.body.lines[0].id, quantity: 1 }] })).json().data;
    const theirs = (await deliver({ order_id: other.id, lines: [{ order_line_id: other.body.lines[0].id, quantity: 2 }] })).json().data;
    const token = await t.tokenFor('stockist');
    const seen = await t.get('/api/deliveries/all', { token });
    const ids = seen.json().data.map((d: { id: number }) => d.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect((await t.get(`/api/deliveries/all?order_id=${other.id}`, { token })).json().data).toEqual([]);
    // One delivery by its id (the proof screen's read): the caller's own, never another client's.
    expect((await t.get(`/api/deliveries/all?id=${mine.id}`, { token })).json().data.map((d: { id: number }) => d.id)).toEqual([mine.id]);
    expect((await t.get(`/api/deliveries/all?id=${theirs.id}`, { token })).json().data).toEqual([]);
    expect((await t.get(`/api/deliveries/all?id=${theirs.id}`, { token: await admin() })).json().data.map((d: { id: number; number: string }) => [d.id, d.number])).toEqual([[theirs.id, theirs.number]]);
    expect((await t.get(`/api/deliveries/note_pdf?id=${theirs.id}`, { token })).statusCode).toBe(404);
    expect((await t.get(`/api/deliveries/note_pdf?id=${mine.id}`, { token })).statusCode).toBe(200);
    expect((await deliver({ order_id: own.id, lines: [{ order_line_id: own.body.lines[0].id, quantity: 1 }] }, token)).statusCode).toBe(403);
    expect((await postProof(t, token, { delivery_id: String(mine.id), signed_by: 'Me', captured_at: new Date().toISOString() }, { signature: png() })).statusCode).toBe(403);
  });

  it('a proof sent twice with one key is one proof; the delivery is delivered and so is the order once all are; bad files are refused by what they are', async () => {
    const a = await s.product();
    const client = await s.client();
    const order = await readyOrder(client.id, [{ product_id: a.id, quantity: 2, stock: 2 }]);
    const delivery = (await deliver({ order_id: order.id, lines: [{ order_line_id: order.body.lines[0].id, quantity: 2 }] })).json().data;
    const production = await t.tokenFor('production');
    const fields = { delivery_id: String(delivery.id), signed_by: 'Thandi Mokoena', captured_at: '2026-11-20T09:15:00.000Z', lat: '-26.2041', lng: '28.0473' };

    const notPng = await postProof(t, production, fields, { signature: jpeg() }, 'key-bad-png-1');
    expect(notPng.statusCode, notPng.body).toBe(400);
    expect(notPng.json().errors).toHaveProperty('signature');
    const notJpeg = await postProof(t, production, fields, { signature: png(), photo: png() }, 'key-bad-jpeg-1');
    expect(notJpeg.statusCode).toBe(400);
    expect(notJpeg.json().errors).toHaveProperty('photo');
    const big = await postProof(t, production, fields, { signature: png(), photo: jpeg(5 * 1024 * 1024 + 10) }, 'key-big-photo-1');
    expect(big.statusCode, big.body).toBe(400);
    expect(big.json().errors).toHaveProperty('photo');
    const noName = await postProof(t, production, { ...fields, signed_by: ' ' }, { signature: png() }, 'key-no-name-1');
    expect(noName.json().errors).toHaveProperty('signed_by');
    const [unproven] = await t.db.select().from(deliveries).where(eq(deliveries.id, delivery.id));
    expect(unproven.deliveredAt).toBeNull();

    const key = `pod-${delivery.id}-once`;
    const first = await postProof(t, production, fields, { signature: png(), photo: jpeg() }, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ signed_by: 'Thandi Mokoena', captured_at: '2026-11-20T09:15:00.000Z', lat: -26.2041, lng: 28.0473, has_photo: true });
    const again = await postProof(t, production, { ...fields, signed_by: 'Someone else' }, { signature: png() }, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.signed_by).toBe('Thandi Mokoena');
    expect(await t.audit('prove_delivery', delivery.id)).toHaveLength(1);
    const other = await postProof(t, production, fields, { signature: png() }, 'another-key-1');
    expect(other.statusCode).toBe(409);
    const orderNow = await t.get(`/api/orders/order?id=${order.id}`, { token: await admin() });
    expect(orderNow.json().data.status).toBe('delivered');
    // The public tracking page names who signed and when, and carries no image.
    const tracked = await t.get(`/api/orders/orderbytoken?token=${orderNow.json().data.token}`);
    expect(tracked.statusCode, tracked.body).toBe(200);
    expect(tracked.json().data.deliveries).toEqual([{ number: delivery.number, created_at: expect.any(String), courier: '', waybill: '', signed_by: 'Thandi Mokoena', delivered_at: expect.any(String) }]);
    expect(tracked.body).not.toContain('signature');
    const missing = await postProof(t, production, { ...fields, delivery_id: '999999' }, { signature: png() }, 'key-missing-1');
    expect(missing.statusCode).toBe(404);
  });

  it('the delivery note and the picking slip say what they must, in English, Arabic and Chinese', async () => {
    const a = await s.product({ name: 'Rooibos tea 250 g' });
    const client = await s.client();
    const order = await readyOrder(client.id, [{ product_id: a.id, quantity: 6, stock: 6 }]);
    const slip = await t.get(`/api/deliveries/picking_pdf?order_id=${order.id}`, { token: await admin() });
    expect(slip.statusCode).toBe(200);
    expect(slip.headers['content-type']).toContain('application/pdf');
    const slipText = await pdfText(slip.rawPayload);
    expect(slipText).toContain('Picking Slip');
    expect(slipText).toContain('Rooibos tea 250 g');
    expect(slipText).toMatch(/To pick[\s\S]*6/);

    const delivery = (await deliver({ order_id: order.id, lines: [{ order_line_id: order.body.lines[0].id, quantity: 5 }], courier: 'Courier Guy', waybill: 'WB-77812' })).json().data;
    const note = await t.get(`/api/deliveries/note_pdf?id=${delivery.id}`, { token: await admin() });
    const text = await pdfText(note.rawPayload);
    for (const expected of ['Delivery Note', delivery.number, 'Rooibos tea 250 g', 'WB-77812', 'Courier Guy', 'Signature']) expect(text).toContain(expected);
    expect(text).toMatch(/Quantity[\s\S]*\b5\b/);
    const arabic = await pdfText((await t.get(`/api/deliveries/note_pdf?id=${delivery.id}&locale=ar`, { token: await admin() })).rawPayload);
    expect(arabic).toContain('إشعار تسليم');
    expect(arabic).toContain(delivery.number);
    const chinese = await pdfText((await t.get(`/api/deliveries/note_pdf?id=${delivery.id}&locale=zh`, { token: await admin() })).rawPayload);
    expect(chinese).toContain('送货单');
    expect(chinese).toContain('WB-77812');
  });

  it('the demo data has a delivered order with its proof and a partly delivered one', async () => {
    // The demo's deliveries carry its two waybills (no test here uses them).
    const rows = await t.db.select().from(deliveries).where(inArray(deliveries.waybill, ['TCG-4471902', 'DW-220915']));
    expect(rows).toHaveLength(2);
    const proven = rows.find((row) => row.deliveredAt !== null);
    expect(proven).toMatchObject({ signedBy: 'Nomsa Dlamini', waybill: 'TCG-4471902' });
    const order = (await t.get(`/api/orders/order?id=${proven!.orderId}`, { token: await admin() })).json().data;
    expect(order.status).toBe('delivered');
    const partly = rows.find((row) => row.deliveredAt === null);
    expect((await t.get(`/api/orders/order?id=${partly!.orderId}`, { token: await admin() })).json().data.status).not.toBe('dispatched');
  });
});
