import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../server/db/client';
import { migrationsFolder } from '../../server/db/client';
import * as schema from '../../server/db/schema';
import { insertDocument, type NewDocumentLine } from '../../server/modules/billing/issue';
import { standardRateLine } from './support/documentLine';
import { migrationsBefore, TWO_MIGRATIONS_TIMEOUT } from './support/migrationsBefore';

/**
 * The rollups migration on a database that already has a register: what was issued before is in
 * the monthly rollups, each grouping adding up to the documents, as a document issued after is.
 */
const before = migrationsBefore('_sales_rollups');
afterAll(before.cleanUp);


describe('migration 0039 (sales rollups) on an existing register', () => {
  it('fills the rollups from the documents issued before, per grouping and per day', async () => {
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle(client, { schema });
    const rows = async <T,>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];
    try {
      await migrate(db, { migrationsFolder: before.folder });
      await client.exec(`
        insert into clients (type, name) values ('stockist', 'Old Shop'), ('individual', 'Old Person');
        insert into products (sku, name, price) values ('OLD-1', 'Old product', 10000), ('OLD-2', 'Other', 500);
      `);
      const issue = (clientId: number, at: string, lines: NewDocumentLine[], type: 'invoice' | 'credit_note' = 'invoice', invoiceId?: number) =>
        db.transaction((tx) =>
          insertDocument(tx as unknown as Tx, null, new Date(at), {
            type,
            clientId,
            invoiceId: invoiceId ?? null,
            supplyDate: at.slice(0, 10),
            pricesIncludeVat: false,
            recipient: { name: 'R', address: '', vat_number: '' },
            locale: 'en',
            lines,
          }),
        );
      const first = await issue(1, '2025-03-10T10:00:00Z', [standardRateLine(1, 30_000, 3), standardRateLine(2, 1_000, 2)]);
      await issue(2, '2025-03-28T10:00:00Z', [standardRateLine(1, 10_000, 1)]);
      await issue(1, '2025-04-02T10:00:00Z', [standardRateLine(1, 10_000, 1)], 'credit_note', first.id);

      await migrate(db, { migrationsFolder });
      const byProduct = await rows<{ bucket: string; key: string; net: string; documents: number }>(
        sql`select bucket::text, key, net::text, documents from sales_rollups where grouping = 'product' order by bucket, key`,
      );
      expect(byProduct).toEqual([
        { bucket: '2025-03-01', key: '1', net: '40000', documents: 2 },
        { bucket: '2025-03-01', key: '2', net: '1000', documents: 1 },
        { bucket: '2025-04-01', key: '1', net: '-10000', documents: 1 },
      ]);
      const byClient = await rows<{ key: string; net: string; documents: number }>(
        sql`select key, sum(net)::text as net, sum(documents)::int as documents from sales_rollups where grouping = 'client' group by key order by key`,
      );
      expect(byClient).toEqual([
        { key: '1', net: '21000', documents: 2 },
        { key: '2', net: '10000', documents: 1 },
      ]);
      const days = await rows<{ bucket: string; net: string }>(sql`select bucket::text, net::text from sales_rollups where grouping = 'day' order by bucket`);
      expect(days).toEqual([
        { bucket: '2025-03-10', net: '31000' },
        { bucket: '2025-03-28', net: '10000' },
        { bucket: '2025-04-02', net: '-10000' },
      ]);
      // The daily summaries still hold the same register (filled again by the same function).
      const [summed] = await rows<{ net: string }>(sql`select sum(net)::text as net from sales_summaries`);
      expect(summed.net).toBe('31000');
    } finally {
      await client.close();
    }
  }, TWO_MIGRATIONS_TIMEOUT);
});
