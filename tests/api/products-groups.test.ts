import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app';
import { catalogueFactory } from './support/catalogue';
import { pricesFor } from '../../server/modules/products/pricing';

const t = useTestApp();
const make = catalogueFactory(t);

const priceSeenBy = async (role: 'admin' | 'production' | 'stockist' | 'individual' | 'reseller', productId: number) => {
  const res = await t.get(`/api/products/product?id=${productId}`, { token: await t.tokenFor(role) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.price as number;
};

describe('product groups', () => {
  it('creates a group with linked products and roles, answers the group details and replaces the links on save', async () => {
    const [a, b] = [await make.product({ name: 'Alpha', price: 1000 }), await make.product({ name: 'Beta', price: 2000 })];
    const [stockist, reseller] = [await make.roleId('stockist'), await make.roleId('reseller')];
    const token = await t.tokenFor('admin');
    const created = await t.post('/api/products/savegroup', { name: 'Winter', description: 'Winter deals', product_ids: [a.id, b.id, a.id], role_ids: [stockist, stockist] }, { token });
    expect(created.statusCode).toBe(201);
    const group = created.json().data;
    expect(group).toEqual({ id: expect.any(Number), name: 'Winter', description: 'Winter deals', product_ids: [a.id, b.id].sort((x, y) => x - y), role_ids: [stockist] });
    const rule = await make.rule(group.id, stockist, -10);

    const details = (await t.get(`/api/products/group?id=${group.id}`, { token })).json().data;
    expect(details.all_products.map((p: { id: number }) => p.id)).toEqual([a.id, b.id]);
    expect(details.all_products[0]).toEqual({ id: a.id, sku: a.sku, name: 'Alpha', price: 1000, active: true });
    expect(details.all_roles.map((r: { name: string; is_linked: boolean }) => [r.name, r.is_linked])).toEqual([
      ['stockist', true],
      ['individual', false],
      ['reseller', false],
    ]);
    const ruleRecord = { id: rule.id, group_id: group.id, role_id: stockist, percentile_change: -10 };
    expect(details.role_pricing).toEqual([
      { id: stockist, name: 'stockist', display_name: 'Stockist', description: expect.any(String), percentile_change: -10, rule_id: rule.id, prices_array: [ruleRecord] },
    ]);
    expect(details.roles).toEqual([{ id: stockist, name: 'stockist', display_name: 'Stockist', description: expect.any(String), prices: [ruleRecord] }]);

    // Saving replaces the links; unlinking a role removes its rule.
    const saved = await t.post('/api/products/savegroup', { id: group.id, name: 'Winter', product_ids: [b.id], role_ids: [reseller] }, { token });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ product_ids: [b.id], role_ids: [reseller] });
    const after = (await t.get(`/api/products/group?id=${group.id}`, { token })).json().data;
    expect(after.role_pricing).toEqual([expect.objectContaining({ id: reseller, percentile_change: null, rule_id: null, prices_array: [] })]);
    expect((await t.post('/api/products/deletegrouppricing', { id: rule.id }, { token })).statusCode).toBe(404);
    expect(await t.audit('update_group', group.id)).toHaveLength(1);
  });

  it('lists groups paged and searched, and deletes one', async () => {
    const token = await t.tokenFor('admin');
    const g1 = await make.group({ name: 'Qwv list one' });
    await make.group({ name: 'Qwv list two' });
    const page = (await t.get('/api/products/groups?q=qwv&sort=name&order=DESC&perPage=1', { token })).json();
    expect(page.total).toBe(2);
    expect(page.data.map((g: { name: string }) => g.name)).toEqual(['Qwv list two']);
    expect((await t.post('/api/products/deletegroup', { id: g1.id }, { token })).statusCode).toBe(200);
    expect((await t.get(`/api/products/group?id=${g1.id}`, { token })).statusCode).toBe(404);
    expect((await t.post('/api/products/deletegroup', { id: g1.id }, { token })).statusCode).toBe(404);
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'X', product_ids: [999999] }, 'product_ids'],
    [{ name: 'X', role_ids: [999] }, 'role_ids'],
  ])('answers 400 naming the field for %j', async (body, field) => {
    const res = await t.post('/api/products/savegroup', body, { token: await t.tokenFor('admin') });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty([field]);
  });

  it('refuses to price a role that always sees base prices, and a duplicate name with 409', async () => {
    const token = await t.tokenFor('admin');
    const admin = await t.post('/api/products/savegroup', { name: 'Admins', role_ids: [await make.roleId('admin')] }, { token });
    expect(admin.statusCode).toBe(400);
    expect(admin.json().errors).toHaveProperty('role_ids');
    const group = await make.group();
    const dup = await t.post('/api/products/savegroup', { name: group.name.toLowerCase() }, { token });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toHaveProperty('name');
  });
});

