import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../src/providers/session';
import { setToken } from '../../src/providers/storage';
import DebtorList from '../../src/resources/billing/DebtorList';
import { debtorsCsv } from '../../src/resources/billing/exporters';
import type { Ageing, Debtor } from '../../shared/billing/records';
import { renderResource } from './support/renderResource';
import { api, useMockApi } from './support/server';

const server = useMockApi();

const debtor = (id: number, client_name: string, buckets: Partial<Ageing>, credit_limit: number | null = null): Debtor => {
  const ageing: Ageing = { current: 0, days_1_30: 0, days_31_60: 0, days_61_90: 0, days_91_120: 0, days_120_plus: 0, ...buckets };
  return { id, client_name, email: `${id}@example.com`, payment_terms: '30', credit_limit, balance: Object.values(ageing).reduce((a, b) => a + b, 0), ...ageing };
};

const cape = debtor(7, 'Cape Stockists', { current: 1_000_00, days_1_30: 500_00, days_120_plus: 250_00 }, 1_500_00);
const karoo = debtor(8, 'Karoo Traders', { current: 200_00, days_31_60: 300_00 });
// The totals of everyone the filters find, not only this page.
const totals = { current: 9_200_00, days_1_30: 1_500_00, days_31_60: 300_00, days_61_90: 0, days_91_120: 0, days_120_plus: 250_00 };

/** The signed-in user as the route guard leaves it loaded (the list shows an admin more filters). */
async function signedInAs(roleName: string, branch_config: { id: number; name: string; default_branch: boolean }[] = []) {
  server.use(http.get(api('auth/core'), () => HttpResponse.json({ data: { user: { id: 1, name: 'Ada', email: 'ada@example.com', role: { id: 1, role_name: roleName }, client: null }, branch_config } })));
  setToken('token-1');
  await session.loadCore();
}

afterEach(() => session.reset());

/** billing/debtors answers the rows `found` picks for each query, with the totals; the queries, as they came. */
function answerDebtors(found: (query: URLSearchParams) => Debtor[]): URLSearchParams[] {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(api('billing/debtors'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const data = found(query);
      return HttpResponse.json({ data, total: data.length, totals });
    }),
  );
  return queries;
}

describe('the debtors list', () => {
  it('lists each client by age with its balance, and the totals of all it finds in a totals row', async () => {
    const queries = answerDebtors((query) => (query.get('overdue') === 'true' ? [cape] : [cape, karoo]));
    renderResource('debtors', <DebtorList />);

    const row = await screen.findByRole('row', { name: /Cape Stockists/ });
    expect(row).toHaveTextContent(/R\s?1\s?000[.,]00/);
    expect(row).toHaveTextContent(/R\s?1\s?750[.,]00/);
    expect(row).toHaveTextContent('30 days');
    expect(screen.getByRole('row', { name: /Karoo Traders/ })).toHaveTextContent('—');
    expect(queries[0].get('sort')).toBe('balance');
    expect(queries[0].get('order')).toBe('DESC');
    expect(queries[0].has('overdue')).toBe(false);

    const totalsRow = within(screen.getByTestId('debtor-totals'));
    expect(totalsRow.getByTestId('ageing-current')).toHaveTextContent(/R\s?9\s?200[.,]00/);
    expect(totalsRow.getByTestId('ageing-days_1_30')).toHaveTextContent(/R\s?1\s?500[.,]00/);
    expect(totalsRow.getByTestId('ageing-days_91_120')).toHaveTextContent(/R\s?0[.,]00/);
    expect(totalsRow.getByTestId('ageing-days_120_plus')).toHaveTextContent(/R\s?250[.,]00/);
    expect(totalsRow.getByTestId('ageing-total')).toHaveTextContent(/R\s?11\s?250[.,]00/);

    await userEvent.click(screen.getByRole('switch', { name: 'Overdue only' }));
    await waitFor(() => expect(queries.at(-1)?.get('overdue')).toBe('true'));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Karoo Traders/ })).toBeNull());
    // Unticked, the filter is gone rather than sent as false.
    await userEvent.click(screen.getByRole('switch', { name: 'Overdue only' }));
    await waitFor(() => expect(queries.at(-1)?.has('overdue')).toBe(false));
    expect(await screen.findByRole('row', { name: /Karoo Traders/ })).toBeVisible();
  });

  it('lets an admin narrow the list to one rep’s clients', async () => {
    await signedInAs('admin');
    const queries = answerDebtors((query) => (query.get('rep_user_id') === '21' ? [cape] : [cape, karoo]));
    server.use(http.get(api('admin/repusers'), () => HttpResponse.json({ data: [{ id: 21, name: 'Thandi Rep' }, { id: 22, name: 'Sipho Rep' }], total: 2 })));
    renderResource('debtors', <DebtorList />);
    expect(await screen.findByRole('row', { name: /Karoo Traders/ })).toBeVisible();
    expect(queries[0].has('rep_user_id')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Rep' }));
    await userEvent.click(await screen.findByRole('combobox', { name: 'Rep' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Thandi Rep' }));
    await waitFor(() => expect(queries.at(-1)?.get('rep_user_id')).toBe('21'));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Karoo Traders/ })).toBeNull());
    expect(screen.getByRole('row', { name: /Cape Stockists/ })).toBeVisible();
  });

  it('is not narrowed by the header’s branch: a client’s balance is not per branch', async () => {
    await signedInAs('admin', [{ id: 3, name: 'Johannesburg', default_branch: true }]);
    const queries = answerDebtors(() => [cape, karoo]);
    renderResource('debtors', <DebtorList />);
    expect(await screen.findByRole('row', { name: /Karoo Traders/ })).toBeVisible();
    expect(queries.every((query) => !query.has('branch_id'))).toBe(true);
  });

  it('has no rep filter for a rep, whose list is its own clients', async () => {
    await signedInAs('reseller');
    server.use(http.get(api('billing/debtors'), () => HttpResponse.json({ data: [cape], total: 1, totals })));
    renderResource('debtors', <DebtorList />);
    expect(await screen.findByRole('row', { name: /Cape Stockists/ })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add filter' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Rep' })).toBeNull();
  });

  it('says when nobody owes anything', async () => {
    server.use(http.get(api('billing/debtors'), () => HttpResponse.json({ data: [], total: 0, totals: { current: 0, days_1_30: 0, days_31_60: 0, days_61_90: 0, days_91_120: 0, days_120_plus: 0 } })));
    renderResource('debtors', <DebtorList />);
    expect(await screen.findByText('No client owes anything.')).toBeVisible();
  });

  it('exports the buckets as decimal rand', () => {
    const csv = debtorsCsv([cape, karoo]).split('\r\n');
    expect(csv[0]).toBe('id,client_name,email,payment_terms,credit_limit,current,days_1_30,days_31_60,days_61_90,days_91_120,days_120_plus,balance');
    expect(csv[1]).toBe('7,Cape Stockists,7@example.com,30,1500.00,1000.00,500.00,0.00,0.00,0.00,250.00,1750.00');
    expect(csv[2]).toBe('8,Karoo Traders,8@example.com,30,,200.00,0.00,300.00,0.00,0.00,0.00,500.00');
  });
});
