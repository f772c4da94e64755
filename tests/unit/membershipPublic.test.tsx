import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { PublicI18nProvider } from '../../src/i18n/PublicI18n';
import CompleteMembership from '../../src/pages/public/CompleteMembership';
import Register from '../../src/pages/public/Register';
import { LOCALE_KEY } from '../../src/providers/storage';
import { consentWording } from '../../shared/privacy/consent';
import { api, useMockApi } from './support/server';

const server = useMockApi();

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PublicI18nProvider>
        <Routes>
          <Route path="/register" element={<Register />} />
          <Route path="/complete/membership/:token" element={<CompleteMembership />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </PublicI18nProvider>
    </MemoryRouter>,
  );
}

const branches = http.get(api('crm/registration_options'), () =>
  HttpResponse.json({
    data: {
      branches: [
        { id: 1, name: 'Johannesburg', default_branch: false },
        { id: 2, name: 'Cape Town', default_branch: true },
      ],
    },
  }),
);

/** Types a whole value at once (keystroke by keystroke is slow on MUI inputs in jsdom). */
async function fill(input: HTMLElement, value: string) {
  await userEvent.clear(input);
  await userEvent.click(input);
  await userEvent.paste(value);
}

async function fillRegistration(email: string) {
  await userEvent.selectOptions(await screen.findByLabelText(/I am a/), 'individual');
  await fill(screen.getByLabelText(/Company or person name/), 'Thandi Mokoena');
  await fill(screen.getByLabelText(/Contact person/), 'Thandi Mokoena');
  await fill(screen.getByLabelText(/^Email/), email);
  await fill(screen.getByLabelText(/^Phone/), '+27 82 555 0101');
}

describe('/register', () => {
  it("shows the server's field errors next to their fields, then the thank-you state", async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      branches,
      http.post(api('crm/savelead'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        if (sent.length === 1) {
          return HttpResponse.json(
            { message: 'Check the marked fields', errors: { email: 'This email address already has an account: sign in instead', phone: 'Enter a phone number' } },
            { status: 400 },
          );
        }
        return HttpResponse.json({ data: { received: true } }, { status: 201 });
      }),
    );
    renderAt('/register');
    await fillRegistration('thandi@example.com');
    // The default branch is chosen for the visitor.
    expect(screen.getByLabelText(/Nearest branch/)).toHaveValue('2');
    await userEvent.click(screen.getByRole('button', { name: 'Send my request' }));

    expect(await screen.findByLabelText(/^Email/)).toHaveAccessibleDescription('This email address already has an account: sign in instead');
    expect(screen.getByLabelText(/^Phone/)).toHaveAccessibleDescription('Enter a phone number');
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Contact person/)).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByRole('alert')).toHaveTextContent('Some details need another look');
    expect(sent[0]).toEqual({
      name: 'Thandi Mokoena',
      contact_name: 'Thandi Mokoena',
      email: 'thandi@example.com',
      phone: '+27 82 555 0101',
      client_type: 'individual',
      branch_id: 2,
      locale: 'en',
      // POPIA: the consent box starts unticked, and its answer is sent either way.
      marketing_consent: false,
    });

    await fill(screen.getByLabelText(/^Email/), 'thandi.new@example.com');
    await fill(screen.getByLabelText(/Message/), 'A friend told me');
    await userEvent.click(screen.getByRole('button', { name: 'Send my request' }));

    expect(await screen.findByRole('heading', { name: 'Thank you for your request' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('we will email thandi.new@example.com a link');
    expect(sent[1]).toMatchObject({ email: 'thandi.new@example.com', message: 'A friend told me' });
  });

  it('marks every missing required field at once, before calling the server', async () => {
    let calls = 0;
    server.use(
      branches,
      http.post(api('crm/savelead'), () => {
        calls += 1;
        return HttpResponse.json({ data: { received: true } }, { status: 201 });
      }),
    );
    renderAt('/register');
    await fill(await screen.findByLabelText(/Contact person/), 'Thandi Mokoena');
    await userEvent.click(screen.getByRole('button', { name: 'Send my request' }));
    for (const label of [/I am a/, /Company or person name/, /^Email/, /^Phone/]) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(screen.getByLabelText(/Contact person/)).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('Required');
    expect(calls).toBe(0);
  });

  it('says plainly when the address has sent too many requests (429), in the visitor’s language', async () => {
    localStorage.setItem(LOCALE_KEY, 'fr');
    const sent: Record<string, unknown>[] = [];
    server.use(
      branches,
      http.post(api('crm/savelead'), async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ message: 'Too many requests' }, { status: 429 });
      }),
    );
    renderAt('/register');
    await userEvent.selectOptions(await screen.findByLabelText(/Je suis/), 'stockist');
    await fill(screen.getByLabelText(/Nom de la société/), 'Boutique Santé');
    await fill(screen.getByLabelText(/Personne de contact/), 'Claire Martin');
    await fill(screen.getByLabelText(/^E-mail/), 'boutique@example.com');
    await fill(screen.getByLabelText(/^Téléphone/), '+27 21 555 0123');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer ma demande' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Trop de demandes pour cette adresse');
    expect(sent[0]).toMatchObject({ locale: 'fr', client_type: 'stockist' });
    expect(screen.queryByRole('heading', { name: 'Merci pour votre demande' })).toBeNull();
  });
});

