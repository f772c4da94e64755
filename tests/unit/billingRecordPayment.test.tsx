import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdminContext } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import en from '../../i18n/en';
import { businessDay } from '../../shared/billing/accounts';
import { dataProvider } from '../../src/providers/dataProvider';
import { randToCents } from '../../src/resources/billing/money';
import { RecordPaymentDialog } from '../../src/resources/billing/RecordPaymentDialog';
import type { DocumentSummary } from '../../shared/billing/records';
import { api, useMockApi } from './support/server';

const server = useMockApi();
const i18nProvider = polyglotI18nProvider(() => en, 'en');

const invoice = (id: number, number: string, due_at: string, balance: number, status: DocumentSummary['status'] = 'open'): DocumentSummary => ({
  id,
  type: 'invoice',
  number,
  order_id: id,
  order_reference: `ORD-${id}`,
  invoice_id: null,
  invoice_number: null,
  client_id: 7,
  client_name: 'Cape Stockists',
  issue_date: due_at,
  due_at,
  full: true,
  total_excl_vat: balance,
  vat: 0,
  total: balance,
  balance,
  status,
  reason: '',
});

/** The client's invoices as billing/invoices answers them (`open`: all still owing, overdue too, by due date), and the payment call. */
function mockBillingApi() {
  const payments: unknown[] = [];
  const invoiceQueries: URLSearchParams[] = [];
  server.use(
    http.get(api('clients/all'), () => HttpResponse.json({ data: [{ id: 7, name: 'Cape Stockists' }], total: 1 })),
    http.get(api('billing/invoices'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      invoiceQueries.push(query);
      const byStatus: Record<string, DocumentSummary[]> = {
        open: [invoice(49, 'INV-0049', '2026-09-01', 700_00, 'overdue'), invoice(50, 'INV-0050', '2026-10-01', 300_00, 'partly_paid'), invoice(52, 'INV-0052', '2026-11-20', 2_000_00)],
      };
      const rows = byStatus[query.get('status') ?? ''] ?? [];
      return HttpResponse.json({ data: rows, total: rows.length });
    }),
    http.post(api('billing/payment'), async ({ request }) => {
      payments.push(await request.json());
      return HttpResponse.json({ data: { id: 90 } });
    }),
  );
  return { payments, invoiceQueries };
}

function renderDialog(client?: { id: number; name: string }) {
  const onRecorded = vi.fn();
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>
        <RecordPaymentDialog client={client} onClose={() => undefined} onRecorded={onRecorded} />
      </AdminContext>
    </MemoryRouter>,
  );
  return { onRecorded, dialog: screen.getByRole('dialog', { name: 'Record payment' }) };
}

describe('rand typed as people write it', () => {
  it.each([
    ['1500', 150000],
    ['1 500,50', 150050],
    ['R 1 234.5', 123450],
    ['1,234.56', 123456],
    ['0,07', 7],
  ])('%s is %i cents', (text, cents) => expect(randToCents(text)).toBe(cents));

  it.each(['', 'abc', '12,345.6.7', '-5', '1,2,3', '12.3456'])('%s is not an amount', (text) => expect(randToCents(text)).toBeNull());
});

describe('the record-payment dialog', () => {
  it('finds the client, sends the amount in cents and lets the server allocate oldest first, showing where it will go', async () => {
    const { payments, invoiceQueries } = mockBillingApi();
    const { dialog, onRecorded } = renderDialog();
    const user = userEvent.setup({ delay: null });

    await user.type(within(dialog).getByRole('combobox', { name: /Search for a client/ }), 'Cape');
    await user.click(await screen.findByRole('option', { name: 'Cape Stockists' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '1 500,50');
    await user.type(within(dialog).getByRole('textbox', { name: /Reference/ }), 'EFT 7781');
    expect(within(dialog).getByRole('textbox', { name: /Paid on/ })).not.toHaveValue('');

    // Oldest due first: INV-0049 (R 700), INV-0050 (R 300), then R 500,50 of INV-0052.
    expect(await within(dialog).findByTestId('allocation-49')).toHaveTextContent(/R\s?700[.,]00/);
    expect(within(dialog).getByTestId('allocation-50')).toHaveTextContent(/R\s?300[.,]00/);
    expect(within(dialog).getByTestId('allocation-52')).toHaveTextContent(/R\s?500[.,]50/);
    expect(within(dialog).getByTestId('allocation-left')).toHaveTextContent(/R\s?0[.,]00/);
    // One call: the server filters what still owes (overdue included) and sorts it oldest due first.
    expect(invoiceQueries.map((query) => [query.get('client_id'), query.get('status'), query.get('sort'), query.get('order')])).toEqual([['7', 'open', 'due_at', 'ASC']]);

    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    const confirm = await screen.findByRole('dialog', { name: 'Record this payment?' });
    expect(confirm).toHaveTextContent(/R\s?1\s?500[.,]50 from Cape Stockists/);
    await user.click(within(confirm).getByRole('button', { name: 'Record' }));

    await waitFor(() => expect(onRecorded).toHaveBeenCalled());
    expect(payments).toEqual([{ client_id: 7, amount: 150050, reference: 'EFT 7781', paid_at: businessDay(new Date()) }]);
  });

  it('sends the amounts chosen per invoice in cents, refuses more than an invoice owes, and leaves the rest as credit', async () => {
    const { payments } = mockBillingApi();
    const { dialog, onRecorded } = renderDialog({ id: 7, name: 'Cape Stockists' });
    const user = userEvent.setup({ delay: null });

    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '1000');
    await user.type(within(dialog).getByRole('textbox', { name: /Reference/ }), 'Cash');
    const paidOn = within(dialog).getByRole('textbox', { name: /Paid on/ });
    await user.clear(paidOn);
    await user.type(paidOn, '2026/11/25');
    await user.click(within(dialog).getByRole('radio', { name: 'Choose per invoice' }));

    const for49 = await within(dialog).findByRole('textbox', { name: 'Amount allocated to INV-0049' });
    await user.type(for49, '800');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('An allocation is more than its invoice owes.');
    expect(within(dialog).getByRole('button', { name: 'Record' })).toBeDisabled();
    await user.clear(for49);
    await user.type(for49, '700');
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount allocated to INV-0052' }), '250,25');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByTestId('allocation-left')).toHaveTextContent(/R\s?49[.,]75/);

    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Record this payment?' })).getByRole('button', { name: 'Record' }));

    await waitFor(() => expect(onRecorded).toHaveBeenCalled());
    expect(payments).toEqual([
      {
        client_id: 7,
        amount: 100000,
        reference: 'Cash',
        paid_at: '2026-11-25',
        allocations: [
          { invoice_id: 49, amount: 70000 },
          { invoice_id: 52, amount: 25025 },
        ],
      },
    ]);
  });
});
