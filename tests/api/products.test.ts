import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app';
import { catalogueFactory } from './support/catalogue';

const t = useTestApp();
const make = catalogueFactory(t);

describe('products/save', () => {
  it('creates a product (201) with its property values, updates it (200) and audits both', async () => {
    const size = await make.property('Size', ['S', 'M', 'L']);
    const token = await t.tokenFor('admin');
    const create = await t.post(
      '/api/products/save',
      { sku: 'TEA-001', name: 'Rooibos tea', description: 'Loose leaf', price: 4999, display_material: false, image_url: 'https://cdn.example.com/tea.png', property_value_ids: [size.values[0].id, size.values[2].id] },
      { token },
    );
    expect(create.statusCode).toBe(201);
    const product = create.json().data;
    expect(product).toEqual({
      id: expect.any(Number),
      sku: 'TEA-001',
      name: 'Rooibos tea',
      description: 'Loose leaf',
      price: 4999,
      active: true,
      display_material: false,
      image_url: 'https://cdn.example.com/tea.png',
      property_value_ids: [size.values[0].id, size.values[2].id],
      // A new product is standard-rated unless said otherwise.
      vat_class: 'standard',
      // No mark of its own: the company's default says when it is low.
      low_stock_mark: null,
      // Sent back in If-Match by a save.
      version: 1,
    });
    const update = await t.post('/api/products/save', { id: product.id, sku: 'TEA-001', name: 'Rooibos tea 100 g', price: 5499, active: false, property_value_ids: [size.values[1].id], image_url: '/images/tea.png' }, { token });
    expect(update.statusCode).toBe(200);
    expect(update.json().data).toMatchObject({ name: 'Rooibos tea 100 g', price: 5499, active: false, property_value_ids: [size.values[1].id], image_url: '/images/tea.png' });
    expect(await t.audit('create_product', product.id)).toHaveLength(1);
    expect(await t.audit('update_product', product.id)).toHaveLength(1);
  });

  it('answers 409 naming sku for a duplicate SKU, whatever its case', async () => {
    const existing = await make.product();
    const res = await t.post('/api/products/save', { sku: existing.sku.toLowerCase(), name: 'Clash', price: 1 }, { token: await t.tokenFor('admin') });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ sku: expect.any(String) });
  });

  it.each([
    [{ sku: '', name: 'x', price: 1 }, 'sku'],
    [{ sku: 'OK-1', name: 'x', price: -1 }, 'price'],
    [{ sku: 'OK-1', name: 'x', price: 1.5 }, 'price'],
    [{ sku: 'OK-1', price: 1 }, 'name'],
    [{ sku: 'OK-1', name: 'x', price: 1, image_url: 'javascript:alert(1)' }, 'image_url'],
    [{ sku: 'OK-1', name: 'x', price: 1, image_url: '//evil.example/x.png' }, 'image_url'],
    [{ sku: 'OK-1', name: 'x', price: 1, property_value_ids: [999999] }, 'property_value_ids'],
    [{ sku: 'OK-1', name: 'x', price: 1, low_stock_mark: -1 }, 'low_stock_mark'],
    [{ sku: 'OK-1', name: 'x', price: 1, low_stock_mark: 2.5 }, 'low_stock_mark'],
    [{ sku: 'OK-1', name: 'x', price: 1, low_stock_mark: 1_000_001 }, 'low_stock_mark'],
    [{ sku: 'OK-1', name: 'x', price: 1, low_stock_mark: '12' }, 'low_stock_mark'],
  ])('answers 400 naming the field for %j', async (body, field) => {
    const res = await t.post('/api/products/save', body, { token: await t.tokenFor('admin') });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toContain(field);
  });

  it('keeps a low-stock mark of its own, unsaid on an update keeps it, null returns to the default; members never see it', async () => {
    const token = await t.tokenFor('admin');
    const save = async (body: Record<string, unknown>) => {
      const res = await t.post('/api/products/save', { sku: 'MARK-1', name: 'Marked', price: 100, ...body }, { token });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json().data as { id: number; low_stock_mark: number | null };
    };
    const product = await save({ low_stock_mark: 12 });
    expect(product.low_stock_mark).toBe(12);
    expect((await save({ id: product.id, name: 'Marked again' })).low_stock_mark).toBe(12);
    expect((await save({ id: product.id, low_stock_mark: 0 })).low_stock_mark).toBe(0);
    const production = await t.get(`/api/products/product?id=${product.id}`, { token: await t.tokenFor('production') });
    expect(production.json().data.low_stock_mark).toBe(0);
    for (const role of ['stockist', 'individual', 'reseller'] as const) {
      const seen = await t.get(`/api/products/all?ids=${product.id}`, { token: await t.tokenFor(role) });
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json().data).toHaveLength(1);
      expect(seen.json().data[0]).not.toHaveProperty('low_stock_mark');
    }
    expect((await save({ id: product.id, low_stock_mark: null })).low_stock_mark).toBeNull();
  });

  it('answers 404 for an update of a product that does not exist', async () => {
    const res = await t.post('/api/products/save', { id: 999999, sku: 'GONE-1', name: 'x', price: 1 }, { token: await t.tokenFor('admin') });
    expect(res.statusCode).toBe(404);
  });
});

