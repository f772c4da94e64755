import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataProvider, resourceEndpoints } from '../../src/providers/dataProvider';
import { api, useMockApi } from './support/server';

const server = useMockApi();

beforeAll(() => {
  // Like admin/companyusers: a list, separate create and update paths, no read-one path.
  resourceEndpoints.people = { list: 'api/people/all', create: 'api/people/create', update: 'api/people/update', delete: 'api/people/delete' };
});

describe('the data provider with separate create and update paths', () => {
  it('creates on the create path and updates on the update path, with the id', async () => {
    const calls: { path: string; body: unknown }[] = [];
    const record = async ({ request }: { request: Request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ path: new URL(request.url).pathname, body });
      return HttpResponse.json({ data: { id: 7, ...body } });
    };
    server.use(http.post(api('people/create'), record), http.post(api('people/update'), record));
    await dataProvider.create('people', { data: { name: 'Ann' } });
    await dataProvider.update('people', { id: 7, data: { name: 'Anne' }, previousData: { id: 7 } });
    await dataProvider.updateMany('people', { ids: [8], data: { active: false } });
    // An edit page takes its id from the URL, as text: the API gets the integer.
    await dataProvider.update('people', { id: '9', data: { id: 9, name: 'Nine' }, previousData: { id: 9 } });
    expect(calls).toEqual([
      { path: '/api/people/create', body: { name: 'Ann' } },
      { path: '/api/people/update', body: { name: 'Anne', id: 7 } },
      { path: '/api/people/update', body: { active: false, id: 8 } },
      { path: '/api/people/update', body: { name: 'Nine', id: 9 } },
    ]);
  });

  it('reads one record through the list with ids when there is no read-one path, and 404s on none', async () => {
    server.use(
      http.get(api('people/all'), ({ request }) => {
        const ids = new URL(request.url).searchParams.get('ids');
        return HttpResponse.json(ids === '7' ? { data: [{ id: 7, name: 'Anne' }], total: 1 } : { data: [], total: 0 });
      }),
    );
    expect((await dataProvider.getOne('people', { id: 7 })).data).toEqual({ id: 7, name: 'Anne' });
    await expect(dataProvider.getOne('people', { id: 8 })).rejects.toMatchObject({ status: 404 });
  });
});
