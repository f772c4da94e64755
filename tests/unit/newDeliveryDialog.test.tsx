import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdminContext } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import en from '../../i18n/en';
import { NewDeliveryDialog } from '../../src/resources/deliveries/NewDeliveryDialog';
import { api, useMockApi } from './support/server';

const server = useMockApi();
const i18nProvider = polyglotI18nProvider(() => en, 'en');

const lines = [
  { orderLineId: 11, productName: 'Zinc', sku: 'ZN-1', reserved: 4, backordered: 0 },
  { orderLineId: 12, productName: 'Magnesium', sku: 'MG-1', reserved: 3, backordered: 0 },
];

/**
 * The "New delivery" dialog: sends each line's quantity (0 leaves it out), and shows the server's
 * refusal of the body's Nth line beside that line, not beside the Nth field of the dialog.
 */
describe('the New delivery dialog', () => {
  it('leaves out a line typed 0, says a refusal beside the line it names, then sends the corrected delivery', async () => {
    const bodies: unknown[] = [];
    let refuse = true;
    server.use(
      http.post(api('deliveries/create'), async ({ request }) => {
        bodies.push(await request.json());
        if (refuse) {
          refuse = false;
          // The body's first line is Magnesium (Zinc was left out).
          return HttpResponse.json({ message: 'Line 12: 3 asked, 1 reserved and not yet delivered', errors: { 'lines.0.quantity': 'Line 12: 3 asked, 1 reserved and not yet delivered' } }, { status: 409 });
        }
        return HttpResponse.json({ data: { id: 5, number: 'DEL-000005' } }, { status: 201 });
      }),
    );
    const done = vi.fn();
    render(
      <MemoryRouter>
        <AdminContext i18nProvider={i18nProvider}>
          <NewDeliveryDialog orderId={7} reference="ORD-7" lines={lines} waiting={[]} onClose={() => undefined} onDone={done} />
        </AdminContext>
      </MemoryRouter>,
    );
    const dialog = screen.getByRole('dialog', { name: 'New delivery of ORD-7' });
    // The order number stays on one line and apart from the title's direction (an Arabic title on
    // a phone broke it at its hyphen).
    expect(within(dialog).getByText('ORD-7')).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(within(dialog).getByText('ORD-7').tagName).toBe('BDI');
    const zinc = within(dialog).getByRole('textbox', { name: 'Zinc (ZN-1)' });
    const magnesium = within(dialog).getByRole('textbox', { name: 'Magnesium (MG-1)' });
    expect(zinc).toHaveValue('4');
    expect(magnesium).toHaveValue('3');
    await userEvent.clear(zinc);
    await userEvent.type(zinc, '0');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Waybill' }), ' WB-9 ');
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Courier' }));
    await userEvent.paste('Dawn Wing');

    const submit = async () => {
      await userEvent.click(await within(dialog).findByRole('button', { name: 'Create the delivery' }));
      await userEvent.click(within(await screen.findByRole('dialog', { name: 'Create this delivery?' })).getByRole('button', { name: 'Create the delivery' }));
    };
    await submit();
    await waitFor(() => expect(magnesium).toHaveAccessibleDescription('Line 12: 3 asked, 1 reserved and not yet delivered'));
    expect(zinc).not.toHaveAccessibleDescription(/asked/);
    expect(bodies).toEqual([{ order_id: 7, lines: [{ order_line_id: 12, quantity: 3 }], courier: 'Dawn Wing', waybill: 'WB-9' }]);
    expect(done).not.toHaveBeenCalled();

    await userEvent.clear(magnesium);
    await userEvent.type(magnesium, '1');
    await submit();
    await waitFor(() => expect(done).toHaveBeenCalledTimes(1));
    expect(bodies[1]).toEqual({ order_id: 7, lines: [{ order_line_id: 12, quantity: 1 }], courier: 'Dawn Wing', waybill: 'WB-9' });
  });

  it('shows beside each line what it has backordered, and the lines that wait for stock whole, none of which is sent', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(api('deliveries/create'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ data: { id: 6, number: 'DEL-000006' } }, { status: 201 });
      }),
    );
    const done = vi.fn();
    render(
      <MemoryRouter>
        <AdminContext i18nProvider={i18nProvider}>
          <NewDeliveryDialog
            orderId={7}
            reference="ORD-7"
            lines={[{ ...lines[0], backordered: 2 }, lines[1]]}
            waiting={[{ orderLineId: 13, productName: 'Iron', sku: 'FE-1', reserved: 0, backordered: 5 }]}
            onClose={() => undefined}
            onDone={done}
          />
        </AdminContext>
      </MemoryRouter>,
    );
    const dialog = screen.getByRole('dialog', { name: 'New delivery of ORD-7' });
    // The order number stays on one line and apart from the title's direction (an Arabic title on
    // a phone broke it at its hyphen).
    expect(within(dialog).getByText('ORD-7')).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(within(dialog).getByText('ORD-7').tagName).toBe('BDI');
    expect(within(dialog).getByRole('textbox', { name: 'Zinc (ZN-1)' })).toHaveAccessibleDescription('4 reserved · 2 backordered, not leaving yet');
    expect(within(dialog).getByRole('textbox', { name: 'Magnesium (MG-1)' })).toHaveAccessibleDescription('3 reserved');
    // Iron holds nothing to send: listed as waiting, with no field to type in.
    const waiting = within(dialog).getByRole('list', { name: 'Waiting for stock (nothing reserved to send)' });
    expect(within(waiting).getByRole('listitem')).toHaveTextContent('Iron (FE-1)5 backordered, not leaving yet');
    expect(within(dialog).queryByRole('textbox', { name: /Iron/ })).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create the delivery' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Create this delivery?' })).getByRole('button', { name: 'Create the delivery' }));
    await waitFor(() => expect(done).toHaveBeenCalledTimes(1));
    expect(bodies).toEqual([{ order_id: 7, lines: [{ order_line_id: 11, quantity: 4 }, { order_line_id: 12, quantity: 3 }] }]);
  });

  it('cannot be sent with more than a line holds, or with nothing at all', async () => {
    render(
      <MemoryRouter>
        <AdminContext i18nProvider={i18nProvider}>
          <NewDeliveryDialog orderId={7} reference="ORD-7" lines={lines} waiting={[]} onClose={() => undefined} onDone={() => undefined} />
        </AdminContext>
      </MemoryRouter>,
    );
    const dialog = screen.getByRole('dialog');
    const send = within(dialog).getByRole('button', { name: 'Create the delivery' });
    const zinc = within(dialog).getByRole('textbox', { name: 'Zinc (ZN-1)' });
    await userEvent.clear(zinc);
    await userEvent.type(zinc, '5');
    expect(send).toBeDisabled();
    expect(zinc).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(zinc);
    await userEvent.type(zinc, '0');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Magnesium (MG-1)' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Magnesium (MG-1)' }), '0');
    expect(send).toBeDisabled();
  });
});
