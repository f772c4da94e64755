import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, useNotify } from 'react-admin';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RouteNotification } from '../../src/layout/RouteNotification';

function Page() {
  const notify = useNotify();
  const navigate = useNavigate();
  return (
    <>
      <button onClick={() => notify('Saved the widget', { type: 'success' })}>notify</button>
      <button onClick={() => navigate('/elsewhere')}>go</button>
      <button
        onClick={() => {
          notify('Created the widget', { type: 'success' });
          navigate('/widgets/1');
        }}
      >
        save and go
      </button>
    </>
  );
}

function renderPage() {
  return render(
    <MemoryRouter>
      <AdminContext>
        <Page />
        <RouteNotification />
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('notifications and navigation', () => {
  it('clears the notification on a route change', async () => {
    renderPage();
    await userEvent.click(screen.getByText('notify'));
    expect(await screen.findByText('Saved the widget')).toBeVisible();
    // Well after the notification appeared, the user moves on.
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    await userEvent.click(screen.getByText('go'));
    await waitFor(() => expect(screen.queryByText('Saved the widget')).not.toBeInTheDocument());
  });

  it('keeps a notification raised together with the navigation (save, then redirect)', async () => {
    renderPage();
    await userEvent.click(screen.getByText('save and go'));
    expect(await screen.findByText('Created the widget')).toBeVisible();
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(screen.getByText('Created the widget')).toBeVisible();
  });
});