describe('/register: consent to marketing mail (POPIA)', () => {
  it('is an unticked, optional box with the shared wording in the visitor’s language; ticked, the request says so', async () => {
    localStorage.setItem(LOCALE_KEY, 'fr');
    const sent: Record<string, unknown>[] = [];
    server.use(
      branches,
      http.post(api('crm/savelead'), async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ data: { received: true } }, { status: 201 });
      }),
    );
    renderAt('/register');
    const box = await screen.findByRole('checkbox', { name: consentWording.fr });
    expect(box).not.toBeChecked();
    expect(box).not.toBeRequired();
    await userEvent.selectOptions(screen.getByLabelText(/Je suis/), 'stockist');
    await fill(screen.getByLabelText(/Nom de la société/), 'Boutique Santé');
    await fill(screen.getByLabelText(/Personne de contact/), 'Claire Martin');
    await fill(screen.getByLabelText(/^E-mail/), 'boutique@example.com');
    await fill(screen.getByLabelText(/^Téléphone/), '+27 21 555 0123');
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer ma demande' }));
    expect(await screen.findByRole('heading', { name: 'Merci pour votre demande' })).toBeVisible();
    expect(sent[0]).toMatchObject({ locale: 'fr', marketing_consent: true });
  });
});

const completion = {
  client: { name: 'Karoo Health Store', contact_name: 'Pieter Botha', email: 'pieter@karoo.example.com', type: 'stockist' },
  locale: 'en',
  questions: [
    { id: 11, text: { en: 'How did you hear of us?', fr: 'Comment nous avez-vous connus ?' }, kind: 'text', choices: [], required: true, position: 0, active: true },
    { id: 12, text: { en: 'Do you run a physical shop?' }, kind: 'yes_no', choices: [], required: true, position: 1, active: true },
    { id: 13, text: { en: 'Main interest' }, kind: 'choice', choices: ['Skin care', 'Supplements'], required: false, position: 2, active: true },
  ],
};

