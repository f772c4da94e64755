import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import MemberList from '../../src/resources/members/MemberList';
import { renderResource } from './support/renderResource';
import { api, useMockApi } from './support/server';

const server = useMockApi();

const client = (id: number, name: string) => ({
  id,
  type: 'stockist',
  name,
  contact_name: '',
  email: `${id}@example.com`,
  phone: '',
  address: '',
  branch_id: null,
  membership_status: 'active',
  membership_expires_at: null,
  rep_ids: [],
  question_answers: {},
  archived: false,
  created_at: '2026-01-01T00:00:00.000Z',
  version: 1,
});

describe('the members list searched past 10,000 matches', () => {
  it('says its total is a floor, "10,000+", and counts every match on a click', async () => {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get(api('clients/all'), ({ request }) => {
        const query = new URL(request.url).searchParams;
        queries.push(query);
        const exact = query.get('exact_total') === 'true';
        const data = [client(1, 'Bench client 1'), client(2, 'Bench client 2')];
        if (!query.get('q')) return HttpResponse.json({ data, total: 2, total_capped: false });
        return HttpResponse.json({ data, total: exact ? 12_345 : 10_000, total_capped: !exact });
      }),
    );
    renderResource('members', <MemberList />);
    expect(await screen.findByText('Bench client 1')).toBeVisible();
    // Not searched: an exact total, nothing said about it.
    expect(screen.queryByText(/match this search/)).toBeNull();

    await userEvent.type(screen.getByPlaceholderText('Search'), 'client');
    expect(await screen.findByText('10,000+ members match this search')).toBeVisible();
    expect(queries.at(-1)?.get('q')).toBe('client');
    expect(queries.at(-1)?.has('exact_total')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Count them all' }));
    await waitFor(() => expect(queries.at(-1)?.get('exact_total')).toBe('true'));
    await waitFor(() => expect(screen.queryByText(/match this search/)).toBeNull());
    // The pager shows the exact figure the server counted.
    expect(await screen.findByText(/of 12,?345/)).toBeVisible();
  });
});
