import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_REFRESH_INTERVAL_MS, session } from '../../src/providers/session';
import { TOKEN_KEY, TOKEN_MIRROR_KEY, setToken } from '../../src/providers/storage';
import { api, useMockApi } from './support/server';

const server = useMockApi();

const core = {
  user: { id: 3, name: 'Rita', email: 'reseller@example.com', role: { id: 5, role_name: 'reseller' }, client: null },
  branch_config: [{ id: 1, name: 'Johannesburg', default_branch: true }],
};

function acceptSignIn(token = 'token-1') {
  const calls = { login: 0, check: 0, core: 0 };
  server.use(
    http.post(api('auth/login'), () => {
      calls.login += 1;
      return HttpResponse.json({ access_token: token, token_type: 'bearer', expires_in: 900 });
    }),
    http.get(api('auth/check'), () => {
      calls.check += 1;
      return HttpResponse.json({ authenticated: true });
    }),
    http.get(api('auth/core'), () => {
      calls.core += 1;
      return HttpResponse.json({ data: core });
    }),
  );
  return calls;
}

afterEach(() => {
  session.reset();
  vi.useRealTimers();
});

describe('the session', () => {
  it('stores the token under x_token and mirrors it under auth.currentUser on sign-in, then loads core once', async () => {
    const calls = acceptSignIn('token-1');
    const loaded = await session.login('reseller@example.com', 'demo-pass-1234');
    expect('user' in loaded && loaded.user.id).toBe(3);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('token-1');
    expect(localStorage.getItem(TOKEN_MIRROR_KEY)).toBe('token-1');
    await session.loadCore();
    expect(calls.core).toBe(1);
  });

  it('validates the stored session instead of signing in again when already logged in', async () => {
    const calls = acceptSignIn();
    setToken('existing');
    await session.login('x@example.com', 'whatever');
    expect(calls.login).toBe(0);
    expect(calls.check).toBe(1);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('existing');
  });

  it('rejects a 401 sign-in with no message and any other failure with its message', async () => {
    server.use(http.post(api('auth/login'), () => HttpResponse.json({ message: 'Email or password is incorrect' }, { status: 401 })));
    await expect(session.login('a@b.c', 'x')).rejects.toMatchObject({ status: 401, message: '' });
    server.use(http.post(api('auth/login'), () => HttpResponse.json({ message: 'Too many failed sign-in attempts' }, { status: 429 })));
    await expect(session.login('a@b.c', 'x')).rejects.toMatchObject({ message: 'Too many failed sign-in attempts' });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('clears the token when the session check answers not authenticated', async () => {
    server.use(http.get(api('auth/check'), () => HttpResponse.json({ authenticated: false })));
    setToken('revoked');
    expect(await session.validate()).toBe(false);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(TOKEN_MIRROR_KEY)).toBeNull();
  });

  it('rejects with the error when the check fails on a server error', async () => {
    server.use(http.get(api('auth/check'), () => HttpResponse.json({ message: 'down' }, { status: 503 })));
    setToken('t');
    await expect(session.validate()).rejects.toMatchObject({ status: 503 });
  });

  it('refreshes the token every 300000 ms once core data has loaded', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    acceptSignIn('first');
    let refreshes = 0;
    server.use(
      http.get(api('auth/refresh'), () => {
        refreshes += 1;
        return HttpResponse.json({ access_token: `refreshed-${refreshes}`, token_type: 'bearer', expires_in: 900 });
      }),
    );
    await session.login('reseller@example.com', 'demo-pass-1234');
    expect(TOKEN_REFRESH_INTERVAL_MS).toBe(300000);
    await vi.advanceTimersByTimeAsync(299_999);
    expect(refreshes).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(localStorage.getItem(TOKEN_KEY)).toBe('refreshed-1'));
    expect(localStorage.getItem(TOKEN_MIRROR_KEY)).toBe('refreshed-1');
  });

  it('logs out on the server and clears both storage keys and the core data', async () => {
    acceptSignIn();
    let loggedOut = false;
    server.use(
      http.post(api('auth/logout'), () => {
        loggedOut = true;
        return HttpResponse.json({ ok: true });
      }),
    );
    await session.login('reseller@example.com', 'demo-pass-1234');
    await session.logout();
    expect(loggedOut).toBe(true);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(TOKEN_MIRROR_KEY)).toBeNull();
    expect(session.getCore()).toBeNull();
  });
});
