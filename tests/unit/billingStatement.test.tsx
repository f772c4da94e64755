import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdminContext } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en';
import { dataProvider } from '../../src/providers/dataProvider';
import { presetPeriod } from '../../src/resources/billing/periods';
import StatementView from '../../src/resources/billing/StatementView';
import type { Statement } from '../../shared/billing/records';
import { api, useMockApi } from './support/server';

const server = useMockApi();
const i18nProvider = polyglotI18nProvider(() => en, 'en');

const statementFor = (from: string, to: string): Statement => ({
  client_id: 7,
  client_name: 'Cape Stockists',
  from,
  to,
  opening_balance: 500_00,
  closing_balance: 1_250_00,
  total: 3,
  page: 1,
  per_page: 50,
  brought_forward: 500_00,
  carried_forward: 1_250_00,
  entries: [
    { date: '2026-11-02', type: 'invoice', id: 40, number: 'INV-0040', debit: 1_150_00, credit: 0, balance: 1_650_00 },
    { date: '2026-11-10', type: 'credit_note', id: 41, number: 'CN-0001', debit: 0, credit: 100_00, balance: 1_550_00 },
    { date: '2026-11-15', type: 'payment', id: 90, number: 'EFT 7781', debit: 0, credit: 300_00, balance: 1_250_00 },
  ],
  ageing: { current: 1_000_00, days_1_30: 250_00, days_31_60: 0, days_61_90: 0, days_91_120: 0, days_120_plus: 0 },
});

function renderStatement(path = '/clients/view/7/statement') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>
        <Routes>
          <Route path="/clients/view/:clientid/statement" element={<StatementView />} />
          <Route path="/404" element={<p>Not found page</p>} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('the statement', () => {
  it('shows the last 90 days: the opening balance, each entry with its running balance, the closing balance and the ageing', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get(api('billing/statement'), ({ request }) => {
        const query = new URL(request.url).searchParams;
        queries.push(query);
        return HttpResponse.json({ data: statementFor(query.get('from')!, query.get('to')!) });
      }),
    );
    renderStatement();

    expect(await screen.findByRole('heading', { level: 1, name: /Cape Stockists/ })).toBeVisible();
    const days90 = presetPeriod('days_90');
    expect(queries[0].get('client_id')).toBe('7');
    expect([queries[0].get('from'), queries[0].get('to')]).toEqual([days90.from, days90.to]);

    const table = screen.getByRole('table', { name: 'Statement' });
    expect(within(table).getByTestId('statement-opening')).toHaveTextContent(/R\s?500[.,]00/);
    const entries = within(table).getAllByTestId('statement-entry');
    expect(entries).toHaveLength(3);
    expect(entries[0]).toHaveTextContent('INV-0040');
    expect(entries[0]).toHaveTextContent('Tax invoice');
    expect(entries[0]).toHaveTextContent(/R\s?1\s?650[.,]00$/);
    expect(within(entries[0]).getByRole('link', { name: 'INV-0040' })).toHaveAttribute('href', '/invoices/40');
    expect(entries[1]).toHaveTextContent('Credit note');
    expect(entries[1]).toHaveTextContent(/R\s?1\s?550[.,]00$/);
    expect(entries[2]).toHaveTextContent('Payment');
    expect(within(table).getByTestId('statement-closing')).toHaveTextContent(/R\s?1\s?250[.,]00/);
    expect(within(screen.getByTestId('ageing')).getByTestId('ageing-days_1_30')).toHaveTextContent(/R\s?250[.,]00/);
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();

    // Another period: typed, then shown; and this month at a click.
    const user = userEvent.setup({ delay: null });
    const from = screen.getByRole('textbox', { name: /^From/ });
    const to = screen.getByRole('textbox', { name: /^To/ });
    await user.clear(from);
    await user.type(from, '2026/10/01');
    await user.clear(to);
    await user.type(to, '2026/09/30');
    expect(screen.getByText('The end comes before the start.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Show' })).toBeDisabled();
    await user.clear(to);
    await user.type(to, '31 Oct 2026');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect([queries.at(-1)?.get('from'), queries.at(-1)?.get('to')]).toEqual(['2026-10-01', '2026-10-31']));

    await user.click(screen.getByRole('button', { name: 'This month' }));
    const month = presetPeriod('month');
    await waitFor(() => expect([queries.at(-1)?.get('from'), queries.at(-1)?.get('to')]).toEqual([month.from, month.to]));
  });

  it('says when the period has no entry', async () => {
    server.use(http.get(api('billing/statement'), () => HttpResponse.json({ data: { ...statementFor('2026-01-01', '2026-01-31'), entries: [], closing_balance: 500_00 } })));
    renderStatement();
    expect(await screen.findByText('No document or payment in this period.')).toBeVisible();
  });

  it('goes to /404 for a client the caller may not see', async () => {
    server.use(http.get(api('billing/statement'), () => HttpResponse.json({ message: 'Not found' }, { status: 404 })));
    renderStatement();
    expect(await screen.findByText('Not found page')).toBeVisible();
  });
});
