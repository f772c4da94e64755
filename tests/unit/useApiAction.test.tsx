import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdminContext, Notification } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { MemoryRouter } from 'react-router-dom';
import en from '../../i18n/en';
import { describe, expect, it } from 'vitest';
import { useApiGet } from '../../src/resources/shared/useApiGet';
import { useApiAction } from '../../src/resources/shared/useApiAction';
import { api, useMockApi } from './support/server';

const server = useMockApi();
const i18nProvider = polyglotI18nProvider(() => ({ ...en, test: { saved: 'Saved %{name}', in_use: 'That record is in use' } }), 'en');

/** An answer held back until the test lets it go: the pending state is looked at while the call runs. */
function heldAnswer() {
  let release: (answer: Response) => void = () => undefined;
  const answer = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { answer, release: (response: Response) => release(response) };
}

/** A screen with a record read through useApiGet, and a button that saves it through the hook. */
function SaveScreen({ conflict }: { conflict?: string }) {
  const { data } = useApiGet<{ data: { name: string; reads: number } }>('api/thing', {});
  const save = useApiAction<{ name: string }, { data: { name: string } }>('api/savething', {
    success: (answer) => ({ message: 'test.saved', args: { name: answer.data.name } }),
    refresh: true,
    conflict,
  });
  return (
    <>
      <p data-testid="reads">{data?.data.reads ?? 0}</p>
      <button type="button" disabled={save.isPending} onClick={() => void save.run({ name: 'Rooibos' })}>
        Save
      </button>
      {save.fieldErrors.name && <p data-testid="name-error">{save.fieldErrors.name}</p>}
    </>
  );
}

function renderScreen(conflict?: string) {
  return render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider}>
        <SaveScreen conflict={conflict} />
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

/** The record's reads are counted: a refresh after the save reads it again. */
function mockThing() {
  let reads = 0;
  const bodies: unknown[] = [];
  const held = heldAnswer();
  server.use(
    http.get(api('thing'), () => HttpResponse.json({ data: { name: 'Tea', reads: ++reads } })),
    http.post(api('savething'), async ({ request }) => {
      bodies.push(await request.json());
      return held.answer;
    }),
  );
  return { bodies, release: held.release };
}

describe('useApiAction: a screen call with react-admin mutation manners', () => {
  it('keeps the button off while the call runs, then says it succeeded and re-reads what is shown', async () => {
    const thing = mockThing();
    renderScreen();
    await waitFor(() => expect(screen.getByTestId('reads')).toHaveTextContent('1'));
    const button = screen.getByRole('button', { name: 'Save' });

    await userEvent.click(button);
    await waitFor(() => expect(thing.bodies).toEqual([{ name: 'Rooibos' }]));
    expect(button).toBeDisabled();

    thing.release(HttpResponse.json({ data: { name: 'Rooibos' } }));
    expect(await screen.findByText('Saved Rooibos')).toBeInTheDocument();
    await waitFor(() => expect(button).toBeEnabled());
    await waitFor(() => expect(screen.getByTestId('reads')).toHaveTextContent('2'));
  });

  it("notifies the server's message on a refusal, hands its field errors to the form, and re-reads nothing", async () => {
    const thing = mockThing();
    renderScreen();
    await waitFor(() => expect(screen.getByTestId('reads')).toHaveTextContent('1'));
    const button = screen.getByRole('button', { name: 'Save' });

    await userEvent.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    thing.release(HttpResponse.json({ message: 'The name is taken', errors: { name: 'Already used' } }, { status: 400 }));
    expect(await screen.findByText('The name is taken')).toBeInTheDocument();
    expect(screen.getByTestId('name-error')).toHaveTextContent('Already used');
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByText(/^Saved/)).toBeNull();
    expect(screen.getByTestId('reads')).toHaveTextContent('1');
  });

  it("says a 409 in the screen's own words where it gives them", async () => {
    const thing = mockThing();
    renderScreen('test.in_use');
    const button = await screen.findByRole('button', { name: 'Save' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    thing.release(HttpResponse.json({ message: 'Conflict' }, { status: 409 }));
    expect(await screen.findByText('That record is in use')).toBeInTheDocument();
    expect(screen.queryByText('Conflict')).toBeNull();
  });
});
