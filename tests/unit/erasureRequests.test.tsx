import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import ErasureRequestList from '../../src/resources/erasure-requests/ErasureRequestList';
import { PrivacySection } from '../../src/resources/privacy/PrivacySection';
import type { ErasureRequest } from '../../src/resources/privacy/calls';
import { renderResource } from './support/renderResource';
import { api, useMockApi } from './support/server';

const server = useMockApi();

const pending: ErasureRequest = {
  id: 7,
  client_id: 12,
  client_name: 'Karoo Pharmacy',
  status: 'pending',
  requested_by_name: 'Karoo Owner',
  requested_at: '2026-11-20T08:00:00Z',
  decided_by_name: null,
  decided_at: null,
  decline_reason: null,
};

/** The admin's erasure requests: waiting ones first, each approved after a confirmation or declined with a reason. */
describe('the erasure requests', () => {
  it('lists the waiting requests and declines one with the reason typed', async () => {
    const queries: string[] = [];
    const declined: unknown[] = [];
    server.use(
      http.get(api('privacy/erasurerequests'), ({ request }) => {
        queries.push(new URL(request.url).searchParams.get('status') ?? '');
        return HttpResponse.json({ data: declined.length ? [] : [pending], total: declined.length ? 0 : 1 });
      }),
      http.post(api('privacy/declineerasure'), async ({ request }) => {
        declined.push(await request.json());
        return HttpResponse.json({ data: { ...pending, status: 'declined', decline_reason: 'Disputed invoices' } });
      }),
    );
    const user = userEvent.setup();
    renderResource('erasure-requests', <ErasureRequestList />);
    expect(await screen.findByRole('link', { name: 'Karoo Pharmacy' })).toHaveProperty('href', expect.stringMatching(/\/clients\/view\/12$/));
    expect(queries[0]).toBe('pending');

    await user.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline the erasure request' });
    await user.type(within(dialog).getByLabelText(/Reason \(shown to the member\)/), 'Disputed invoices');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(declined).toEqual([{ id: 7, reason: 'Disputed invoices' }]));
  });

  it('approves only after the confirmation', async () => {
    const approved: unknown[] = [];
    server.use(
      http.get(api('privacy/erasurerequests'), () => HttpResponse.json({ data: [pending], total: 1 })),
      http.post(api('privacy/approveerasure'), async ({ request }) => {
        approved.push(await request.json());
        return HttpResponse.json({ data: { ...pending, status: 'approved' } });
      }),
    );
    const user = userEvent.setup();
    renderResource('erasure-requests', <ErasureRequestList />);
    await user.click(await screen.findByRole('button', { name: 'Approve and erase' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/cannot be restored/)).toBeTruthy();
    expect(approved).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(approved).toEqual([{ id: 7 }]));
  });
});

describe("a member's data section", () => {
  it('asks for erasure only after the confirmation, then says the request waits', async () => {
    const asked: unknown[] = [];
    server.use(
      http.get(api('privacy/erasure'), () => HttpResponse.json({ data: asked.length ? pending : null })),
      http.post(api('privacy/requesterasure'), async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({ data: pending }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderResource('members', <PrivacySection clientId={12} isAdmin={false} />);
    expect(await screen.findByRole('button', { name: 'Download my data' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ask for erasure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase the personal data?' });
    expect(asked).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(asked).toEqual([{ client_id: 12 }]));
    expect((await screen.findByTestId('erasure-state')).textContent).toMatch(/waiting for the decision/);
    expect(screen.queryByRole('button', { name: 'Ask for erasure' })).toBeNull();
  });
});