describe('group pricing rules', () => {
  it('adds a rule for a linked role (201), changes it by rule id (200), refuses a second (409) and deletes it', async () => {
    const stockist = await make.roleId('stockist');
    const group = await make.group({ role_ids: [stockist] });
    const token = await t.tokenFor('admin');
    const created = await t.post('/api/products/savegrouppricing', { group_id: group.id, role_id: stockist, percentile_change: -12.5 }, { token });
    expect(created.statusCode).toBe(201);
    const rule = created.json().data;
    expect(rule).toEqual({ id: expect.any(Number), group_id: group.id, role_id: stockist, percentile_change: -12.5 });
    const changed = await t.post('/api/products/savegrouppricing', { id: rule.id, group_id: group.id, role_id: stockist, percentile_change: 7.25 }, { token });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.percentile_change).toBe(7.25);
    const second = await t.post('/api/products/savegrouppricing', { group_id: group.id, role_id: stockist, percentile_change: 1 }, { token });
    expect(second.statusCode).toBe(409);
    expect(second.json().errors).toHaveProperty('role_id');
    expect((await t.post('/api/products/deletegrouppricing', { id: rule.id }, { token })).json()).toEqual({ data: { id: rule.id } });
    expect(await t.audit('delete_price_rule', rule.id)).toHaveLength(1);
  });

  it('refuses a rule for a role that is not linked (400) and for a missing group or rule (404)', async () => {
    const group = await make.group();
    const token = await t.tokenFor('admin');
    const unlinked = await t.post('/api/products/savegrouppricing', { group_id: group.id, role_id: await make.roleId('reseller'), percentile_change: 5 }, { token });
    expect(unlinked.statusCode).toBe(400);
    expect(unlinked.json().errors).toHaveProperty('role_id');
    expect((await t.post('/api/products/savegrouppricing', { group_id: 999999, role_id: 2, percentile_change: 5 }, { token })).statusCode).toBe(404);
    expect((await t.post('/api/products/savegrouppricing', { id: 999999, group_id: group.id, role_id: 2, percentile_change: 5 }, { token })).statusCode).toBe(404);
  });

  it.each([-100, -150, 1000.001, 5000, 1.2345, '5'])('answers 400 naming percentile_change for %j', async (change) => {
    const stockist = await make.roleId('stockist');
    const group = await make.group({ role_ids: [stockist] });
    const res = await t.post('/api/products/savegrouppricing', { group_id: group.id, role_id: stockist, percentile_change: change }, { token: await t.tokenFor('admin') });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('percentile_change');
  });

  it.each([-99.999, 1000, 0])('accepts percentile_change %j at the edge of the range', async (change) => {
    const stockist = await make.roleId('stockist');
    const group = await make.group({ role_ids: [stockist] });
    const res = await t.post('/api/products/savegrouppricing', { group_id: group.id, role_id: stockist, percentile_change: change }, { token: await t.tokenFor('admin') });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.percentile_change).toBe(change);
  });
});

