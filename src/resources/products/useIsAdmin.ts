import { useCore } from '../../providers/useCore';

/**
 * The SPA only hides what a role cannot do; the server refuses it. Read from core data
 * (loaded by the route guard before any screen) rather than react-admin's permissions, which can be
 * asked for before core data has arrived on a fresh page load.
 */
export function useIsAdmin(): boolean {
  return useCore()?.user.role.role_name === 'admin';
}
