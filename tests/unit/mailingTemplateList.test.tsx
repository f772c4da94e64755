import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Notification } from 'react-admin';
import { describe, expect, it } from 'vitest';
import TemplateList from '../../src/resources/email-templates/TemplateList';
import { renderResource } from './support/renderResource';
import { api, useMockApi } from './support/server';

const server = useMockApi();

const template = { id: 9, name: 'Winter news', subject: 'News for {{client_name}}', body: '<p>Hi</p>', updated_at: '2026-11-20T08:00:00.000Z', send_count: 2 };

describe('the template list', () => {
  it('asks before deleting, and says plainly that a template a running send uses cannot go (409)', async () => {
    const deletes: unknown[] = [];
    const queries: URLSearchParams[] = [];
    server.use(
      http.get(api('crm/emailtemplates'), ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json({ data: [template], total: 1 });
      }),
      http.post(api('crm/deletetemplate'), async ({ request }) => {
        deletes.push(await request.json());
        return HttpResponse.json({ message: 'send #3 is using this template; cancel it or let it finish first', errors: { id: 'in use' } }, { status: 409 });
      }),
    );
    renderResource('email-templates', <TemplateList />, <Notification />);
    const row = await screen.findByRole('row', { name: /Winter news/ });
    expect(row).toHaveTextContent('News for {{client_name}}');
    expect(queries[0].get('sort')).toBe('name');
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete the template “Winter news”?');
    expect(deletes).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/This template cannot be deleted now: a send using it is still running\./)).toBeVisible();
    expect(deletes).toEqual([{ id: 9 }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('row', { name: /Winter news/ })).toBeVisible();
  });
});