describe('role prices', () => {
  it('answers the base price when no group holds the product and the role', async () => {
    const product = await make.product({ price: 12345 });
    const stockist = await make.roleId('stockist');
    // A group with the product but another role, and one with the role but not the product.
    await make.group({ product_ids: [product.id], role_ids: [await make.roleId('reseller')] });
    const other = await make.group({ role_ids: [stockist] });
    await make.rule(other.id, stockist, -50);
    expect(await priceSeenBy('stockist', product.id)).toBe(12345);
  });

  it('takes the lowest price over several groups, each role seeing only its own', async () => {
    const product = await make.product({ price: 10000 });
    const [stockist, reseller] = [await make.roleId('stockist'), await make.roleId('reseller')];
    const g1 = await make.group({ product_ids: [product.id], role_ids: [stockist, reseller] });
    const g2 = await make.group({ product_ids: [product.id], role_ids: [stockist] });
    const g3 = await make.group({ product_ids: [product.id], role_ids: [stockist] });
    await make.rule(g1.id, stockist, -10);
    await make.rule(g2.id, stockist, -25);
    await make.rule(g3.id, stockist, 15);
    await make.rule(g1.id, reseller, 20);
    expect(await priceSeenBy('stockist', product.id)).toBe(7500);
    expect(await priceSeenBy('reseller', product.id)).toBe(12000);
    expect(await priceSeenBy('individual', product.id)).toBe(10000);
    expect(await priceSeenBy('admin', product.id)).toBe(10000);
    expect(await priceSeenBy('production', product.id)).toBe(10000);
  });

  it('treats a linked role without a rule as no change, so a surcharge elsewhere does not win', async () => {
    const product = await make.product({ price: 10000 });
    const individual = await make.roleId('individual');
    const surcharge = await make.group({ product_ids: [product.id], role_ids: [individual] });
    await make.rule(surcharge.id, individual, 10);
    expect(await priceSeenBy('individual', product.id)).toBe(11000);
    await make.group({ product_ids: [product.id], role_ids: [individual] });
    expect(await priceSeenBy('individual', product.id)).toBe(10000);
  });

  it.each([
    [999, -12.5, 874], // 874.125
    [1001, -50, 501], // 500.5 rounds half up
    [1999, -33.333, 1333], // 1332.663...
    [5, 10, 6], // 5.5
    [12345, 0.001, 12345],
    [100, 1000, 1100],
  ])('rounds %d cents at %d %% to %d cents', async (base, change, expected) => {
    const product = await make.product({ price: base });
    const reseller = await make.roleId('reseller');
    const group = await make.group({ product_ids: [product.id], role_ids: [reseller] });
    await make.rule(group.id, reseller, change);
    expect(await priceSeenBy('reseller', product.id)).toBe(expected);
  });

  it('sorts a member’s list by the member’s own price', async () => {
    const cheapBase = await make.product({ name: 'Sortcheck one', price: 1000 });
    const dearBase = await make.product({ name: 'Sortcheck two', price: 1500 });
    const stockist = await make.roleId('stockist');
    const group = await make.group({ product_ids: [dearBase.id], role_ids: [stockist] });
    await make.rule(group.id, stockist, -50);
    const list = (await t.get('/api/products/all?q=sortcheck&sort=price&order=ASC', { token: await t.tokenFor('stockist') })).json();
    expect(list.data.map((p: { id: number; price: number }) => [p.id, p.price])).toEqual([
      [dearBase.id, 750],
      [cheapBase.id, 1000],
    ]);
  });

  it('never shows a stockist, individual or reseller a base price, another role’s price or a rule', async () => {
    const product = await make.product({ sku: 'LEAK-CHECK', price: 77777, display_material: true });
    const roles = ['stockist', 'individual', 'reseller'] as const;
    const changes = { stockist: -10, individual: -20, reseller: -30 };
    const group = await make.group({ product_ids: [product.id], role_ids: await Promise.all(roles.map((r) => make.roleId(r))) });
    for (const role of roles) await make.rule(group.id, await make.roleId(role), changes[role]);
    const prices = { stockist: 69999, individual: 62222, reseller: 54444 };
    for (const role of roles) {
      const token = await t.tokenFor(role);
      const bodies = [
        (await t.get(`/api/products/product?id=${product.id}`, { token })).body,
        (await t.get(`/api/products/all?q=LEAK-CHECK`, { token })).body,
        (await t.get(`/api/products/alldisplay?q=LEAK-CHECK`, { token })).body,
      ];
      for (const body of bodies) {
        expect(body).toContain(`"price":${prices[role]}`);
        for (const other of [77777, ...Object.values(prices).filter((p) => p !== prices[role])]) expect(body).not.toContain(String(other));
        expect(body).not.toMatch(/percentile|rule|group/);
      }
    }
  });

  it('pricesFor answers every product’s price for a user in one call', async () => {
    const products = await Promise.all([1000, 2000, 3000].map((price) => make.product({ price })));
    const stockist = await make.roleId('stockist');
    const group = await make.group({ product_ids: [products[0].id, products[2].id], role_ids: [stockist] });
    await make.rule(group.id, stockist, -20);
    const ids = products.map((p) => p.id);
    const prices = await pricesFor(t.db, { role: 'stockist', roleId: stockist }, [...ids, 999999]);
    expect([...prices.entries()]).toEqual(expect.arrayContaining([[ids[0], 800], [ids[1], 2000], [ids[2], 2400]]));
    expect(prices.has(999999)).toBe(false);
    expect(await pricesFor(t.db, { role: 'admin', roleId: 1 }, ids)).toEqual(new Map([[ids[0], 1000], [ids[1], 2000], [ids[2], 3000]]));
    expect(await pricesFor(t.db, { role: 'stockist', roleId: stockist }, [])).toEqual(new Map());
    // A long list (an order of hundreds of lines, a whole catalogue) takes the aggregated path: same prices.
    const many = [...ids, ...Array.from({ length: 300 }, (_, i) => 1_000_000 + i)];
    expect(await pricesFor(t.db, { role: 'stockist', roleId: stockist }, many)).toEqual(prices);
  });
});
