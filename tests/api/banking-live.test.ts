import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../server/db/schema';
import { businessDay } from '../../shared/billing/accounts';
import { useTestApp } from './support/app';
import { about, openStream, type OpenStream, type ReceivedEvent } from './support/liveEvents';

/**
 * The reconciliation screen stays current: an import, an ignore and a rule saved or deleted are
 * announced to the admin's stream (one event per statement, not per line), and to no other role,
 * since bank lines name every customer's payments.
 */
const t = useTestApp();
let base = '';

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

async function streamOf(role: 'admin' | 'stockist'): Promise<OpenStream> {
  const stream = await openStream(base, { token: await t.tokenFor(role) });
  expect(stream.status).toBe(200);
  await stream.next('ready', (event) => event.event === 'ready');
  return stream;
}

const ofBanking = (event: ReceivedEvent) => String((event.data as { topic?: string }).topic ?? '').startsWith('resource/bank-');

/** An ABSA export of two credits of amounts no invoice owes, so nothing is paid by the import. */
async function importStatement(): Promise<number> {
  const day = businessDay(t.clock.now()).replace(/-/g, '');
  const tag = `${Date.now()}`.slice(-6);
  const text = ['Date,Description,Amount,Balance', `${day},LIVE PAYER ${tag},12.34,1012.34`, `${day},OTHER PAYER ${tag},5.67,1018.01`].join('\n');
  const boundary = `----live${Date.now()}`;
  const payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="live.csv"\r\nContent-Type: text/csv\r\n\r\n${text}\r\n--${boundary}--\r\n`);
  const res = await t.inject({ method: 'POST', url: '/api/bank/import', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${await t.tokenFor('admin')}` } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

describe('live events of the bank statements and rules', () => {
  it('an import, an ignore and a rule reach the admin, one event per statement; a member hears none of them', async () => {
    const [admin, stockist] = await Promise.all([streamOf('admin'), streamOf('stockist')]);
    const token = await t.tokenFor('admin');
    const statementId = await importStatement();
    await admin.next('the statement imported', about('created', 'bank-statements', statementId));

    const lines = await t.get(`/api/bank/lines?statement_id=${statementId}&sort=id&perPage=10`, { token });
    const [first] = lines.json().data as { id: number }[];
    const ignored = await t.post('/api/bank/ignore', { line_id: first.id, reason: 'a transfer between our own accounts' }, { token });
    expect(ignored.statusCode, ignored.body).toBe(200);
    await admin.next('its line ignored', about('updated', 'bank-statements', statementId));

    const saved = await t.post('/api/bank/saverule', { pattern: 'OTHER PAYER', ignore: true }, { token });
    expect(saved.statusCode, saved.body).toBe(201);
    const ruleId = saved.json().data.id as number;
    await admin.next('the rule saved', about('created', 'bank-rules', ruleId));
    expect((await t.post('/api/bank/deleterule', { id: ruleId }, { token })).statusCode).toBe(200);
    await admin.next('the rule deleted', about('deleted', 'bank-rules', ruleId));
    // A whole statement is one event, not one per line.
    expect(admin.events.filter((event) => about('created', 'bank-statements', statementId)(event))).toHaveLength(1);

    // Events go out in commit order: once the stockist hears its own client's later change, it would have heard the bank's.
    const own = t.demo.stockist.clientId!;
    await t.db.update(clients).set({ phone: `+27 11 ${Math.floor(Math.random() * 1e7)}` }).where(eq(clients.id, own));
    await stockist.next('its own client updated', about('updated', 'members', own));
    expect(stockist.events.filter(ofBanking)).toEqual([]);
    for (const stream of [admin, stockist]) stream.close();
  });
});
