/**
 * PayFast's payment notifications (ITN) against the billing dataset, as PayFast sends them: the
 * portal runs with PayFast settings whose server is a stand-in on this machine (it answers VALID to
 * every confirmation, as PayFast's does to a genuine notification), checkouts are made through the
 * API for open invoices, and one signed COMPLETE notification per checkout is posted, 20 at a time.
 * Two figures: the notification's answer (PayFast waits for it, and retries when it is slow) and the
 * time until every notification has paid its invoices (the checks, PayFast's confirmation and the
 * payment happen after the answer).
 */
import { createServer, type Server } from 'node:http';
import { payfastSignature } from '../server/modules/billing/payfast/signature';
import { load, type LoadFigures } from './load';

export const ITN_CHECKOUTS = 300;
const PASSPHRASE = 'bench-payfast-passphrase';
const MERCHANT = { id: '10000100', key: '46f0cd694581a' };

export interface PayfastStandIn {
  url: string;
  env: Record<string, string>;
  confirmations: () => number;
  close: () => Promise<void>;
}

/** PayFast's validation endpoint, answering VALID; the portal's PAYFAST_URL points here. */
export async function payfastStandIn(): Promise<PayfastStandIn> {
  let confirmations = 0;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/eng/query/validate') confirmations++;
      response.writeHead(request.url === '/eng/query/validate' ? 200 : 404, { 'content-type': 'text/plain' }).end('VALID');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    env: { PAYFAST_MERCHANT_ID: MERCHANT.id, PAYFAST_MERCHANT_KEY: MERCHANT.key, PAYFAST_PASSPHRASE: PASSPHRASE, PAYFAST_URL: url },
    confirmations: () => confirmations,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A notification as PayFast signs it, for a checkout of `amount` cents. */
function notification(checkoutId: number, amount: number, pfPaymentId: number): string {
  const rand = (amount / 100).toFixed(2);
  const fields: [string, string][] = Object.entries({
    m_payment_id: String(checkoutId),
    pf_payment_id: String(pfPaymentId),
    payment_status: 'COMPLETE',
    item_name: 'Invoices',
    amount_gross: rand,
    amount_fee: '-4.60',
    amount_net: ((amount - 460) / 100).toFixed(2),
    name_first: 'Bench',
    email_address: 'payer@example.com',
    merchant_id: MERCHANT.id,
  });
  return new URLSearchParams([...fields, ['signature', payfastSignature(fields, PASSPHRASE)]]).toString();
}

export async function measureItn(base: string, admin: Record<string, string>, invoiceIds: number[], standIn: PayfastStandIn): Promise<Record<string, unknown>> {
  const checkouts: { id: number; amount: number }[] = [];
  for (const id of invoiceIds.slice(0, ITN_CHECKOUTS)) {
    const res = await fetch(`${base}/api/billing/checkout`, { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ invoice_ids: [id] }) });
    if (res.status !== 201) throw new Error(`checkout for invoice ${id}: ${res.status} ${await res.text()}`);
    checkouts.push((await res.json()).data);
  }
  const started = performance.now();
  const answers: LoadFigures = await load({
    url: `${base}/api/billing/payfast_notify`,
    method: 'POST',
    formFor: (index) => notification(checkouts[index].id, checkouts[index].amount, 9_000_000 + index),
    concurrency: 20,
    requests: checkouts.length,
  });
  // Every notification's work done: the log counted until all are there (a bounded wait, for a figure, not a test).
  const logged = async (outcome: string) =>
    (await fetch(`${base}/api/billing/payfast_notifications?outcome=${outcome}&perPage=1`, { headers: admin }).then((r) => r.json() as Promise<{ total: number }>)).total;
  let recorded = 0;
  let refused = 0;
  const deadline = performance.now() + 120_000;
  while (performance.now() < deadline) {
    [recorded, refused] = await Promise.all([logged('recorded'), logged('refused')]);
    if (recorded + refused >= checkouts.length) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const allPaidMs = Math.round(performance.now() - started);
  return {
    notifications: checkouts.length,
    answer: answers,
    recorded,
    refused,
    confirmations: standIn.confirmations(),
    all_paid_ms: allPaidMs,
  };
}
