import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../server/db/client';
import { migrationsBefore, TWO_MIGRATIONS_TIMEOUT } from './support/migrationsBefore';

/**
 * The billing migration on a database that already has orders. Every product becomes
 * standard-rated, every past order keeps its total to the cent, and its VAT is the tax fraction of
 * that total worked per line (15/115, half a cent up).
 */
const before = migrationsBefore('_billing');
afterAll(before.cleanUp);

describe('migration 0010 (billing) on existing orders', () => {
  it('gives every product the standard class and leaves past orders’ totals unchanged', async () => {
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle(client);
    try {
      await migrate(db, { migrationsFolder: before.folder });
      await client.exec(`
        insert into roles (name, display_name) values ('admin', 'Admin');
        insert into branches (name, address, default_branch) values ('Main', '1 Main Rd', true);
        insert into clients (type, name) values ('stockist', 'Old Shop');
        insert into users (name, email, password_hash, role_id) values ('Old Admin', 'old@example.com', 'x', 1);
        insert into products (sku, name, price) values ('OLD-1', 'Old product', 11500), ('OLD-2', 'Odd price', 333);
        insert into orders (client_id, branch_id, created_by, total, token) values (1, 1, 1, 11500 * 3 + 333 * 7, 'old-token-1');
        insert into order_lines (order_id, position, product_id, quantity, unit_price) values (1, 1, 1, 3, 11500), (1, 2, 2, 7, 333);
      `);
      await migrate(db, { migrationsFolder });
      const rows = <T,>(result: { rows: unknown[] }) => result.rows as T[];
      expect(rows<{ vat_class: string }>(await db.execute(sql`select vat_class from products order by id`)).map((r) => r.vat_class)).toEqual(['standard', 'standard']);
      const [order] = rows<{ total: number; vat: number; prices_include_vat: boolean }>(await db.execute(sql`select total, vat, prices_include_vat from orders`));
      // 34 500 × 15/115 = 4 500; 2 331 × 15/115 = 304,04 → 304.
      expect(order).toEqual({ total: 34_500 + 2_331, vat: 4_500 + 304, prices_include_vat: true });
      const lines = rows<{ total: number; vat: number; rate_bp: number }>(await db.execute(sql`select total, vat, rate_bp from order_lines order by position`));
      expect(lines).toEqual([
        { total: 34_500, vat: 4_500, rate_bp: 1500 },
        { total: 2_331, vat: 304, rate_bp: 1500 },
      ]);
    } finally {
      await client.close();
    }
  }, TWO_MIGRATIONS_TIMEOUT);
});
