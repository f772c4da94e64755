import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PublicI18nProvider } from '../../src/i18n/PublicI18n';
import Unsubscribe from '../../src/pages/public/Unsubscribe';
import { api, useMockApi } from './support/server';

const server = useMockApi();
const TOKEN = '41.abcdefghijklmnopqrstuvwxyz012345';

function renderAt(token: string) {
  return render(
    <MemoryRouter initialEntries={[`/unsubscribe/${token}`]}>
      <PublicI18nProvider>
        <Routes>
          <Route path="/unsubscribe/:token" element={<Unsubscribe />} />
        </Routes>
      </PublicI18nProvider>
    </MemoryRouter>,
  );
}

describe('the unsubscribe page (public)', () => {
  it('shows the masked address, changes nothing until the reader confirms, then says it is done', async () => {
    const posts: string[] = [];
    server.use(
      http.get(api('crm/unsubscribe'), ({ request }) => {
        expect(new URL(request.url).searchParams.get('token')).toBe(TOKEN);
        return HttpResponse.json({ data: { email_masked: 's••••@sunrise.example.com', unsubscribed: false } });
      }),
      http.post(api('crm/unsubscribe'), ({ request }) => {
        posts.push(new URL(request.url).searchParams.get('token') ?? '');
        return HttpResponse.json({ data: { email_masked: 's••••@sunrise.example.com', unsubscribed: true } });
      }),
    );
    renderAt(TOKEN);
    expect(await screen.findByTestId('masked-email')).toHaveTextContent('s••••@sunrise.example.com');
    expect(screen.getByText('Stop the mailing-list emails to this address?')).toBeVisible();
    expect(document.title).toBe('Unsubscribe — Members Portal');
    expect(posts).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByTestId('unsubscribe-done')).toHaveTextContent('s••••@sunrise.example.com is unsubscribed.');
    expect(posts).toEqual([TOKEN]);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('says so when the link was already used', async () => {
    server.use(http.get(api('crm/unsubscribe'), () => HttpResponse.json({ data: { email_masked: 'a••••@example.com', unsubscribed: true } })));
    renderAt(TOKEN);
    expect(await screen.findByTestId('unsubscribe-done')).toHaveTextContent('a••••@example.com is unsubscribed.');
  });

  it('explains an invalid link', async () => {
    server.use(http.get(api('crm/unsubscribe'), () => HttpResponse.json({ message: 'Unsubscribe link not found' }, { status: 404 })));
    renderAt('nonsense');
    expect(await screen.findByTestId('unsubscribe-invalid')).toHaveTextContent('This unsubscribe link is not valid.');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('keeps the button when the confirmation fails for a passing reason', async () => {
    let attempts = 0;
    server.use(
      http.get(api('crm/unsubscribe'), () => HttpResponse.json({ data: { email_masked: 'a••••@example.com', unsubscribed: false } })),
      http.post(api('crm/unsubscribe'), () =>
        ++attempts === 1 ? HttpResponse.json({ message: 'down' }, { status: 503 }) : HttpResponse.json({ data: { email_masked: 'a••••@example.com', unsubscribed: true } }),
      ),
    );
    renderAt(TOKEN);
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That did not work.');
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByTestId('unsubscribe-done')).toBeVisible();
  });
});
