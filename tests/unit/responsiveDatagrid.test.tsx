import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, BulkDeleteButton, ListContextProvider, ResourceContextProvider, TextField, useList } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../i18n/en';
import { orderPhoneRow } from '../../src/resources/orders/orderPhoneRow';
import { ResponsiveDatagrid } from '../../src/resources/shared/ResponsiveDatagrid';

const i18nProvider = polyglotI18nProvider(() => en, 'en');

const orders = [
  { id: 1, reference: 'ORD-000001', client_name: 'Sunrise Pharmacy', status: 'dispatched', total: 290756, created_at: '2026-10-24T05:15:27.000Z' },
  { id: 2, reference: 'ORD-000002', client_name: 'Lerato Dlamini', status: 'new', total: 79236, created_at: '2026-10-26T02:02:39.000Z' },
];

/** jsdom has no matchMedia: answer MUI's breakpoint queries as a screen of this width would. */
function screenWidth(width: number) {
  window.matchMedia = (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return { matches, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false };
  };
}

afterEach(() => {
  // @ts-expect-error jsdom has none; put it back as it was.
  delete window.matchMedia;
});

function Orders({ bulk }: { bulk?: boolean }) {
  const list = useList({ data: orders });
  return (
    <ListContextProvider value={list}>
      <ResponsiveDatagrid rowClick={false} bulkActionButtons={bulk ? <BulkDeleteButton /> : false} phone={orderPhoneRow()}>
        <TextField source="reference" />
        <TextField source="client_name" />
      </ResponsiveDatagrid>
    </ListContextProvider>
  );
}

function renderOrders(bulk = false) {
  return render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider}>
        <ResourceContextProvider value="orders">
          <Orders bulk={bulk} />
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('a list on a phone and on a wider screen', () => {
  it('is a table from the sm breakpoint up', async () => {
    screenWidth(1024);
    renderOrders();
    expect(await screen.findByRole('table')).toBeVisible();
    expect(screen.queryByTestId('phone-list')).toBeNull();
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it("is react-admin's SimpleList below it: number, status, then client, total and date", async () => {
    screenWidth(390);
    renderOrders();
    const list = await screen.findByTestId('phone-list');
    expect(screen.queryByRole('table')).toBeNull();
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('ORD-000001');
    expect(within(rows[0]).getByText('Dispatched')).toBeVisible();
    expect(rows[0]).toHaveTextContent(/Sunrise Pharmacy · R\s2\s907,56 · 24 Oct 2026/);
    expect(within(rows[1]).getByText('New')).toBeVisible();
  });

  it('keeps bulk actions on a phone through a select mode', async () => {
    screenWidth(390);
    renderOrders(true);
    const list = await screen.findByTestId('phone-list');
    expect(within(list).queryAllByRole('checkbox')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Select' }));
    const boxes = within(list).getAllByRole('checkbox', { name: 'Select this row' });
    expect(boxes).toHaveLength(2);
    await userEvent.click(boxes[1]);
    expect(screen.getByText('1 item selected')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeVisible();
    // Done leaves select mode and lets go of the selection.
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(within(list).queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByText('1 item selected')).toBeNull();
  });
});
