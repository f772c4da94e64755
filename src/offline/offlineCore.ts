import type { Core } from '../routes';
import { OFFLINE_ROLES } from './network';

/** Not one of the portal's storage keys (src/providers/storage.ts): the offline app's own. */
const OFFLINE_CORE_KEY = 'offline_core';

/**
 * The signed-in member's or rep's core data (user, role, client, branches), kept so the app opens
 * without a connection: the session check and api/auth/core cannot be asked then. Only for the
 * roles of the offline app; removed at sign-out (session.reset).
 */
export const offlineCore = {
  save(core: Core): void {
    if (OFFLINE_ROLES.has(core.user.role.role_name)) localStorage.setItem(OFFLINE_CORE_KEY, JSON.stringify(core));
    else localStorage.removeItem(OFFLINE_CORE_KEY);
  },
  load(): Core | null {
    try {
      const raw = localStorage.getItem(OFFLINE_CORE_KEY);
      return raw ? (JSON.parse(raw) as Core) : null;
    } catch {
      return null;
    }
  },
  clear(): void {
    localStorage.removeItem(OFFLINE_CORE_KEY);
  },
};
