import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { authProvider, loginRedirectPath } from '../../src/providers/authProvider';
import { session } from '../../src/providers/session';
import { setToken } from '../../src/providers/storage';
import { api, useMockApi } from './support/server';

const server = useMockApi();

afterEach(() => {
  session.reset();
  session.endedByUser = false;
  window.history.pushState({}, '', '/');
});

const core = (role: string, clientId: number | null = null) => ({
  user: { id: 9, name: 'U', email: 'u@example.com', role: { id: 1, role_name: role }, client: clientId ? { id: clientId } : null },
  branch_config: [],
});

describe('the route guard (authProvider.checkAuth)', () => {
  it('sends a visitor without a token to /login with the full original path in redirectFrom', async () => {
    window.history.pushState({}, '', '/orders/view/order/12?tab=lines');
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({
      redirectTo: '/login?redirectFrom=%2Forders%2Fview%2Forder%2F12%3Ftab%3Dlines',
    });
  });

  it('encodes /orders as the browser test expects', () => {
    expect(loginRedirectPath({ pathname: '/orders', search: '', hash: '' })).toBe('/login?redirectFrom=%2Forders');
  });

  it('validates the session once and loads core data before letting the route proceed', async () => {
    let checks = 0;
    server.use(
      http.get(api('auth/check'), () => {
        checks += 1;
        return HttpResponse.json({ authenticated: true });
      }),
      http.get(api('auth/core'), () => HttpResponse.json({ data: core('production') })),
    );
    setToken('t');
    await authProvider.checkAuth({});
    await authProvider.checkAuth({});
    expect(checks).toBe(1);
    expect(await authProvider.getPermissions!({})).toBe('production');
  });

  it('refuses a session that fails validation, redirecting to login', async () => {
    server.use(http.get(api('auth/check'), () => HttpResponse.json({ authenticated: false })));
    window.history.pushState({}, '', '/members');
    setToken('dead');
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login?redirectFrom=%2Fmembers' });
  });

  it('answers the start page of the role after sign-in', async () => {
    server.use(
      http.post(api('auth/login'), () => HttpResponse.json({ access_token: 'x', token_type: 'bearer', expires_in: 900 })),
      http.get(api('auth/core'), () => HttpResponse.json({ data: core('stockist', 4) })),
    );
    expect(await authProvider.login({ email: 's@example.com', password: 'p' })).toEqual({ redirectTo: '/clients/view/4' });
  });

  it('signs a user out to /login, and an ended session to /login with redirectFrom', async () => {
    server.use(http.post(api('auth/logout'), () => HttpResponse.json({ ok: true })));
    window.history.pushState({}, '', '/reps');
    setToken('t');
    expect(await authProvider.logout({})).toBe('/login?redirectFrom=%2Freps');
    setToken('t');
    expect(await authProvider.logout({ reason: 'user' })).toBe('/login');
  });

  it('a 401 of a call that was in flight when the user signed out keeps them on /login without redirectFrom', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(api('auth/logout'), async () => {
        await held;
        return HttpResponse.json({ ok: true });
      }),
    );
    window.history.pushState({}, '', '/clients/view/1');
    setToken('t');
    const signingOut = authProvider.logout({ reason: 'user' });
    // The server has ended the session; a list call made before answers 401 meanwhile.
    await expect(authProvider.checkError({ status: 401 })).rejects.toMatchObject({ redirectTo: '/login' });
    expect(await authProvider.logout({})).toBe('/login');
    release();
    expect(await signingOut).toBe('/login');
  });

  it('treats a 401 from any call as the end of the session', async () => {
    setToken('t');
    window.history.pushState({}, '', '/products');
    await expect(authProvider.checkError({ status: 401 })).rejects.toMatchObject({ redirectTo: '/login?redirectFrom=%2Fproducts' });
    await expect(authProvider.checkError({ status: 409 })).resolves.toBeUndefined();
    expect(localStorage.getItem('x_token')).toBeNull();
  });
});
