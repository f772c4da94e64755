import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdminContext, Notification } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en';
import { dataProvider } from '../../src/providers/dataProvider';
import GroupScreen from '../../src/resources/product-groups/GroupScreen';
import type { GroupDetails } from '../../src/resources/product-groups/groupSelection';
import { formatMoney } from '../../src/i18n/format';
import { api, useMockApi } from './support/server';

const server = useMockApi();
/** As toHaveTextContent reads it: en-ZA money has non-breaking spaces, which it normalises. */
const money = (cents: number) => formatMoney(cents).replace(/\s/g, ' ');
const i18nProvider = polyglotI18nProvider(() => en, 'en');

const role = (id: number, name: string, display_name: string) => ({ id, name, display_name, description: '' });
const rule = { id: 40, group_id: 7, role_id: 2, percentile_change: -10 };
const details = (overrides: Partial<GroupDetails> = {}): GroupDetails => ({
  id: 7,
  name: 'Winter deals',
  description: 'Cold season',
  product_ids: [1],
  role_ids: [2],
  all_products: [{ id: 1, sku: 'TEA-1', name: 'Rooibos', price: 20000, active: true }],
  all_roles: [
    { ...role(2, 'stockist', 'Stockist'), is_linked: true },
    { ...role(3, 'individual', 'Individual'), is_linked: false },
    { ...role(5, 'reseller', 'Reseller (rep)'), is_linked: false },
  ],
  role_pricing: [{ ...role(2, 'stockist', 'Stockist'), percentile_change: -10, rule_id: 40, prices_array: [rule] }],
  roles: [{ ...role(2, 'stockist', 'Stockist'), prices: [rule] }],
  ...overrides,
});

/** The API as the group screen sees it; the posted bodies are kept for the assertions. */
function mockGroupApi(answers: GroupDetails[]) {
  const posted: Record<string, unknown[]> = { savegroup: [], savegrouppricing: [], deletegrouppricing: [] };
  let loads = 0;
  server.use(
    http.get(api('products/group'), ({ request }) => {
      expect(new URL(request.url).searchParams.get('id')).toBe('7');
      return HttpResponse.json({ data: answers[Math.min(loads++, answers.length - 1)] });
    }),
    http.get(api('products/all'), ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      const all = [
        { id: 1, sku: 'TEA-1', name: 'Rooibos', price: 20000 },
        { id: 9, sku: 'HON-9', name: 'Honey', price: 5000 },
      ].filter((p) => p.name.toLowerCase().includes(q.toLowerCase()));
      return HttpResponse.json({ data: all, total: all.length });
    }),
    ...Object.keys(posted).map((path) =>
      http.post(api(`products/${path}`), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posted[path].push(body);
        return HttpResponse.json({ data: { ...body, id: body.id ?? 41 } });
      }),
    ),
  );
  return { posted, loads: () => loads };
}

function renderScreen() {
  return render(
    <MemoryRouter initialEntries={['/product-groups/7']}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/product-groups/:groupid" element={<GroupScreen />} />
        </Routes>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('the group screen /product-groups/{groupid}', () => {
  it('shows the linked products, the roles (linked ones selected) and a pricing row per linked role', async () => {
    mockGroupApi([details()]);
    renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Winter deals' })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Linked products' })).getByText('Rooibos')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Stockist' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Individual' })).not.toBeChecked();
    const pricing = screen.getByRole('table', { name: 'Pricing per role' });
    expect(within(pricing).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByLabelText('Change (%) — Stockist')).toHaveValue(-10);
    expect(screen.getByTestId('example-stockist')).toHaveTextContent(`${money(20000)} becomes ${money(18000)}`);
  });

  it('updates the example price as the change is typed and refuses a change of -100 % or less', async () => {
    const { posted } = mockGroupApi([details()]);
    renderScreen();
    const input = await screen.findByLabelText('Change (%) — Stockist');
    await userEvent.clear(input);
    await userEvent.type(input, '-12.5');
    expect(screen.getByTestId('example-stockist')).toHaveTextContent(`becomes ${money(17500)}`);
    await userEvent.clear(input);
    await userEvent.type(input, '-100');
    expect(screen.getByText('Enter a change above -100 and at most 1000, with at most three decimals')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save price' })).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, '-15');
    await userEvent.click(screen.getByRole('button', { name: 'Save price' }));
    await waitFor(() => expect(posted.savegrouppricing).toEqual([{ id: 40, group_id: 7, role_id: 2, percentile_change: -15 }]));
    expect(await screen.findByText('The price for Stockist has been saved')).toBeInTheDocument();
  });

  it('adds a product found by search and a role, saves the links, and reloads with the to-save lists reset', async () => {
    const saved = details({
      product_ids: [1, 9],
      role_ids: [2, 3],
      all_products: [...details().all_products, { id: 9, sku: 'HON-9', name: 'Honey', price: 5000, active: true }],
      all_roles: details().all_roles.map((r) => ({ ...r, is_linked: r.id !== 5 })),
      role_pricing: [...details().role_pricing, { ...role(3, 'individual', 'Individual'), percentile_change: null, rule_id: null, prices_array: [] }],
    });
    const { posted, loads } = mockGroupApi([details(), saved]);
    renderScreen();
    await userEvent.type(await screen.findByLabelText('Add a product'), 'hon');
    await userEvent.click(await screen.findByRole('option', { name: 'Honey (HON-9)' }));
    const products = screen.getByRole('table', { name: 'Linked products' });
    expect(within(products).getByText('to be added')).toBeInTheDocument();
    // A role ticked twice is saved once.
    const individual = screen.getByRole('checkbox', { name: 'Individual' });
    await userEvent.click(individual);
    await userEvent.click(individual);
    await userEvent.click(individual);
    // Not priceable before it is saved.
    expect(screen.queryByLabelText('Change (%) — Individual')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save group' }));
    await waitFor(() =>
      expect(posted.savegroup).toEqual([{ id: 7, name: 'Winter deals', description: 'Cold season', product_ids: [1, 9], role_ids: [2, 3] }]),
    );
    await waitFor(() => expect(loads()).toBe(2));
    expect(await screen.findByLabelText('Change (%) — Individual')).toHaveValue(null);
    expect(within(screen.getByRole('table', { name: 'Linked products' })).queryByText('to be added')).not.toBeInTheDocument();
  });

  it('removes a linked product and removes a role’s price rule', async () => {
    const { posted } = mockGroupApi([details()]);
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Rooibos' }));
    expect(screen.getByText('No products are linked to this group yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove price rule' }));
    await waitFor(() => expect(posted.deletegrouppricing).toEqual([{ id: 40 }]));
    await userEvent.click(screen.getByRole('button', { name: 'Save group' }));
    await waitFor(() => expect(posted.savegroup).toEqual([expect.objectContaining({ product_ids: [], role_ids: [2] })]));
  });
});
