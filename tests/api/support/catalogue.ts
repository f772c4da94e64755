import { expect } from 'vitest';
import type { TestApp } from './app';

let counter = 0;
const unique = () => `${++counter}-${Date.now().toString(36)}`.toUpperCase();

/** Catalogue records made through the API as the admin, the way the product makes them. */
export function catalogueFactory(t: TestApp) {
  const admin = () => t.tokenFor('admin');
  const saved = async (path: string, body: Record<string, unknown>) => {
    const res = await t.post(`/api/products/${path}`, body, { token: await admin() });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json().data;
  };
  return {
    product: (fields: Record<string, unknown> = {}): Promise<{ id: number; sku: string; price: number; name: string }> =>
      saved('save', { sku: `T-${unique()}`, name: `Test product ${unique()}`, price: 10000, ...fields }),
    group: (fields: Record<string, unknown> = {}): Promise<{ id: number; name: string }> =>
      saved('savegroup', { name: `Test group ${unique()}`, ...fields }),
    rule: (group_id: number, role_id: number, percentile_change: number): Promise<{ id: number }> =>
      saved('savegrouppricing', { group_id, role_id, percentile_change }),
    property: (name: string, values: string[]): Promise<{ id: number; name: string; values: { id: number; value: string }[] }> =>
      saved('saveproperty', { name: `${name} ${unique()}`, values: values.map((value) => ({ value })) }),
    roleId: async (name: string) => (await t.db.query.roles.findFirst({ where: (r, { eq }) => eq(r.name, name) }))!.id,
  };
}
