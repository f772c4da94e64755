import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdminContext } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en';
import { CourierForm } from '../../src/resources/orders/CourierForm';
import type { OrderDetails } from '../../src/resources/orders/types';
import { api, useMockApi } from './support/server';

const server = useMockApi();
const i18nProvider = polyglotI18nProvider(() => en, 'en');

const orderAt = (version: number, courier = '', tracking = '', status: OrderDetails['status'] = 'confirmed') =>
  ({ id: 7, version, courier_name: courier, tracking_number: tracking, status }) as OrderDetails;

function renderForm(order: OrderDetails) {
  const tree = (current: OrderDetails) => (
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider}>
        <CourierForm order={current} onSaved={() => undefined} />
      </AdminContext>
    </MemoryRouter>
  );
  const view = render(tree(order));
  return (next: OrderDetails) => view.rerender(tree(next));
}

/**
 * The courier form on an order's page follows the order as others change it, without
 * losing what is being typed; someone else's courier over the typing is said, and the save names
 * the version the form holds (If-Match).
 */
describe('the courier form as the order changes elsewhere', () => {
  it("keeps the typing, says when someone else saved a courier, and saves against the version it holds", async () => {
    const sent: (string | null)[] = [];
    server.use(
      http.get(api('orders/properties'), () => HttpResponse.json({ data: { couriers: ['DSV'], statuses: [], max_lines: 200 } })),
      http.post(api('orders/save_courier'), ({ request }) => {
        sent.push(request.headers.get('if-match'));
        return HttpResponse.json({ data: orderAt(9, 'Aramex', 'T-1') });
      }),
    );
    const update = renderForm(orderAt(1));
    const tracking = screen.getByRole('textbox', { name: 'Tracking number' });
    await userEvent.type(tracking, 'T-1');

    // A status change elsewhere: the courier is untouched there, so no notice, and the typing stays.
    update(orderAt(2, '', '', 'in_production'));
    expect(screen.queryByTestId('saved-elsewhere')).toBeNull();
    expect(tracking).toHaveValue('T-1');

    // Someone else saves a courier: the typing stays, with the notice.
    update(orderAt(3, 'DSV', 'X-9'));
    expect(await screen.findByTestId('saved-elsewhere')).toHaveTextContent('Someone else saved this record after you opened it.');
    expect(tracking).toHaveValue('T-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save courier' }));
    await waitFor(() => expect(sent).toEqual(['"2"']));

    // Reload takes their values and their version.
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(tracking).toHaveValue('X-9');
    expect(screen.queryByTestId('saved-elsewhere')).toBeNull();
  });
});
