import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdminContext } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en';
import { dataProvider } from '../../src/providers/dataProvider';
import MemberRequestsScreen from '../../src/resources/member-requests/MemberRequestsScreen';
import type { ImportResult } from '../../src/resources/sales-leads/leadCalls';
import type { Lead } from '../../src/resources/sales-leads/leads';
import { api, useMockApi } from './support/server';

const server = useMockApi();
const i18nProvider = polyglotI18nProvider(() => en, 'en');
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000 - 60_000).toISOString();

const request = (id: number, name: string, email: string, days: number): Lead => ({
  id,
  name,
  contact_name: name,
  email,
  phone: '+27 11 555 0100',
  company: '',
  message: '',
  client_type: 'stockist',
  branch_id: null,
  source: 'register',
  status: 'new',
  owner_id: null,
  owner_name: null,
  notes: '',
  follow_up_at: null,
  reject_reason: null,
  client_id: null,
  locale: 'en',
  created_at: daysAgo(days),
  updated_at: daysAgo(days),
});

/** The open requests (crm/salesleads?requests=true) and the calls acting on them; the posted bodies are kept. */
function mockRequestsApi(leads: Lead[]) {
  const posted: Record<string, unknown[]> = { auth_membership: [], reject_lead: [], import_members: [] };
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(api('crm/salesleads'), ({ request: call }) => {
      const query = new URL(call.url).searchParams;
      queries.push(query);
      const open = leads.filter((lead) => lead.status !== 'converted' && lead.status !== 'lost');
      return HttpResponse.json({ data: open, total: open.length });
    }),
    http.post(api('crm/auth_membership'), async ({ request: call }) => {
      const body = (await call.json()) as { lead_id: number };
      posted.auth_membership.push(body);
      leads.find((lead) => lead.id === body.lead_id)!.status = 'converted';
      return HttpResponse.json({ data: { client_id: 90 } });
    }),
    http.post(api('crm/reject_lead'), async ({ request: call }) => {
      const body = (await call.json()) as { id: number; reason: string };
      posted.reject_lead.push(body);
      const lead = leads.find((one) => one.id === body.id)!;
      lead.status = 'lost';
      return HttpResponse.json({ data: lead });
    }),
  );
  return { posted, queries };
}

const renderScreen = (path = '/member-requests') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <MemberRequestsScreen />
      </AdminContext>
    </MemoryRouter>,
  );

const rowOf = (text: string) => screen.getByRole('row', { name: new RegExp(text) });

describe('/member-requests', () => {
  it('lists the open requests oldest first with their age, and approves one after confirming', async () => {
    const { posted, queries } = mockRequestsApi([
      request(1, 'Mountain View Pharmacy', 'nomsa@mountainview.example.com', 3),
      request(2, 'Amira Haddad', 'amira@example.com', 1),
    ]);
    renderScreen();
    expect(await screen.findByText('Mountain View Pharmacy')).toBeVisible();
    expect(queries[0].get('requests')).toBe('true');
    expect(queries[0].get('sort')).toBe('created_at');
    expect(queries[0].get('order')).toBe('ASC');
    const row = rowOf('Mountain View Pharmacy');
    expect(row).toHaveTextContent('3 days');
    expect(row).toHaveTextContent('Registration');
    expect(rowOf('Amira Haddad')).toHaveTextContent('1 day');

    await userEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Approve this request?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(posted.auth_membership).toEqual([{ lead_id: 1 }]));
    await waitFor(() => expect(screen.queryByText('Mountain View Pharmacy')).toBeNull());
    expect(screen.getByText('Amira Haddad')).toBeVisible();
  });

  it('rejects a request with a reason, which it sends', async () => {
    const { posted } = mockRequestsApi([request(2, 'Amira Haddad', 'amira@example.com', 1)]);
    renderScreen();
    await userEvent.click(within(await screen.findByRole('row', { name: /Amira Haddad/ })).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this request' });
    // Nothing to send without a reason.
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('textbox', { name: /Reason/ }));
    await userEvent.paste('We only serve Gauteng for now');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted.reject_lead).toEqual([{ id: 2, reason: 'We only serve Gauteng for now' }]));
    expect(await screen.findByText('No requests are waiting.')).toBeVisible();
  });

  it('imports a CSV only once every row is valid: a preview with per-row errors first', async () => {
    mockRequestsApi([]);
    const bodies: { csv: string; commit: boolean }[] = [];
    const rows = (problems: Record<string, string>): ImportResult['rows'] => [
      { line: 2, type: 'stockist', name: 'Valley Pharmacy', contact_name: 'Sam', email: 'sam@valley.example.com', phone: '', branch: 'Johannesburg', errors: {} },
      { line: 3, type: 'individual', name: 'Jo', contact_name: 'Jo', email: 'jo@example.com', phone: '', branch: 'Atlantis', errors: problems },
    ];
    server.use(
      http.post(api('crm/import_members'), async ({ request: call }) => {
        const body = (await call.json()) as { csv: string; commit: boolean };
        bodies.push(body);
        const bad = body.csv.includes('Atlantis');
        const result: ImportResult = { rows: rows(bad ? { branch: 'branch "Atlantis" is not a branch of the portal' } : {}), valid: !bad, created: body.commit && !bad ? 2 : 0 };
        return HttpResponse.json({ data: result });
      }),
    );
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Import members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import members from a spreadsheet' });
    const header = 'type,name,contact_name,email,phone,branch\n';
    const file = (branch: string) =>
      new File([`${header}stockist,Valley Pharmacy,Sam,sam@valley.example.com,,Johannesburg\nindividual,Jo,Jo,jo@example.com,,${branch}\n`], 'members.csv', { type: 'text/csv' });

    await userEvent.upload(within(dialog).getByTestId('import-file'), file('Atlantis'));
    expect(await within(dialog).findByText('branch "Atlantis" is not a branch of the portal')).toBeVisible();
    expect(within(dialog).getByRole('status')).toHaveTextContent('1 row needs correcting before anything can be imported');
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(bodies).toEqual([{ csv: expect.stringContaining('Atlantis'), commit: false }]);

    await userEvent.upload(within(dialog).getByTestId('import-file'), file('Cape Town'));
    expect(await within(dialog).findByText('Ready to import: 2 members')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('2 members imported; the completion emails are on their way')).toBeVisible();
    expect(bodies.map((body) => body.commit)).toEqual([false, false, true]);
  });

  it('adds a member directly, with the language of its emails, and shows the server\'s field error', async () => {
    mockRequestsApi([]);
    const added: Record<string, unknown>[] = [];
    server.use(
      http.post(api('crm/add_member'), async ({ request: call }) => {
        added.push((await call.json()) as Record<string, unknown>);
        if (added.length === 1) return HttpResponse.json({ message: 'taken', errors: { email: 'This email already belongs to a member' } }, { status: 409 });
        return HttpResponse.json({ data: { client_id: 55 } }, { status: 201 });
      }),
    );
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Add member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a member' });
    for (const [label, value] of [[/^Name/, 'Valley Pharmacy'], [/Contact person/, 'Sam Ndlovu'], [/^Email/, 'sam@valley.example.com']] as const) {
      await userEvent.click(within(dialog).getByRole('textbox', { name: label }));
      await userEvent.paste(value);
    }
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Language for emails/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Français' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This email already belongs to a member')).toBeVisible();
    expect(added[0]).toEqual({ type: 'stockist', name: 'Valley Pharmacy', contact_name: 'Sam Ndlovu', email: 'sam@valley.example.com', phone: '', branch_id: null, locale: 'fr' });

    await userEvent.clear(within(dialog).getByRole('textbox', { name: /^Email/ }));
    await userEvent.paste('sam.ndlovu@valley.example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(added[1]).toMatchObject({ email: 'sam.ndlovu@valley.example.com', locale: 'fr' });
  }, 40_000);

  it('sends a new completion link to an approved member who has not completed', async () => {
    mockRequestsApi([]);
    const reminders: unknown[] = [];
    server.use(
      http.get(api('clients/all'), ({ request: call }) => {
        expect(new URL(call.url).searchParams.get('membership_status')).toBe('approved');
        return HttpResponse.json({ data: [{ id: 31, name: 'Johan van der Merwe', contact_name: 'Johan', email: 'johan@example.com', type: 'individual', branch_id: null }], total: 1 });
      }),
      http.post(api('crm/send_membership_reminder'), async ({ request: call }) => {
        reminders.push(await call.json());
        return HttpResponse.json({ data: { client_id: 31 } });
      }),
    );
    renderScreen('/member-requests?tab=awaiting');
    const row = await screen.findByRole('row', { name: /Johan van der Merwe/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Re-send link' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(reminders).toEqual([{ client_id: 31 }]));
  });
});

