import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdminContext } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../i18n/en';
import { OrderInvoice } from '../../src/resources/billing/OrderInvoice';
import type { InvoiceRef, OrderDetails } from '../../src/resources/orders/types';
import { api, useMockApi } from './support/server';

const server = useMockApi();
const i18nProvider = polyglotI18nProvider(() => en, 'en');

const orderWith = (invoices: InvoiceRef[]) => ({ id: 7, reference: 'ORD-7', status: 'dispatched', invoice: invoices[0] ?? null, invoices }) as OrderDetails;

function renderPanel(order: OrderDetails) {
  return render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider}>
        <OrderInvoice order={order} isAdmin onIssued={() => undefined} />
      </AdminContext>
    </MemoryRouter>,
  );
}

/** The PDFs asked of the API (by invoice id), and the names the browser was handed them under. */
let pdfsAsked: string[];
let savedAs: string[];
beforeEach(() => {
  pdfsAsked = [];
  savedAs = [];
  server.use(
    http.get(api('billing/invoice_pdf'), ({ request }) => {
      const id = new URL(request.url).searchParams.get('id')!;
      pdfsAsked.push(id);
      return new HttpResponse('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="invoice-${id}.pdf"` } });
    }),
  );
  // jsdom has no object URLs nor downloads: the link the download clicks is caught instead.
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    savedAs.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

/**
 * The order view's invoice panel: an order that left in several deliveries has one tax invoice per
 * delivery, and every one is there with its PDF (not only the first); one invoice reads as before.
 */
describe("the order's invoices", () => {
  it('lists every invoice of an order that left in two deliveries, each with its own page and PDF', async () => {
    renderPanel(orderWith([{ id: 21, number: 'INV-000021' }, { id: 22, number: 'INV-000022' }]));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Tax invoices');
    const links = screen.getAllByTestId('order-invoice');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['INV-000021', '/invoices/21'],
      ['INV-000022', '/invoices/22'],
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Download PDF INV-000022' }));
    await waitFor(() => expect(savedAs).toEqual(['invoice-22.pdf']));
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF INV-000021' }));
    await waitFor(() => expect(savedAs).toEqual(['invoice-22.pdf', 'invoice-21.pdf']));
    expect(pdfsAsked).toEqual(['22', '21']);
  });

  it('shows one invoice as it always did', async () => {
    const { container } = renderPanel(orderWith([{ id: 5, number: 'INV-000005' }]));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(/^Tax invoice$/);
    expect(screen.getByTestId('order-invoice')).toHaveAttribute('href', '/invoices/5');
    expect(within(container).getAllByRole('button')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF INV-000005' }));
    await waitFor(() => expect(pdfsAsked).toEqual(['5']));
  });

  it('shows the one invoice of an order kept from before the answer listed them all', () => {
    const { invoices: _absent, ...kept } = orderWith([{ id: 9, number: 'INV-000009' }]);
    renderPanel(kept);
    expect(screen.getByTestId('order-invoice')).toHaveAttribute('href', '/invoices/9');
    expect(screen.getByRole('button', { name: 'Download PDF INV-000009' })).toBeVisible();
  });

  it('says an order not yet invoiced is not, and offers the admin to issue it', () => {
    renderPanel({ ...orderWith([]), status: 'confirmed' });
    expect(screen.getByText('Not invoiced yet: the invoice is issued when the order is dispatched.')).toBeVisible();
    expect(screen.queryByTestId('order-invoice')).toBeNull();
    expect(screen.getByRole('button', { name: 'Issue invoice' })).toBeVisible();
  });
});
