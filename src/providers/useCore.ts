import { useSyncExternalStore } from 'react';
import type { Core } from '../routes';
import { session } from './session';

/** The signed-in user's core data; the route guard has loaded it before any screen renders. */
export function useCore(): Core | null {
  return useSyncExternalStore(session.subscribe, () => session.getCore());
}