describe('the membership questions', () => {
  it('adds a choice question in two languages, and deletes one after confirming', async () => {
    mockRequestsApi([]);
    const questions = [{ id: 1, text: { en: 'How did you hear about us?', fr: 'Comment nous avez-vous connus ?' }, kind: 'text', choices: [], required: true, position: 0, active: true }];
    const saved: Record<string, unknown>[] = [];
    const deleted: unknown[] = [];
    server.use(
      http.get(api('crm/questions'), () => HttpResponse.json({ data: questions, total: questions.length })),
      http.post(api('crm/savequestion'), async ({ request: call }) => {
        const body = (await call.json()) as Record<string, unknown>;
        saved.push(body);
        return HttpResponse.json({ data: { ...body, id: 2 } }, { status: 201 });
      }),
      http.post(api('crm/deletequestion'), async ({ request: call }) => {
        deleted.push(await call.json());
        return HttpResponse.json({ data: { id: 1 } });
      }),
    );
    renderScreen('/member-requests?tab=questions');
    const row = await screen.findByRole('row', { name: /How did you hear about us\?/ });
    expect(row).toHaveTextContent('EN');
    expect(row).toHaveTextContent('FR');

    await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add question' });
    await userEvent.click(within(dialog).getByRole('textbox', { name: /Question \(English\)/ }));
    await userEvent.paste('Which range interests you most?');
    await userEvent.click(within(dialog).getByRole('textbox', { name: /Question \(Español\)/ }));
    await userEvent.paste('¿Qué gama le interesa más?');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Answer/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'One of several choices' }));
    const choices = within(dialog).getByRole('textbox', { name: /Choices/ });
    await userEvent.type(choices, 'Skin care');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Give at least two different choices.')).toBeVisible();
    expect(saved).toEqual([]);
    await userEvent.type(choices, '{Enter}Supplements{Enter} ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(saved).toEqual([
        {
          text: { en: 'Which range interests you most?', es: '¿Qué gama le interesa más?' },
          kind: 'choice',
          choices: ['Skin care', 'Supplements'],
          required: false,
          active: true,
          position: 1,
        },
      ]),
    );

    await userEvent.click(within(rowOf('How did you hear about us\\?')).getByRole('button', { name: 'Delete question' }));
    const confirm = await screen.findByRole('dialog', { name: /Delete the question “How did you hear about us\?”/ });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(deleted).toEqual([{ id: 1 }]));
    // A dialog of many inputs: slow to drive in jsdom, not in a browser.
  }, 40_000);
});
