import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdminContext } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en';
import { dataProvider } from '../../src/providers/dataProvider';
import { SendPanel, recipientCount } from '../../src/resources/mailing-lists/SendPanel';
import { startSend } from '../../src/resources/mailing-lists/startSend';
import type { MailingList, MailingSend } from '../../src/resources/mailing-lists/types';
import { api, useMockApi } from './support/server';

const server = useMockApi();
const i18nProvider = polyglotI18nProvider(() => en, 'en');

const list: MailingList = { id: 4, name: 'Stockists', description: '', client_count: 4, unsubscribed_count: 1, undeliverable_count: 0, created_at: '2026-11-01T08:00:00.000Z' };
const send = (figures: Partial<MailingSend>): MailingSend => ({
  id: 31,
  mailing_list_id: 4,
  mailing_list_name: 'Stockists',
  template_id: 9,
  template_name: 'Winter news',
  subject: 'News',
  status: 'running',
  total: 3,
  sent: 0,
  failed: 0,
  skipped: 0,
  undeliverable: 0,
  no_consent: 0,
  bounced: 0,
  complaints: 0,
  queued: 3,
  rate_per_s: 0,
  seconds_left: null,
  created_at: '2026-11-23T08:00:00.000Z',
  scheduled_at: null,
  started_at: '2026-11-23T08:00:00.000Z',
  finished_at: null,
  ...figures,
});

/**
 * The send API: the start answers a running send once its request has been counted; each read
 * of the send moves it on by one recipient until all three have it.
 */
function mockSendApi() {
  const starts: { key: string | null; body: unknown }[] = [];
  let reads = 0;
  server.use(
    http.get(api('crm/emailtemplates'), () => HttpResponse.json({ data: [{ id: 9, name: 'Winter news', subject: 'News', body: '<p>Hi</p>', updated_at: '2026-11-01T08:00:00.000Z', send_count: 0 }], total: 1 })),
    http.get(api('crm/mailingsends'), () => HttpResponse.json({ data: [], total: 0 })),
    http.post(api('crm/sendmailinglist'), async ({ request }) => {
      starts.push({ key: request.headers.get('idempotency-key'), body: await request.json() });
      await new Promise((resolve) => setTimeout(resolve, 150));
      return HttpResponse.json({ data: send({}) }, { status: 201 });
    }),
    http.get(api('crm/mailingsend'), ({ request }) => {
      expect(new URL(request.url).searchParams.get('id')).toBe('31');
      const sent = Math.min(3, ++reads);
      return HttpResponse.json({
        data: send(sent === 3 ? { sent, queued: 0, status: 'done', finished_at: '2026-11-23T08:00:03.000Z', rate_per_s: 1 } : { sent, queued: 3 - sent, rate_per_s: 1, seconds_left: 3 - sent }),
      });
    }),
  );
  return starts;
}

const renderPanel = () =>
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>
        <SendPanel list={list} />
      </AdminContext>
    </MemoryRouter>,
  );

