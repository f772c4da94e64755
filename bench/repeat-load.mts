/**
 * Repeated loads against a portal that is already running (BENCH_PORT, default 3620), for measuring
 * one change at a time at a server's steady state: `ONLY=orders,filtered N=3000 npx tsx
 * bench/repeat-load.mts`. Calls: orders, filtered, clients, products, hello (/api/health), create
 * (one member twenty at a time), create20 (twenty members at once, the goal's figure) — the bench's
 * own (bench/datasetBench.ts) — and debtors, debtors_filtered, statement (the 2,000-entry
 * statement; bench/billingBench.ts), 20 concurrent. Start the portal on a dataset first
 * (bench/make-dataset.mts).
 */
import { load } from './load';
const base = `http://127.0.0.1:${process.env.BENCH_PORT ?? 3620}`;
const tokenOf = async (email: string) => {
  const a = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'demo-pass-1234' }) }).then((r) => r.json() as any);
  return { authorization: `Bearer ${a.access_token}` };
};
const get = (p: string, h: Record<string, string>) => fetch(`${base}${p}`, { headers: h }).then((r) => r.json() as any);
const admin = await tokenOf('admin@example.com');
const stockist = await tokenOf('stockist@example.com');
const core = await get('/api/auth/core', admin);
const branch = core.data.branch_config.find((b: any) => b.default_branch).id;
const sc = (await get('/api/auth/core', stockist)).data.user.client.id;
const only = (process.env.ONLY ?? 'orders,filtered,clients,products,create,hello').split(',');
const statementClient = only.includes('statement') ? (await get('/api/clients/all?q=Bench%20statement%20client&page=1&perPage=1&sort=id', admin)).data[0].id : 0;
const today = new Date(Date.now() + 2 * 3600_000).toISOString().slice(0, 10);
const twoYearsAgo = new Date(Date.parse(today) - 730 * 86400_000).toISOString().slice(0, 10);
const calls: Record<string, any> = {
  orders: { url: `${base}/api/orders/all?branch_id=${branch}&page=1&perPage=25&sort=created_at&order=DESC`, headers: admin },
  filtered: { url: `${base}/api/orders/all?branch_id=${branch}&status=delivered&q=Bench%20client%2012&page=2&perPage=25`, headers: admin },
  clients: { url: `${base}/api/clients/all?q=client%2012&type=stockist&membership_status=active&page=1&perPage=25&sort=name`, headers: admin },
  products: { url: `${base}/api/products/alldisplay?page=1&perPage=25&sort=name`, headers: stockist },
  hello: { url: `${base}/api/health`, headers: {} },
  debtors: { url: `${base}/api/billing/debtors?page=1&perPage=25&sort=balance&order=DESC`, headers: admin },
  debtors_filtered: { url: `${base}/api/billing/debtors?q=client%2012&overdue=true&page=1&perPage=25&sort=balance&order=DESC`, headers: admin },
  statement: { url: `${base}/api/billing/statement?client_id=${statementClient}&from=${twoYearsAgo}&to=${today}&page=40&perPage=50`, headers: admin },
};
const n = Number(process.env.N ?? 1000);
for (const [name, call] of Object.entries(calls)) {
  if (!only.includes(name)) continue;
  await load({ ...call, concurrency: 20, requests: 100 });
  const f = await load({ ...call, concurrency: 20, requests: n });
  console.log(name, f.rps, 'p50', f.p50_ms, 'p99', f.p99_ms, 'fail', f.failures);
}
if (only.includes('create')) {
  const products = await get('/api/products/all?q=BENCH&active=true&perPage=20&sort=id', stockist);
  const lines = products.data.map((p: any, i: number) => ({ product_id: p.id, quantity: 1 + (i % 4) }));
  const c = (requests: number) => load({ url: `${base}/api/orders/create`, method: 'POST', headers: stockist, bodyFor: () => ({ client_id: sc, lines }), concurrency: 20, requests });
  await c(40);
  const f = await c(400);
  console.log('create', f.rps, 'p50', f.p50_ms, 'p99', f.p99_ms, 'fail', f.failures);
}
if (only.includes('create20')) {
  const products = await get('/api/products/all?q=BENCH&active=true&perPage=20&sort=id', stockist);
  const lines = products.data.map((p: any, i: number) => ({ product_id: p.id, quantity: 1 + (i % 4) }));
  const members: { headers: Record<string, string>; client: number }[] = [];
  for (let i = 0; i < 20; i += 1) {
    const headers = await tokenOf(`bench.member.${i}@example.com`);
    members.push({ headers, client: (await get('/api/auth/core', headers)).data.user.client.id });
  }
  const c = (requests: number) =>
    load({ url: `${base}/api/orders/create`, method: 'POST', headers: stockist, headersFor: (i) => members[i % 20].headers, bodyFor: (i) => ({ client_id: members[i % 20].client, lines }), concurrency: 20, requests });
  await c(200);
  const f = await c(Number(process.env.N ?? 400));
  console.log('create20', f.rps, 'p50', f.p50_ms, 'p99', f.p99_ms, 'fail', f.failures);
}
