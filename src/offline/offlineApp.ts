import { QueryClient } from '@tanstack/react-query';
import { session } from '../providers/session';
import { followBrowserConnection } from './connectivity';
import { OFFLINE_ROLES } from './network';
import { offlineCore } from './offlineCore';
import { registerServiceWorker } from './registerServiceWorker';

/** The back office's one query client (react-admin's `queryClient`), persisted for the roles in OFFLINE_ROLES (members, reps, production). */
export const queryClient = new QueryClient();
// react-admin's session checks (`auth` queries) run whatever the connection: paused offline, as
// data queries are, a page opened without a connection would wait on "Loading" for ever. The
// session answers offline from what it kept (src/providers/session.ts).
queryClient.setQueryDefaults(['auth'], { networkMode: 'always' });

// The persister (IndexedDB helpers, react-query's dehydrate/hydrate) is its own chunk, loaded
// only for the roles that keep their screens: an admin's first screen does not carry it.
const persistence = () => import('./persistedCache');

let persisting: Promise<() => Promise<void>> | null = null;

/** Persisting follows the signed-in user: on for the offline roles, off (and forgotten) otherwise. */
function followSession(): void {
  const user = session.getCore()?.user;
  const wanted = user !== undefined && OFFLINE_ROLES.has(user.role.role_name);
  if (wanted && !persisting) {
    persisting = persistence().then(({ persistCache }) => persistCache(queryClient, user.id));
    registerServiceWorker();
  } else if (!wanted && persisting) {
    // Signed out (or another role now): what this device kept of the screens goes with the session.
    const stopping = persisting;
    persisting = null;
    void Promise.all([stopping.then((stop) => stop()), persistence()]).then(([, { forgetCache }]) => forgetCache());
  }
}

/**
 * Before the back office renders: the connection as the browser sees it, and the query cache this
 * member or rep left (if any), so a page opened offline shows what was seen before instead of
 * waiting for calls that cannot be made.
 */
export async function prepareOfflineApp(): Promise<void> {
  followBrowserConnection();
  const kept = offlineCore.load();
  if (kept && session.isLoggedIn()) {
    const { restoreCache } = await persistence();
    await restoreCache(queryClient, kept.user.id);
  }
  session.subscribe(followSession);
  followSession();
}
