import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../src/providers/session';
import { setToken } from '../../src/providers/storage';
import { api, useMockApi } from './support/server';

const server = useMockApi();

const coreWith = (branches: { id: number; name: string; default_branch: boolean }[]) => ({
  user: { id: 1, name: 'Ada', email: 'admin@example.com', role: { id: 1, role_name: 'admin' }, client: null },
  branch_config: branches,
});

afterEach(() => session.reset());

describe('reloading core data after the branches change', () => {
  it('replaces the branches and tells subscribers, without a new start-page redirect', async () => {
    let branches = [{ id: 1, name: 'Johannesburg', default_branch: true }];
    server.use(http.get(api('auth/core'), () => HttpResponse.json({ data: coreWith(branches) })));
    setToken('token-1');
    await session.loadCore();
    session.takeFreshCore();

    branches = [
      { id: 1, name: 'Johannesburg', default_branch: false },
      { id: 4, name: 'Bloemfontein', default_branch: true },
    ];
    let told = 0;
    const unsubscribe = session.subscribe(() => (told += 1));
    await session.reloadCore();
    unsubscribe();
    expect(session.getCore()?.branch_config).toEqual(branches);
    expect(told).toBe(1);
    expect(session.takeFreshCore()).toBeNull();
  });
});
