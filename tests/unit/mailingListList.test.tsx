import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import MailingListList from '../../src/resources/mailing-lists/MailingListList';
import { renderResource } from './support/renderResource';
import { api, useMockApi } from './support/server';

const server = useMockApi();

describe('the mailing lists', () => {
  it('invite the first list when there is none, and say nothing matches when a search finds none', async () => {
    const searches: (string | null)[] = [];
    server.use(
      http.get(api('crm/mailinglists'), ({ request }) => {
        searches.push(new URL(request.url).searchParams.get('q'));
        return HttpResponse.json({ data: [], total: 0 });
      }),
    );
    renderResource('mailing-lists', <MailingListList />);
    expect(await screen.findByText('No mailing list yet: make one with “New list”.')).toBeVisible();
    await userEvent.type(screen.getByPlaceholderText('Search'), 'winter');
    expect(await screen.findByText('No mailing list matches these filters.')).toBeVisible();
    expect(screen.queryByText(/No mailing list yet/)).toBeNull();
    // The search box is debounced: on a busy machine "No … matches" can show for a prefix the
    // debounce let through ('wint') before the whole word's request goes out.
    await waitFor(() => expect(searches.at(-1)).toBe('winter'));
  });
});