describe('/complete/membership/{token}', () => {
  it('shows a clear page for a forged token and offers the way on', async () => {
    server.use(
      http.get(api('crm/completion_data/forged-token'), () =>
        HttpResponse.json({ message: 'This link is not valid', errors: { token: 'invalid' } }, { status: 404 }),
      ),
    );
    renderAt('/complete/membership/forged-token');
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeVisible();
    expect(screen.getByTestId('token-problem')).toHaveTextContent('This completion link is not valid');
    expect(screen.queryByLabelText(/Password/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('says which: an expired link, in the visitor’s language (Arabic)', async () => {
    localStorage.setItem(LOCALE_KEY, 'ar');
    server.use(
      http.get(api('crm/completion_data/old-token'), () =>
        HttpResponse.json({ message: 'This link has expired', errors: { token: 'expired' } }, { status: 400 }),
      ),
    );
    renderAt('/complete/membership/old-token');
    expect(await screen.findByRole('heading', { name: 'انتهت صلاحية هذا الرابط' })).toBeVisible();
    expect(screen.getByTestId('token-problem')).toHaveTextContent('رابط الإكمال هذا لم يعد صالحًا');
  });

  it('asks the questions in the chosen language, checks the password, and ends awaiting payment', async () => {
    localStorage.setItem(LOCALE_KEY, 'en');
    let finalised: Record<string, unknown> | null = null;
    server.use(
      http.get(api('crm/completion_data/good-token'), () => HttpResponse.json({ data: completion })),
      http.post(api('crm/finalise_membership'), async ({ request }) => {
        finalised = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ data: { email: 'pieter@karoo.example.com' } });
      }),
    );
    renderAt('/complete/membership/good-token');
    expect(await screen.findByTestId('completion-for')).toHaveTextContent('Karoo Health Store');
    expect(screen.getByTestId('completion-for')).toHaveTextContent('Stockist · Pieter Botha');
    const text = screen.getByRole('textbox', { name: /How did you hear of us\?/ });
    expect(text).toBeRequired();
    expect(screen.getByRole('radiogroup', { name: /Do you run a physical shop\?/ })).toBeVisible();
    expect(screen.getByRole('combobox', { name: /Main interest/ })).not.toBeRequired();

    // Nothing is sent while a required answer is missing or the password is short.
    await fill(screen.getByLabelText(/^Password/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Complete my membership' }));
    expect(text).toHaveAccessibleDescription('Required');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('The password needs at least 12 characters.');
    expect(finalised).toBeNull();

    await fill(text, 'A friend');
    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Main interest/ }), 'Supplements');
    await fill(screen.getByLabelText(/^Password/), 'karoo-store-pass-1');
    await fill(screen.getByLabelText(/Repeat the password/), 'karoo-store-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Complete my membership' }));

    expect(await screen.findByRole('heading', { name: 'Your membership is set up' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('awaits payment');
    expect(screen.getByRole('status')).toHaveTextContent('pieter@karoo.example.com');
    expect(finalised).toEqual({ token: 'good-token', password: 'karoo-store-pass-1', answers: { 11: 'A friend', 12: 'yes', 13: 'Supplements' } });
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/login');
  });

  it('shows a question in the member’s language, English where it has none', async () => {
    localStorage.setItem(LOCALE_KEY, 'fr');
    server.use(http.get(api('crm/completion_data/fr-token'), () => HttpResponse.json({ data: { ...completion, locale: 'fr' } })));
    renderAt('/complete/membership/fr-token');
    const form = await screen.findByRole('button', { name: 'Finaliser mon adhésion' });
    expect(screen.getByRole('textbox', { name: /Comment nous avez-vous connus \?/ })).toBeVisible();
    expect(screen.getByRole('radiogroup', { name: /Do you run a physical shop\?/ })).toBeVisible();
    expect(within(screen.getByRole('radiogroup')).getByRole('radio', { name: 'Oui' })).toBeInTheDocument();
    expect(form).toBeEnabled();
  });

  it('turns a link used meanwhile into its clear page when the form is sent', async () => {
    server.use(
      http.get(api('crm/completion_data/race-token'), () => HttpResponse.json({ data: { ...completion, questions: [] } })),
      http.post(api('crm/finalise_membership'), () => HttpResponse.json({ message: 'Already used', errors: { token: 'used' } }, { status: 400 })),
    );
    renderAt('/complete/membership/race-token');
    await fill(await screen.findByLabelText(/^Password/), 'karoo-store-pass-1');
    await fill(screen.getByLabelText(/Repeat the password/), 'karoo-store-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Complete my membership' }));
    expect(await screen.findByRole('heading', { name: 'This link has been used' })).toBeVisible();
  });
});