describe('the send panel', () => {
  it('counts the recipients without the unsubscribed, starts one send per confirmation with an Idempotency-Key and follows it to 100 %', async () => {
    const starts = mockSendApi();
    renderPanel();
    expect(screen.getByTestId('recipient-count')).toHaveTextContent('3 recipients (1 unsubscribed, skipped)');
    expect(screen.queryByTestId('undeliverable-skipped')).toBeNull();
    const sendNow = screen.getByRole('button', { name: 'Send now' });
    expect(sendNow).toBeDisabled();

    await userEvent.click(screen.getByRole('combobox', { name: 'Template' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Winter news' }));
    await userEvent.click(sendNow);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Send “Winter news” to “Stockists”?');
    expect(dialog).toHaveTextContent('It goes to 3 recipients now.');
    // A double click on the confirmation is still one request.
    const confirm = within(dialog).getByRole('button', { name: 'Send now' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);

    const progress = await screen.findByTestId('send-progress');
    await waitFor(() => expect(within(progress).getByTestId('send-percent')).toHaveTextContent('100 %'), { timeout: 8000 });
    expect(within(progress).getByTestId('send-sent')).toHaveTextContent('3');
    expect(within(progress).getByTestId('send-total')).toHaveTextContent('3');
    expect(within(progress).getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '100');
    expect(within(progress).getByText('Done')).toBeVisible();

    expect(starts).toHaveLength(1);
    expect(starts[0].body).toEqual({ id: 4, template_id: 9 });
    expect(starts[0].key).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it('gives each confirmed send its own key', async () => {
    const starts = mockSendApi();
    renderPanel();
    await userEvent.click(screen.getByRole('combobox', { name: 'Template' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Winter news' }));
    for (let round = 0; round < 2; round += 1) {
      await userEvent.click(screen.getByRole('button', { name: 'Send now' }));
      await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send now' }));
      await waitFor(() => expect(starts).toHaveLength(round + 1));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    expect(starts[0].key).not.toBe(starts[1].key);
  });
});

describe('a scheduled send', () => {
  it('is set for a time on Johannesburg’s clock, shows when it starts and is cancelled after a confirmation', async () => {
    const starts: unknown[] = [];
    let status: MailingSend['status'] = 'scheduled';
    const cancels: unknown[] = [];
    const scheduled = () => send({ status, total: 0, queued: 0, started_at: null, scheduled_at: '2099-12-01T07:30:00.000Z', ...(status === 'cancelled' ? { finished_at: '2026-11-26T10:00:00.000Z' } : {}) });
    server.use(
      http.get(api('crm/emailtemplates'), () => HttpResponse.json({ data: [{ id: 9, name: 'Winter news', subject: 'News', body: '<p>Hi</p>', updated_at: '2026-11-01T08:00:00.000Z', send_count: 0 }], total: 1 })),
      http.get(api('crm/mailingsends'), () => HttpResponse.json({ data: [], total: 0 })),
      http.post(api('crm/sendmailinglist'), async ({ request }) => {
        starts.push(await request.json());
        return HttpResponse.json({ data: scheduled() }, { status: 201 });
      }),
      http.get(api('crm/mailingsend'), () => HttpResponse.json({ data: scheduled() })),
      http.post(api('crm/cancelsend'), async ({ request }) => {
        cancels.push(await request.json());
        status = 'cancelled';
        return HttpResponse.json({ data: scheduled() });
      }),
    );
    renderPanel();
    await userEvent.click(screen.getByRole('combobox', { name: 'Template' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Winter news' }));
    fireEvent.change(screen.getByLabelText('Send later at (Johannesburg time)'), { target: { value: '2099-12-01T09:30' } });
    await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Schedule “Winter news” to “Stockists”?');
    expect(dialog).toHaveTextContent(/01 Dec 2099, 09:30 \(Johannesburg time\)/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    // 09:30 in Johannesburg is 07:30 UTC, whatever the zone the test runs in.
    await waitFor(() => expect(starts).toEqual([{ id: 4, template_id: 9, scheduled_at: '2099-12-01T07:30:00.000Z' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const progress = await screen.findByTestId('send-progress');
    expect(await within(progress).findByTestId('send-scheduled-at')).toHaveTextContent('Starts at 01 Dec 2099, 09:30 (Johannesburg time)');
    expect(within(progress).getByText('Scheduled')).toBeVisible();
    expect(within(progress).queryByRole('progressbar')).toBeNull();
    await userEvent.click(within(progress).getByRole('button', { name: 'Cancel send' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Cancel this scheduled send?');
    expect(confirm).toHaveTextContent('Nobody will get this mail.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(cancels).toEqual([{ id: 31 }]));
    expect(await within(progress).findByText('Cancelled')).toBeVisible();
  });

  it('refuses a time in the past before asking', async () => {
    mockSendApi();
    renderPanel();
    await userEvent.click(screen.getByRole('combobox', { name: 'Template' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Winter news' }));
    fireEvent.change(screen.getByLabelText('Send later at (Johannesburg time)'), { target: { value: '2020-01-01T09:00' } });
    expect(screen.getByText('Choose a time in the future')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Schedule' })).toBeDisabled();
  });
});

describe('starting a send', () => {
  it('sends a request whose answer was lost again with the same Idempotency-Key', async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.post(api('crm/sendmailinglist'), ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return keys.length === 1 ? HttpResponse.json({ message: 'Bad gateway' }, { status: 502 }) : HttpResponse.json({ data: send({}) }, { status: 200 });
      }),
    );
    const started = await startSend(4, 9, 'key-1', null, 3, 1);
    expect(started.id).toBe(31);
    expect(keys).toEqual(['key-1', 'key-1']);
  });

  it('does not repeat a request the server refused', async () => {
    let calls = 0;
    server.use(
      http.post(api('crm/sendmailinglist'), () => {
        calls += 1;
        return HttpResponse.json({ message: 'template_id: no such template', errors: { template_id: 'no such template' } }, { status: 404 });
      }),
    );
    await expect(startSend(4, 99, 'key-2', null, 3, 1)).rejects.toMatchObject({ status: 404 });
    expect(calls).toBe(1);
  });
});

describe('the recipients of a send', () => {
  it('leave out the unsubscribed and the undeliverable, as the server does', () => {
    expect(recipientCount({ client_count: 10, unsubscribed_count: 2, undeliverable_count: 3 })).toBe(5);
    expect(recipientCount({ client_count: 2, unsubscribed_count: 1, undeliverable_count: 1 })).toBe(0);
  });
});
