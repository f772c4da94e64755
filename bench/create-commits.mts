/**
 * The create's commits apart from HTTP and Node's request work: twenty members' orders (20 lines
 * each) through `insertNewOrder`, twenty at once, as orders/create writes them — counted in the
 * day's stats in their own statement (`inline`, as before migration 0028) or announced after
 * their commit (`announced`, batched as orders/create does) — interleaved, several rounds:
 * `DATABASE_URL=postgres://…/kept ROUNDS=3 SECONDS=8 npx tsx bench/create-commits.mts` on a kept
 * dataset (bench/make-dataset.mts).
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { rowsOf } from '../server/db/rows';
import { announceOrder } from '../server/modules/orders/announcements';
import { insertNewOrder } from '../server/modules/orders/insertOrder';

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, dataDir: null });
const db = database.db;
const members = rowsOf<{ user_id: number; client_id: number; branch_id: number }>(
  await db.execute(sql`select u.id as user_id, c.id as client_id, coalesce(c.branch_id, 1) as branch_id from users u join clients c on c.id = u.client_id where u.email like 'bench.member.%' order by u.id limit 20`),
);
const products = rowsOf<{ id: number }>(await db.execute(sql`select id from products where sku like 'BENCH%' and active order by id limit 20`));
const lines = products.map((p, i) => ({ position: i + 1, productId: Number(p.id), quantity: 1 + (i % 4), unitPrice: 1_000, propertyValueIds: [], vatClass: 'standard' as const, rateBp: 1_500, vat: 130, total: 1_000 * (1 + (i % 4)) }));
const seconds = Number(process.env.SECONDS ?? 8);

async function run(announced: boolean) {
  const timings: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    members.map(async (member) => {
      while (performance.now() < until) {
        const started = performance.now();
        const order = await insertNewOrder(db, {
          clientId: Number(member.client_id),
          branchId: Number(member.branch_id),
          createdBy: Number(member.user_id),
          notes: '',
          lines,
          pricesIncludeVat: true,
          audit: { action: 'create_order', data: {} },
          announceLater: announced,
        });
        if (announced) await announceOrder(db, order.id);
        timings.push(performance.now() - started);
      }
    }),
  );
  timings.sort((a, b) => a - b);
  const at = (p: number) => Math.round(timings[Math.min(timings.length - 1, Math.floor(p * timings.length))] * 10) / 10;
  return `${(timings.length / seconds).toFixed(1)} creates/s, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`;
}

for (let round = 1; round <= Number(process.env.ROUNDS ?? 3); round += 1) {
  for (const announced of [false, true]) console.log(`round ${round} ${announced ? 'announced' : 'inline   '} ${await run(announced)}`);
}
// The jobs these orders queued (confirmations) are left to the portal's worker, or removed here.
await db.execute(sql`delete from jobs where kind = 'automail_order_confirmation' and status = 'queued'`);
await database.close();
