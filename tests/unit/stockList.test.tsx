import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../src/providers/session';
import { setToken } from '../../src/providers/storage';
import StockList from '../../src/resources/stock/StockList';
import { levelsCsv } from '../../src/resources/stock/exporters';
import type { StockLevel } from '../../src/resources/stock/types';
import { renderResource } from './support/renderResource';
import { api, useMockApi } from './support/server';

const server = useMockApi();

const level = (product_id: number, product_name: string, available: number, low_mark: number): StockLevel => ({
  id: `1-${product_id}`,
  branch_id: 1,
  branch_name: 'Johannesburg',
  product_id,
  product_name,
  sku: `SKU-${product_id}`,
  on_hand: Math.max(available, 0) + 2,
  reserved: 2,
  available,
  backordered: available <= 0 ? 4 : 0,
  in_production: 0,
  low_mark,
});

// Ten left: low for a product sold by the case (its own mark 20), not for one with the default 5;
// one left of a product whose mark is 0 is not low; none left is backordered, not low.
const byTheCase = level(1, 'Rooibos by the case', 10, 20);
const plain = level(2, 'Honeybush tin', 10, 5);
const slow = level(3, 'Gift hamper', 1, 0);
const out = level(4, 'Buchu oil', 0, 5);

afterEach(() => session.reset());

describe('the stock list', () => {
  it("marks an available figure under the product's own low mark, and exports each mark", async () => {
    server.use(
      http.get(api('auth/core'), () =>
        HttpResponse.json({ data: { user: { id: 1, name: 'Ada', email: 'ada@example.com', role: { id: 1, role_name: 'admin' }, client: null }, branch_config: [{ id: 1, name: 'Johannesburg', default_branch: true }] } }),
      ),
      http.get(api('stock/levels'), () => HttpResponse.json({ data: [byTheCase, plain, slow, out], total: 4 })),
    );
    setToken('token-1');
    await session.loadCore();
    renderResource('stock', <StockList />);

    const low = await screen.findByRole('row', { name: /Rooibos by the case/ });
    expect(within(low).getByText('Low stock')).toBeVisible();
    for (const name of [/Honeybush tin/, /Gift hamper/, /Buchu oil/]) expect(within(screen.getByRole('row', { name })).queryByText('Low stock')).toBeNull();

    const [header, ...lines] = levelsCsv([byTheCase, slow]).split('\r\n');
    expect(header).toBe('branch_name,sku,product_name,on_hand,reserved,available,low_mark,backordered,in_production');
    expect(lines).toEqual(['Johannesburg,SKU-1,Rooibos by the case,12,2,10,20,0,0', 'Johannesburg,SKU-3,Gift hamper,3,2,1,0,0,0']);
  });
});
