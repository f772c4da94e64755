/**
 * The DESIGN §7 dataset in the database of DATABASE_URL, kept (the bench's own is dropped after its
 * run): `DATABASE_URL=postgres://…/portal_keep npx tsx bench/make-dataset.mts`, then start the portal
 * on it (`DATABASE_URL=… npm start`) and load it with bench/repeat-load.mts.
 */
import { openDatabase } from '../server/db/client';
import { seedDemoData } from '../server/db/seed/demo';
import { ensureReferenceData } from '../server/db/seed/reference';
import { fullSize, generateDataset } from './dataset';
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, dataDir: null });
await ensureReferenceData(database.db);
await seedDemoData(database.db);
console.log(await generateDataset(database.db, fullSize));
await database.close();
