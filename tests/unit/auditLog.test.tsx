import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import AuditLogList from '../../src/resources/audit-log/AuditLogList';
import { auditCsv } from '../../src/resources/audit-log/auditExporter';
import type { AuditEntry } from '../../src/resources/audit-log/types';
import { renderResource } from './support/renderResource';
import { api, useMockApi } from './support/server';

const server = useMockApi();

const entry: AuditEntry = {
  id: 41,
  at: '2026-11-20T08:00:00.000Z',
  user_id: 1,
  user_name: 'Ada Admin',
  user_email: 'admin@example.com',
  action: 'update',
  entity: 'client',
  entity_id: '7',
  data: { rep_ids: [3] },
  changes: [
    { field: 'name', before: 'Old Shop', after: '<img src=x onerror="window.__xss=1">New Shop' },
    { field: 'phone', before: '', after: '011 555' },
  ],
};
const registration: AuditEntry = { id: 40, at: '2026-11-19T08:00:00.000Z', user_id: null, user_name: null, user_email: null, action: 'register', entity: 'lead', entity_id: '2', data: {}, changes: [] };

const renderList = () => renderResource('audit-log', <AuditLogList />);

describe('the audit screen', () => {
  it('lists the newest entries first, filters on the server and opens a row to its before → after, as text', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get(api('admin/auditlog'), ({ request }) => {
        const query = new URL(request.url).searchParams;
        queries.push(query);
        return HttpResponse.json(query.get('entity') === 'lead' ? { data: [registration], total: 1 } : { data: [entry, registration], total: 2 });
      }),
    );
    renderList();
    const row = await screen.findByRole('row', { name: /Ada Admin/ });
    expect(row).toHaveTextContent('Member #7');
    expect(screen.getByRole('row', { name: /Public \(not signed in\)/ })).toHaveTextContent('Lead #2');
    expect(queries[0].get('sort')).toBe('at');
    expect(queries[0].get('order')).toBe('DESC');

    await userEvent.click(within(row).getByText('update'));
    const table = await screen.findByRole('table', { name: 'Changes of entry 41' });
    const name = within(table).getByRole('row', { name: /name/ });
    expect(name).toHaveTextContent('Old Shop');
    expect(name).toHaveTextContent('<img src=x onerror="window.__xss=1">New Shop');
    expect(table.querySelector('img')).toBeNull();
    expect(within(table).getByRole('row', { name: /phone/ })).toHaveTextContent('—');
    expect(screen.getByText('[3]')).toBeVisible();

    await userEvent.click(screen.getByRole('combobox', { name: 'Record' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Lead' }));
    await waitFor(() => expect(queries.at(-1)?.get('entity')).toBe('lead'));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Ada Admin/ })).toBeNull());
  });

  it('says the log is empty on a fresh portal, that nothing matches once filtered, and keeps the filters', async () => {
    server.use(http.get(api('admin/auditlog'), () => HttpResponse.json({ data: [], total: 0 })));
    renderList();
    expect(await screen.findByText(/^Nothing has been changed yet/)).toBeVisible();
    expect(screen.queryByText('No audit entries match these filters.')).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: 'User (name or email)' }), 'nobody');
    expect(await screen.findByText('No audit entries match these filters.')).toBeVisible();
    expect(screen.queryByText(/^Nothing has been changed yet/)).toBeNull();
    expect(screen.getByRole('textbox', { name: 'User (name or email)' })).toHaveValue('nobody');
  });

  it('exports one line per entry with its changes, and defuses spreadsheet formulas', () => {
    const csv = auditCsv([{ ...entry, changes: [{ field: 'name', before: 'A', after: '=HYPERLINK("http://evil")' }] }]).split('\r\n');
    expect(csv[0]).toBe('id,at,user_name,user_email,action,entity,entity_id,changes,data');
    expect(csv[1]).toBe('41,2026-11-20T08:00:00.000Z,Ada Admin,admin@example.com,update,client,7,"name: A → =HYPERLINK(""http://evil"")","{""rep_ids"":[3]}"');
    expect(auditCsv([{ ...entry, user_name: '=cmd|calc', changes: [] }]).split('\r\n')[1]).toContain(",'=cmd|calc,");
  });
});
