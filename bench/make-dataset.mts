/**
 * The bench dataset, with its billing rows (bench/billing.ts) and its stock (bench/stock.ts), in the database of DATABASE_URL,
 * kept (the bench's own is dropped after its run): `DATABASE_URL=postgres://…/portal_keep npx tsx
 * bench/make-dataset.mts` (`BENCH_ORDERS=1000000` for ten times the data), then start the portal on it (`DATABASE_URL=… npm start`) and load it with
 * bench/repeat-load.mts.
 */
import { openDatabase } from '../server/db/client';
import { seedDemoData } from '../server/db/seed/demo';
import { ensureReferenceData } from '../server/db/seed/reference';
import { generateBilling } from './billing';
import { generateDataset, sizeFromEnv } from './dataset';
import { prepareBenchMembers } from './datasetBench';
import { generateStock } from './stock';
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, dataDir: null });
await ensureReferenceData(database.db);
await seedDemoData(database.db);
console.log(await generateDataset(database.db, sizeFromEnv()));
const billing = await generateBilling(database.db);
console.log({ ...billing.size, statement_client: billing.statementClient, orders_to_issue: `${billing.ordersToIssue[0]}…${billing.ordersToIssue.at(-1)}` });
// The goods part's stock: opening counts, the held orders' reservations, work orders (bench/stock.ts).
console.log(await generateStock(database.db));
// The create load's twenty members (bench/repeat-load.mts `create20`), as the bench's dataset part has them.
await prepareBenchMembers(database.db);
await database.close();
