import { createEvent, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createTheme } from '@mui/material/styles';
import { AdminContext, ResourceContextProvider, memoryStore } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en';
import { membershipEn } from '../../i18n/membership/en';
import { dataProvider } from '../../src/providers/dataProvider';
import LeadList from '../../src/resources/sales-leads/LeadList';
import { leadsCsv } from '../../src/resources/sales-leads/leadExporter';
import type { Lead, LeadStatus } from '../../src/resources/sales-leads/leads';
import { api, useMockApi } from './support/server';

const server = useMockApi();
const i18nProvider = polyglotI18nProvider(() => en, 'en');

const lead = (id: number, name: string, status: LeadStatus, extra: Partial<Lead> = {}): Lead => ({
  id,
  name,
  contact_name: name,
  email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
  phone: '',
  company: '',
  message: '',
  client_type: 'stockist',
  branch_id: null,
  source: 'manual',
  status,
  owner_id: null,
  owner_name: null,
  notes: '',
  follow_up_at: null,
  reject_reason: null,
  client_id: null,
  locale: 'en',
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
  ...extra,
});

/** crm/salesleads filtered by status as the server does, and crm/movelead changing it; the posts are kept. */
function mockLeadsApi(leads: Lead[]) {
  const moves: unknown[] = [];
  const approvals: unknown[] = [];
  server.use(
    http.get(api('crm/salesleads'), ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      const data = leads.filter((one) => !status || one.status === status);
      return HttpResponse.json({ data, total: data.length });
    }),
    http.post(api('crm/movelead'), async ({ request }) => {
      const body = (await request.json()) as { id: number; status: LeadStatus };
      moves.push(body);
      const moved = leads.find((one) => one.id === body.id)!;
      moved.status = body.status;
      return HttpResponse.json({ data: moved });
    }),
    http.post(api('crm/auth_membership'), async ({ request }) => {
      const body = (await request.json()) as { lead_id: number };
      approvals.push(body);
      leads.find((one) => one.id === body.lead_id)!.status = 'converted';
      return HttpResponse.json({ data: { client_id: 77 } });
    }),
  );
  return { moves, approvals };
}

function renderBoard(direction: 'ltr' | 'rtl' = 'ltr') {
  return render(
    <MemoryRouter initialEntries={['/sales-leads']}>
      <AdminContext
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        store={memoryStore({ 'sales-leads.view': 'board' })}
        theme={createTheme({ direction })}
      >
        <ResourceContextProvider value="sales-leads">
          <LeadList />
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

const column = (status: LeadStatus) => screen.getByRole('region', { name: membershipEn.membership.statuses[status] });

describe('the sales leads board', () => {
  it('moves a focused card to the next column with the arrow key (crm/movelead) and keeps it focused', async () => {
    const { moves } = mockLeadsApi([lead(1, 'Karoo Health', 'new'), lead(2, 'Sunrise Pharmacy', 'qualified')]);
    renderBoard();
    const card = await within(await screen.findByRole('region', { name: 'New' })).findByRole('listitem', { name: 'Karoo Health, New' });
    expect(within(column('qualified')).getByRole('listitem', { name: 'Sunrise Pharmacy, Qualified' })).toBeVisible();

    card.focus();
    await userEvent.keyboard('{ArrowRight}');

    await waitFor(() => expect(moves).toEqual([{ id: 1, status: 'contacted' }]));
    const moved = await within(column('contacted')).findByRole('listitem', { name: 'Karoo Health, Contacted' });
    expect(within(column('new')).queryByRole('listitem', { name: /Karoo Health/ })).toBeNull();
    await waitFor(() => expect(moved).toHaveFocus());
    expect(screen.getByText('Karoo Health moved to Contacted', { selector: '[aria-live="polite"]' })).toBeInTheDocument();

    // And back again with the other arrow.
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(moves).toEqual([{ id: 1, status: 'contacted' }, { id: 1, status: 'new' }]));
    expect(await within(column('new')).findByRole('listitem', { name: 'Karoo Health, New' })).toBeVisible();
  });

  it('moves a card to any column from its "Move to" menu; "converted" asks for the approval first (crm/auth_membership)', async () => {
    const { moves, approvals } = mockLeadsApi([lead(3, 'Garden Route Spa', 'qualified')]);
    renderBoard();
    const card = await within(await screen.findByRole('region', { name: 'Qualified' })).findByRole('listitem', { name: 'Garden Route Spa, Qualified' });
    await userEvent.click(within(card).getByRole('button', { name: 'Move to' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Move to Converted' }));

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Approve this request?');
    expect(moves).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(approvals).toEqual([{ lead_id: 3 }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const converted = await within(column('converted')).findByRole('listitem', { name: 'Garden Route Spa, Converted' });
    // A member now: it stays where it is.
    expect(within(converted).queryByRole('button', { name: 'Move to' })).toBeNull();
    expect(moves).toEqual([]);
  });
});

describe('the sales leads board, continued', () => {
  it('reads the arrows in the reading direction: in a right-to-left page the left arrow moves forward', async () => {
    const { moves } = mockLeadsApi([lead(4, 'Cairo Herbs', 'contacted')]);
    renderBoard('rtl');
    const card = await within(await screen.findByRole('region', { name: 'Contacted' })).findByRole('listitem', { name: 'Cairo Herbs, Contacted' });
    card.focus();
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(moves).toEqual([{ id: 4, status: 'qualified' }]));
  });

  it('moves a card dropped on another column (HTML5 drag and drop)', async () => {
    const { moves } = mockLeadsApi([lead(5, 'Durban Botanicals', 'new')]);
    renderBoard();
    const card = await within(await screen.findByRole('region', { name: 'New' })).findByRole('listitem', { name: 'Durban Botanicals, New' });
    // jsdom has no DataTransfer: a stand-in that keeps what the card puts in it.
    const store = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => void store.set(type, value),
      getData: (type: string) => store.get(type) ?? '',
      get types() {
        return [...store.keys()];
      },
      effectAllowed: 'all',
      dropEffect: 'none',
    };
    fireEvent.dragStart(card, { dataTransfer });
    const target = column('lost');
    const over = createEvent.dragOver(target, { dataTransfer });
    fireEvent(target, over);
    expect(over.defaultPrevented).toBe(true);
    fireEvent.drop(target, { dataTransfer });
    await waitFor(() => expect(moves).toEqual([{ id: 5, status: 'lost' }]));
    expect(await within(column('lost')).findByRole('listitem', { name: 'Durban Botanicals, Lost' })).toBeVisible();
  });
});

describe('the CSV export of leads', () => {
  it('writes the chosen columns, quoting what needs it', () => {
    const csv = leadsCsv([lead(5, 'Smith, Jones & Co', 'new', { notes: 'Said "call back"\nnext week', owner_name: 'Ann' })]);
    const [header, row] = csv.split('\r\n');
    expect(header).toBe('id,name,contact_name,email,phone,company,client_type,branch_id,source,status,owner_name,follow_up_at,notes,created_at');
    expect(row).toContain('"Smith, Jones & Co"');
    expect(csv).toContain('"Said ""call back""\nnext week"');
    expect(row.startsWith('5,')).toBe(true);
  });
});
