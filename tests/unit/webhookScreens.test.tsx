import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import WebhookCreate from '../../src/resources/webhooks/WebhookCreate';
import { renderResource } from './support/renderResource';
import { api, useMockApi } from './support/server';

const server = useMockApi();

describe('a new webhook endpoint', () => {
  it('saves the URL and the checked events, then shows the secret once in a dialog', async () => {
    const saved: unknown[] = [];
    server.use(
      http.post(api('webhooks/saveendpoint'), async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json(
          { data: { id: 4, url: 'https://hooks.example.com/x', description: '', events: ['order.created', 'invoice.issued'], active: true, created_at: '2026-11-26T10:00:00Z', updated_at: '2026-11-26T10:00:00Z', secret: 'whsec_shown-once' } },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    renderResource('webhooks', <WebhookCreate />);
    await user.type(await screen.findByLabelText(/Address \(URL\)/), '  https://hooks.example.com/x ');
    await user.click(screen.getByLabelText('Order created'));
    await user.click(screen.getByLabelText('Invoice issued'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(dialog).getByText('whsec_shown-once')).toBeTruthy();
    expect(within(dialog).getByText(/shown only this once/)).toBeTruthy();
    expect(saved).toEqual([{ url: 'https://hooks.example.com/x', description: '', events: ['order.created', 'invoice.issued'], active: true }]);
    await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByText('whsec_shown-once')).toBeNull());
  });

  it("shows the server's refusal next to the address", async () => {
    server.use(
      http.post(api('webhooks/saveendpoint'), () =>
        HttpResponse.json({ message: 'url may not point at 10.0.0.1 is a private, loopback or link-local address', errors: { url: 'url may not point at 10.0.0.1 is a private, loopback or link-local address' } }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    renderResource('webhooks', <WebhookCreate />);
    await user.type(await screen.findByLabelText(/Address \(URL\)/), 'http://10.0.0.1/');
    await user.click(screen.getByLabelText('Order created'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText(/private, loopback or link-local/)).not.toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
