import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { TwoFactorEnrolmentGuard } from '../../src/layout/TwoFactorEnrolmentGuard';
import { isSecondStep, session } from '../../src/providers/session';
import { TOKEN_KEY } from '../../src/providers/storage';
import { api, useMockApi } from './support/server';

const server = useMockApi();

const coreOf = (enrolmentRequired: boolean) => ({
  user: {
    id: 1,
    name: 'Ada',
    email: 'admin@example.com',
    role: { id: 1, role_name: 'admin' },
    client: null,
    two_factor: { enabled: !enrolmentRequired, enrolment_required: enrolmentRequired },
  },
  branch_config: [{ id: 1, name: 'Johannesburg', default_branch: true }],
});

afterEach(() => session.reset());

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <TwoFactorEnrolmentGuard />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('two-factor sign-in in the session', () => {
  it('a right password of a user with two-factor on stores no token and hands back the challenge; the code then signs in', async () => {
    server.use(
      http.post(api('auth/login'), () => HttpResponse.json({ two_factor_required: true, challenge: 'c-1' })),
      http.post(api('auth/2fa/verify'), async ({ request }) => {
        const body = (await request.json()) as { challenge: string; code: string };
        return body.challenge === 'c-1' && body.code === '123456'
          ? HttpResponse.json({ access_token: 'token-2fa', token_type: 'bearer', expires_in: 900 })
          : HttpResponse.json({ message: 'The code is not right' }, { status: 401 });
      }),
      http.get(api('auth/core'), () => HttpResponse.json({ data: coreOf(false) })),
    );
    const answer = await session.login('admin@example.com', 'demo-pass-1234');
    expect(isSecondStep(answer) && answer.challenge).toBe('c-1');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    await expect(session.verifySecondStep('c-1', '000000')).rejects.toMatchObject({ status: 401 });
    const core = await session.verifySecondStep('c-1', '123456');
    expect(core.user.email).toBe('admin@example.com');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('token-2fa');
  });

  it('keeps an admin who must set up two-factor on /profile, whatever page was asked for', async () => {
    server.use(http.get(api('auth/core'), () => HttpResponse.json({ data: coreOf(true) })));
    localStorage.setItem(TOKEN_KEY, 'token-1');
    await session.loadCore();
    renderAt('/members');
    expect((await screen.findByTestId('where')).textContent).toBe('/profile');
  });

  it('does not move an admin who has it', async () => {
    server.use(http.get(api('auth/core'), () => HttpResponse.json({ data: coreOf(false) })));
    localStorage.setItem(TOKEN_KEY, 'token-1');
    await session.loadCore();
    renderAt('/members');
    expect((await screen.findByTestId('where')).textContent).toBe('/members');
  });
});
