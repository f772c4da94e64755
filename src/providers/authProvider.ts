import type { AuthProvider } from 'ra-core';
import { ApiError } from './http';
import { isSecondStep, session } from './session';
import { startPageFor } from '../routes';

/** Where a visitor without a valid session is sent: /login, remembering the full path. */
export function loginRedirectPath(location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location): string {
  const from = `${location.pathname}${location.search}${location.hash}`;
  if (from === '/' || from.startsWith('/login')) return '/login';
  return `/login?redirectFrom=${encodeURIComponent(from)}`;
}

/**
 * react-admin's view of the session. Only types come from ra-core, so the public bundle can use
 * it for signing in without loading react-admin.
 */
export const authProvider: AuthProvider = {
  async login({ username, email, password }: { username?: string; email?: string; password: string }) {
    const answer = await session.login(email ?? username ?? '', password);
    // react-admin's own login form is not used (the public /login page is); a second step goes there.
    if (isSecondStep(answer)) return { redirectTo: '/login' };
    return { redirectTo: startPageFor(answer.user) };
  },

  /** The route guard: a stored token, validated once per page load, and core data loaded. */
  async checkAuth() {
    // A network or server error rejects with that error; react-admin then signs out.
    const valid = await session.validate();
    if (!valid) throw { redirectTo: loginRedirectPath(), message: false };
    await session.loadCore();
  },

  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      session.reset();
      throw { redirectTo: session.endedByUser ? '/login' : loginRedirectPath(), message: false };
    }
  },

  /**
   * A user who signs out goes to /login; a session that ended by itself goes to /login with
   * redirectFrom, so signing in again returns to the same place.
   */
  async logout(params?: { reason?: 'user' }) {
    // react-admin signs out again on a 401 (checkError): still the user's own sign-out if it was one.
    const byUser = params?.reason === 'user' || session.endedByUser;
    await session.logout(byUser);
    return byUser ? '/login' : loginRedirectPath();
  },

  async getIdentity() {
    const core = session.getCore() ?? (await session.loadCore());
    return { id: core.user.id, fullName: core.user.name, email: core.user.email, role: core.user.role.role_name };
  },

  async getPermissions() {
    const core = session.getCore();
    return core ? core.user.role.role_name : null;
  },
};

export { ApiError };
