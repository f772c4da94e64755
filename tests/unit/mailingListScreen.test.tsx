import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdminContext } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en';
import { dataProvider } from '../../src/providers/dataProvider';
import MailingListScreen from '../../src/resources/mailing-lists/MailingListScreen';
import type { ListMember, MailingList } from '../../src/resources/mailing-lists/types';
import { api, useMockApi } from './support/server';

const server = useMockApi();
const i18nProvider = polyglotI18nProvider(() => en, 'en');

const list: MailingList = { id: 4, name: 'Stockists', description: 'Shops', client_count: 2, unsubscribed_count: 1, undeliverable_count: 0, created_at: '2026-11-01T08:00:00.000Z' };
const member = (client_id: number, name: string, unsubscribed = false): ListMember => ({
  client_id,
  name,
  contact_name: name,
  email: `${name.split(' ')[0].toLowerCase()}@example.com`,
  type: 'stockist',
  branch_id: 1,
  membership_status: 'active',
  archived: false,
  unsubscribed,
  unsubscribed_at: unsubscribed ? '2026-11-20T08:00:00.000Z' : null,
  undeliverable: false,
  added_at: '2026-11-01T08:00:00.000Z',
});
const members = [member(3, 'Karoo Health Store'), member(8, 'Garden Route Naturals', true)];
const clients = [
  { id: 3, name: 'Karoo Health Store', email: 'karoo@example.com' },
  { id: 11, name: 'Berea Wellness', email: 'berea@example.com' },
  { id: 12, name: 'Highveld Pharmacy', email: 'highveld@example.com' },
];

/** The list's API; what the screen asked and posted is kept for the assertions. */
function mockListApi() {
  const memberQueries: URLSearchParams[] = [];
  const saves: unknown[] = [];
  server.use(
    http.get(api('crm/mailinglists'), ({ request }) => {
      expect(new URL(request.url).searchParams.get('ids')).toBe('4');
      return HttpResponse.json({ data: [list], total: 1 });
    }),
    http.get(api('crm/mailinglist'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      memberQueries.push(query);
      const q = (query.get('q') ?? '').toLowerCase();
      const found = members.filter((m) => m.name.toLowerCase().includes(q));
      return HttpResponse.json({ data: { list, members: found, total: found.length } });
    }),
    http.get(api('crm/emailtemplates'), () => HttpResponse.json({ data: [], total: 0 })),
    http.get(api('crm/mailingsends'), () => HttpResponse.json({ data: [], total: 0 })),
    http.get(api('clients/all'), ({ request }) => {
      const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase();
      const found = clients.filter((c) => c.name.toLowerCase().includes(q));
      return HttpResponse.json({ data: found, total: found.length });
    }),
    http.post(api('crm/savemailinglistclients'), async ({ request }) => {
      saves.push(await request.json());
      return HttpResponse.json({ data: list });
    }),
  );
  return { memberQueries, saves };
}

const renderScreen = () =>
  render(
    <MemoryRouter initialEntries={['/mailing-lists/4']}>
      <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>
        <Routes>
          <Route path="/mailing-lists/:mailinglistid" element={<MailingListScreen />} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );


describe('the mailing list screen', () => {
  it('reads the members a page at a time from the server, searched there, and marks who unsubscribed', async () => {
    const { memberQueries } = mockListApi();
    renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Stockists' })).toBeVisible();
    const karoo = await screen.findByRole('row', { name: /Karoo Health Store/ });
    expect(within(karoo).queryByText('Unsubscribed')).toBeNull();
    expect(screen.getByRole('row', { name: /Garden Route Naturals/ })).toHaveTextContent('Unsubscribed');
    expect(memberQueries[0].get('id')).toBe('4');
    expect(memberQueries[0].get('page')).toBe('1');
    expect(memberQueries[0].get('perPage')).toBe('25');
    // The send goes to the members less the unsubscribed.
    expect(screen.getByTestId('recipient-count')).toHaveTextContent('1 recipient (1 unsubscribed, skipped)');

    await userEvent.type(screen.getByRole('textbox', { name: 'Search members' }), 'garden');
    await waitFor(() => expect(memberQueries.at(-1)?.get('q')).toBe('garden'));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Karoo Health Store/ })).toBeNull());
  }, 40_000);

  it('adds the picked clients once each, and removes ticked members after a confirmation', async () => {
    const { saves } = mockListApi();
    renderScreen();
    const search = await screen.findByRole('combobox', { name: 'Search clients' });
    for (const [typed, name] of [
      ['berea', 'Berea Wellness'],
      ['high', 'Highveld Pharmacy'],
      ['berea', 'Berea Wellness'],
    ]) {
      await userEvent.type(search, typed);
      await userEvent.click(await screen.findByRole('option', { name: new RegExp(name) }));
    }
    expect(within(screen.getByRole('list', { name: 'Clients to add' })).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Add 2 clients' }));
    await waitFor(() => expect(saves).toEqual([{ id: 4, client_ids: [11, 12] }]));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Clients to add' })).toBeNull());

    const karoo = await screen.findByRole('row', { name: /Karoo Health Store/ });
    await userEvent.click(within(karoo).getByRole('checkbox'));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove from list' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Remove 1 member from this list?');
    expect(saves).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(saves.at(-1)).toEqual({ id: 4, client_ids: [], remove_client_ids: [3] }));
  }, 60_000);
});
