import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdminContext } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en';
import { CommentWidget, type OrderComment } from '../../src/resources/orders/CommentWidget';
import { pageButtons } from '../../src/resources/orders/pageButtons';
import { api, useMockApi } from './support/server';

const server = useMockApi();
const i18nProvider = polyglotI18nProvider(() => en, 'en');

describe('pageButtons (groups of 5)', () => {
  it('shows at most five pages around the current one, inside the range', () => {
    expect(pageButtons(1, 1)).toEqual([1]);
    expect(pageButtons(2, 3)).toEqual([1, 2, 3]);
    expect(pageButtons(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageButtons(6, 12)).toEqual([4, 5, 6, 7, 8]);
    expect(pageButtons(12, 12)).toEqual([8, 9, 10, 11, 12]);
    expect(pageButtons(11, 12)).toEqual([8, 9, 10, 11, 12]);
    expect(pageButtons(1, 0)).toEqual([]);
  });
});

/** A server holding `count` comments on order 7, newest first, that records what is posted. */
function commentsApi(count: number) {
  const comments: OrderComment[] = Array.from({ length: count }, (_, i) => ({
    id: count - i,
    order_id: 7,
    text: `Comment ${count - i}`,
    author: 'Ada Admin',
    created_at: '2026-11-20T10:00:00Z',
  }));
  const requests: URLSearchParams[] = [];
  const posted: unknown[] = [];
  server.use(
    http.get(api('orders/comments'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      requests.push(query);
      const page = Number(query.get('page'));
      const perPage = Number(query.get('perPage'));
      return HttpResponse.json({ data: comments.slice((page - 1) * perPage, page * perPage), total: comments.length });
    }),
    http.post(api('orders/comment'), async ({ request }) => {
      const body = (await request.json()) as { order_id: number; text: string };
      posted.push(body);
      comments.unshift({ id: comments.length + 1, order_id: body.order_id, text: body.text, author: 'Ada Admin', created_at: '2026-11-21T10:00:00Z' });
      return HttpResponse.json({ data: comments[0] }, { status: 201 });
    }),
  );
  return { requests, posted };
}

const renderWidget = () =>
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider}>
        <CommentWidget orderId={7} />
      </AdminContext>
    </MemoryRouter>,
  );

describe('CommentWidget', () => {
  it('pages by 10 with five page buttons', async () => {
    const { requests } = commentsApi(73);
    renderWidget();
    expect(await screen.findByText('Comment 73')).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(requests[0].get('perPage')).toBe('10');
    expect(requests[0].get('order_id')).toBe('7');
    const pager = screen.getByRole('group', { name: 'Comment pages' });
    expect(within(pager).getAllByRole('button').map((b) => b.textContent)).toEqual(['1', '2', '3', '4', '5']);
    await userEvent.click(within(pager).getByRole('button', { name: '5' }));
    expect(await screen.findByText('Comment 33')).toBeVisible();
    expect(within(pager).getAllByRole('button').map((b) => b.textContent)).toEqual(['3', '4', '5', '6', '7']);
    expect(within(pager).getByRole('button', { name: '5' })).toHaveAttribute('aria-current', 'page');
  });

  it('refuses empty text and sends trimmed text, then shows it first', async () => {
    const { posted } = commentsApi(2);
    renderWidget();
    await screen.findByText('Comment 2');
    const box = screen.getByRole('textbox', { name: 'New comment' });
    const add = screen.getByRole('button', { name: 'Add comment' });
    await userEvent.type(box, '   ');
    expect(add).toBeDisabled();
    await userEvent.type(box, '{Control>}{Enter}{/Control}');
    expect(posted).toEqual([]);
    await userEvent.clear(box);
    await userEvent.type(box, '  Ready on Friday ');
    await userEvent.click(add);
    await waitFor(() => expect(posted).toEqual([{ order_id: 7, text: 'Ready on Friday' }]));
    expect(await screen.findByText('Ready on Friday')).toBeVisible();
    expect(box).toHaveValue('');
  });

  it('says so when there are no comments, and shows no pager', async () => {
    commentsApi(0);
    renderWidget();
    expect(await screen.findByText('No comments yet.')).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Comment pages' })).not.toBeInTheDocument();
  });
});
