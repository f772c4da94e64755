import { usePermissions } from 'react-admin';

/** The SPA only hides what a role cannot do; the server refuses it (DESIGN §3). */
export function useIsAdmin(): boolean {
  const { permissions } = usePermissions<string>();
  return permissions === 'admin';
}