describe('products/all', () => {
  it('pages, sorts and filters in SQL: search on name and SKU, active, group, property value', async () => {
    const colour = await make.property('Colour', ['Teal', 'Plum']);
    const [teal, plum] = colour.values.map((v) => v.id);
    const a = await make.product({ sku: 'ZQX-A', name: 'Zebra quill alpha', price: 300, property_value_ids: [teal] });
    const b = await make.product({ sku: 'ZQX-B', name: 'Zebra quill beta', price: 100, property_value_ids: [plum] });
    const c = await make.product({ sku: 'OTHER-ZQX', name: 'Gamma', price: 200, active: false });
    const group = await make.group({ product_ids: [a.id, c.id] });
    const token = await t.tokenFor('admin');
    const list = async (query: string) => {
      const res = await t.get(`/api/products/all?${query}`, { token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: { id: number; price: number }[]; total: number };
    };
    const search = await list('q=zqx&sort=price&order=ASC');
    expect(search.data.map((p) => p.id)).toEqual([b.id, c.id, a.id]);
    expect(search.total).toBe(3);
    expect((await list('q=zebra%20quill&sort=name&order=DESC')).data.map((p) => p.id)).toEqual([b.id, a.id]);
    const page2 = await list('q=zqx&sort=price&order=ASC&page=2&perPage=2');
    expect(page2).toEqual({ data: [expect.objectContaining({ id: a.id })], total: 3 });
    expect((await list('q=zqx&active=false')).data.map((p) => p.id)).toEqual([c.id]);
    expect((await list(`group_id=${group.id}&sort=id`)).data.map((p) => p.id)).toEqual([a.id, c.id]);
    expect((await list(`property_value_id=${plum}`)).data.map((p) => p.id)).toEqual([b.id]);
    expect((await list(`ids=${a.id},${b.id}`)).total).toBe(2);
  });

  it('answers 400 for an unknown sort field and 401 without a token', async () => {
    const bad = await t.get('/api/products/all?sort=password', { token: await t.tokenFor('admin') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('sort');
    expect((await t.get('/api/products/all')).statusCode).toBe(401);
  });

  it('shows members only active products', async () => {
    const archived = await make.product({ active: false });
    const stockist = await t.tokenFor('stockist');
    const all = await t.get(`/api/products/all?ids=${archived.id}`, { token: stockist });
    expect(all.json().total).toBe(0);
    expect((await t.get(`/api/products/product?id=${archived.id}`, { token: stockist })).statusCode).toBe(404);
    expect((await t.get(`/api/products/product?id=${archived.id}`, { token: await t.tokenFor('production') })).statusCode).toBe(200);
  });
});

describe('products/all?skus= (quick order)', () => {
  it('answers exactly the products with the given codes, in any case, in one call; a member gets only active ones', async () => {
    const admin = await t.tokenFor('admin');
    const stamp = Math.random().toString(36).slice(2, 7).toUpperCase();
    const save = async (sku: string, active: boolean) => (await t.post('/api/products/save', { sku, name: `Quick ${sku}`, price: 1000, active }, { token: admin })).json().data.id as number;
    const live = await save(`QK-${stamp}`, true);
    const longer = await save(`QK-${stamp}-2`, true);
    const archived = await save(`QK-OLD-${stamp}`, false);
    const ask = async (token: string, skus: string) => (await t.get(`/api/products/all?perPage=100&skus=${encodeURIComponent(skus)}`, { token })).json().data.map((p: { id: number }) => p.id).sort();
    // Exact codes, not a search: QK-xxx does not bring QK-xxx-2.
    expect(await ask(admin, ` qk-${stamp.toLowerCase()} , QK-OLD-${stamp},NOPE-${stamp}`)).toEqual([live, archived].sort());
    expect(await ask(await t.tokenFor('stockist'), `QK-${stamp},QK-${stamp}-2,QK-OLD-${stamp}`)).toEqual([live, longer].sort());
    expect(await ask(admin, ' , ')).toEqual([]);
  });
});

describe('products/alldisplay', () => {
  it('answers the active display-material products at the caller’s price', async () => {
    const stand = await make.product({ display_material: true, price: 20000 });
    const plain = await make.product({ price: 20000 });
    const group = await make.group({ product_ids: [stand.id, plain.id], role_ids: [await make.roleId('stockist')] });
    await make.rule(group.id, await make.roleId('stockist'), -25);
    const res = await t.get(`/api/products/alldisplay?perPage=1000&sort=id`, { token: await t.tokenFor('stockist') });
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((p: { id: number }) => p.id);
    expect(ids).toContain(stand.id);
    expect(ids).not.toContain(plain.id);
    expect(res.json().data.find((p: { id: number }) => p.id === stand.id).price).toBe(15000);
    expect(res.json().data.every((p: { display_material: boolean }) => p.display_material)).toBe(true);
  });
});

describe('products/delete', () => {
  it('deletes a product with its links and audits it', async () => {
    const product = await make.product();
    const group = await make.group({ product_ids: [product.id] });
    const token = await t.tokenFor('admin');
    const res = await t.post('/api/products/delete', { id: product.id }, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: product.id } });
    expect((await t.get(`/api/products/product?id=${product.id}`, { token })).statusCode).toBe(404);
    expect((await t.get(`/api/products/group?id=${group.id}`, { token })).json().data.product_ids).toEqual([]);
    expect(await t.audit('delete_product', product.id)).toHaveLength(1);
    expect((await t.post('/api/products/delete', { id: product.id }, { token })).statusCode).toBe(404);
  });
});

describe('properties', () => {
  it('creates a property with values, replaces the value set in place and deletes it', async () => {
    const token = await t.tokenFor('admin');
    const created = await t.post('/api/products/saveproperty', { name: 'Strength', values: [{ value: 'Mild' }, { value: 'Strong' }] }, { token });
    expect(created.statusCode).toBe(201);
    const property = created.json().data;
    expect(property.values.map((v: { value: string }) => v.value)).toEqual(['Mild', 'Strong']);
    const [mild, strong] = property.values;
    const product = await make.product({ property_value_ids: [mild.id, strong.id] });

    const replaced = await t.post(
      '/api/products/savepropertyvalues',
      { property_id: property.id, values: [{ id: strong.id, value: 'Extra strong' }, { value: 'Medium' }] },
      { token },
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data.values).toEqual([{ id: strong.id, value: 'Extra strong' }, { id: expect.any(Number), value: 'Medium' }]);
    // The removed value is unpicked from the product.
    expect((await t.get(`/api/products/product?id=${product.id}`, { token })).json().data.property_value_ids).toEqual([strong.id]);

    const list = await t.get('/api/products/properties?q=strength', { token: await t.tokenFor('stockist') });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([replaced.json().data]);

    expect((await t.post('/api/products/deleteproperty', { id: property.id }, { token })).statusCode).toBe(200);
    expect((await t.get(`/api/products/product?id=${product.id}`, { token })).json().data.property_value_ids).toEqual([]);
    expect(await t.audit('delete_property', property.id)).toHaveLength(1);
  });

  it('answers 409 for a duplicate property name and 400 for a value listed twice', async () => {
    const token = await t.tokenFor('admin');
    const property = await make.property('Shape', ['Round']);
    const dup = await t.post('/api/products/saveproperty', { name: property.name.toUpperCase() }, { token });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toHaveProperty('name');
    const twice = await t.post('/api/products/savepropertyvalues', { property_id: property.id, values: [{ value: 'Oval' }, { value: 'oval' }] }, { token });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toHaveProperty(['values.1.value']);
    const foreign = await t.post('/api/products/savepropertyvalues', { property_id: property.id, values: [{ id: 999999, value: 'X' }] }, { token });
    expect(foreign.statusCode).toBe(400);
    const missing = await t.post('/api/products/savepropertyvalues', { property_id: 999999, values: [] }, { token });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the role policy of the Products calls', () => {
  const writes: [string, Record<string, unknown>][] = [
    ['save', { sku: 'NOPE-1', name: 'x', price: 1 }],
    ['delete', { id: 1 }],
    ['saveproperty', { name: 'Nope' }],
    ['savepropertyvalues', { property_id: 1, values: [] }],
    ['deleteproperty', { id: 1 }],
    ['savegroup', { name: 'Nope' }],
    ['deletegroup', { id: 1 }],
    ['savegrouppricing', { group_id: 1, role_id: 2, percentile_change: 5 }],
    ['deletegrouppricing', { id: 1 }],
  ];
  const others = ['production', 'reseller', 'stockist', 'individual'] as const;

  it.each(others)('answers 403 to every write by %s', async (role) => {
    const token = await t.tokenFor(role);
    for (const [path, body] of writes) {
      const res = await t.post(`/api/products/${path}`, body, { token });
      expect(res.statusCode, path).toBe(403);
    }
  });

  it.each(others)('keeps groups and group details from %s, and lets it read products and properties', async (role) => {
    const token = await t.tokenFor(role);
    expect((await t.get('/api/products/groups', { token })).statusCode).toBe(403);
    expect((await t.get('/api/products/group?id=1', { token })).statusCode).toBe(403);
    for (const path of ['all', 'alldisplay', 'properties']) expect((await t.get(`/api/products/${path}`, { token })).statusCode, path).toBe(200);
  });

  it('answers 401 to every call without a token', async () => {
    for (const [path, body] of writes) expect((await t.post(`/api/products/${path}`, body)).statusCode).toBe(401);
    for (const path of ['all', 'alldisplay', 'properties', 'groups', 'group?id=1', 'product?id=1']) {
      expect((await t.get(`/api/products/${path}`)).statusCode).toBe(401);
    }
  });
});

describe('products/property (an addition for the edit screen)', () => {
  it('answers one property with its values to any signed-in role, 404 when missing', async () => {
    const property = await make.property('Finish', ['Matte', 'Gloss']);
    const res = await t.get(`/api/products/property?id=${property.id}`, { token: await t.tokenFor('reseller') });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(property);
    expect((await t.get('/api/products/property?id=999999', { token: await t.tokenFor('admin') })).statusCode).toBe(404);
  });

  it('takes an empty image address and description as none', async () => {
    const product = await make.product({ image_url: '', description: null });
    expect(product).toMatchObject({ image_url: null, description: '' });
  });
});
