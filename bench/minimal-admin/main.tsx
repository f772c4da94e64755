/**
 * The yardstick for the back office's weight (goal: at most 1.1× this app): the smallest react-admin app that shows
 * a list — `<Admin>`, one resource with a guessed list, react-admin's English messages — built
 * by bench/bundle.ts with the same Vite in the same run as the portal.
 */
import { createRoot } from 'react-dom/client';
import { Admin, ListGuesser, Resource, type DataProvider, type RaRecord } from 'react-admin';

const none = () => Promise.reject(new Error('read-only'));
const dataProvider: DataProvider = {
  // One record whatever the resource: the yardstick needs a list to show, not a type to check.
  getList: async <R extends RaRecord>() => ({ data: [{ id: 1, name: 'Member' }] as unknown as R[], total: 1 }),
  getOne: async <R extends RaRecord>(_resource: string, { id }: { id: R['id'] }) => ({ data: { id, name: 'Member' } as unknown as R }),
  getMany: async () => ({ data: [] }),
  getManyReference: async () => ({ data: [], total: 0 }),
  create: none,
  update: none,
  updateMany: none,
  delete: none,
  deleteMany: none,
};

createRoot(document.getElementById('root')!).render(
  <Admin dataProvider={dataProvider}>
    <Resource name="members" list={ListGuesser} />
  </Admin>,
);
