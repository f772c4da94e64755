import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { PublicI18nProvider } from '../../src/i18n/PublicI18n';
import Login from '../../src/pages/public/Login';
import NotFound from '../../src/pages/public/NotFound';
import ResetPassword from '../../src/pages/public/ResetPassword';
import { session } from '../../src/providers/session';
import { LOCALE_KEY } from '../../src/providers/storage';
import { api, useMockApi } from './support/server';

const server = useMockApi();

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PublicI18nProvider>
        <Routes>
          <Route path="/login" element={<Login />} />
          <Route path="/404" element={<NotFound />} />
          <Route path="/reset-password/:token" element={<ResetPassword />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </PublicI18nProvider>
    </MemoryRouter>,
  );
}

const noDemo = http.get(api('auth/demo-accounts'), () => HttpResponse.json({ data: { password: '', accounts: [] } }));

afterEach(() => session.reset());

describe('the sign-in page', () => {
  it('names the demo accounts’ roles in the visitor’s language, each account an item of the list', async () => {
    localStorage.setItem(LOCALE_KEY, 'fr');
    try {
      server.use(
        http.get(api('auth/demo-accounts'), () =>
          HttpResponse.json({ data: { password: 'demo-pass-1234', accounts: [{ email: 'admin@example.com', role: 'admin' }, { email: 'reseller@example.com', role: 'reseller' }] } }),
        ),
      );
      renderAt('/login');
      const items = await screen.findAllByRole('listitem');
      expect(items.map((item) => item.textContent)).toEqual(['admin@example.comAdministrateur', 'reseller@example.comReprésentant (revendeur)']);
    } finally {
      localStorage.removeItem(LOCALE_KEY);
    }
  });

  it('signs in and goes to the role start page', async () => {
    server.use(
      noDemo,
      http.post(api('auth/login'), () => HttpResponse.json({ access_token: 't', token_type: 'bearer', expires_in: 900 })),
      http.get(api('auth/core'), () =>
        HttpResponse.json({ data: { user: { id: 2, name: 'P', email: 'p@example.com', role: { id: 4, role_name: 'production' }, client: null }, branch_config: [] } }),
      ),
    );
    renderAt('/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'production@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'demo-pass-1234');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/orders');
    expect(document.title).toBe('Sign in — Members Portal');
  });

  it('goes back to redirectFrom after signing in', async () => {
    server.use(
      noDemo,
      http.post(api('auth/login'), () => HttpResponse.json({ access_token: 't', token_type: 'bearer', expires_in: 900 })),
      http.get(api('auth/core'), () =>
        HttpResponse.json({ data: { user: { id: 1, name: 'A', email: 'a@example.com', role: { id: 1, role_name: 'admin' }, client: null }, branch_config: [] } }),
      ),
    );
    renderAt('/login?redirectFrom=%2Forders');
    await userEvent.type(await screen.findByLabelText('Email'), 'admin@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'demo-pass-1234');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/orders$/);
  });

  it('says the credentials are wrong on a 401, and keeps the visitor on the page', async () => {
    server.use(noDemo, http.post(api('auth/login'), () => HttpResponse.json({ message: 'no' }, { status: 401 })));
    renderAt('/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'x@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email or password is incorrect.');
    expect(localStorage.getItem('x_token')).toBeNull();
  });

  // The server's throttle (429) is explained in the visitor's language, never as a network error.
  for (const [locale, email, password, signIn, message] of [
    ['en', 'Email', 'Password', 'Sign in', 'Too many failed sign-in attempts.'],
    ['fr', 'E-mail', 'Mot de passe', 'Se connecter', 'Trop de tentatives de connexion échouées.'],
    ['es', 'Correo electrónico', 'Contraseña', 'Iniciar sesión', 'Demasiados intentos fallidos de inicio de sesión.'],
    ['ar', 'البريد الإلكتروني', 'كلمة المرور', 'تسجيل الدخول', 'محاولات تسجيل دخول فاشلة كثيرة.'],
    ['zh', '电子邮箱', '密码', '登录', '登录失败次数过多。'],
  ]) {
    it(`says sign-in is throttled on a 429, in ${locale}`, async () => {
      server.use(
        noDemo,
        http.post(api('auth/login'), () => HttpResponse.json({ message: 'Too many attempts' }, { status: 429, headers: { 'retry-after': '60' } })),
      );
      localStorage.setItem(LOCALE_KEY, locale);
      renderAt('/login');
      await userEvent.type(await screen.findByLabelText(email), 'x@example.com');
      await userEvent.type(screen.getByLabelText(password), 'wrong');
      await userEvent.click(screen.getByRole('button', { name: signIn }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(localStorage.getItem('x_token')).toBeNull();
    });
  }

  it('speaks the stored language: Arabic', async () => {
    server.use(noDemo);
    localStorage.setItem(LOCALE_KEY, 'ar');
    renderAt('/login');
    expect(await screen.findByRole('button', { name: 'تسجيل الدخول' })).toBeInTheDocument();
  });
});

describe('the not-found page', () => {
  it('reads "Sorry, page not found" and its button leads to the root route', async () => {
    renderAt('/404');
    expect(await screen.findByText('Sorry, page not found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
  });
});

describe('the reset-password page', () => {
  it('checks the length and the repetition before calling the server, then saves', async () => {
    let sent: unknown;
    server.use(
      http.post(api('auth/reset-password'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ok: true });
      }),
    );
    renderAt('/reset-password/tok123');
    const password = await screen.findByLabelText(/New password/);
    await userEvent.type(password, 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('The password needs at least 12 characters.')).toBeInTheDocument();
    await userEvent.clear(password);
    await userEvent.type(password, 'a-long-enough-password');
    await userEvent.type(screen.getByLabelText(/Repeat the new password/), 'a-long-enough-password');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed');
    expect(sent).toEqual({ token: 'tok123', password: 'a-long-enough-password' });
  });
});
