import { http, HttpResponse } from 'msw';
import { HttpError } from 'react-admin';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataProvider, resourceEndpoints } from '../../src/providers/dataProvider';
import { api, useMockApi } from './support/server';

const server = useMockApi();

beforeAll(() => {
  resourceEndpoints.widgets = { list: 'api/widgets/all', one: 'api/widgets/widget', save: 'api/widgets/save', delete: 'api/widgets/delete' };
});

describe('the data provider (the API’s list, read and save conventions)', () => {
  it('asks lists for a page, a sort and filters, and reads {data, total}', async () => {
    let url = new URL('http://x');
    server.use(
      http.get(api('widgets/all'), ({ request }) => {
        url = new URL(request.url);
        return HttpResponse.json({ data: [{ id: 1, name: 'A' }], total: 31, stats: { open: 4 } });
      }),
    );
    const answer = await dataProvider.getList('widgets', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'name', order: 'DESC' },
      filter: { q: 'soap', active: true, ids: [1, 2], empty: '' },
    });
    // Anything else the list answers (orders/all's stats) is handed on as meta.
    expect(answer).toEqual({ data: [{ id: 1, name: 'A' }], total: 31, meta: { stats: { open: 4 } } });
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '2', perPage: '10', sort: 'name', order: 'DESC', q: 'soap', active: 'true', ids: '1,2' });
  });

  it('reads one record by id and saves with POST …/save (no id to create, the id to update)', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get(api('widgets/widget'), ({ request }) => HttpResponse.json({ data: { id: Number(new URL(request.url).searchParams.get('id')) } })),
      http.post(api('widgets/save'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return HttpResponse.json({ data: { id: 5, ...body } }, { status: body.id ? 200 : 201 });
      }),
    );
    expect((await dataProvider.getOne('widgets', { id: 12 })).data).toEqual({ id: 12 });
    await dataProvider.create('widgets', { data: { name: 'New' } });
    await dataProvider.update('widgets', { id: 5, data: { name: 'Renamed' }, previousData: { id: 5 } });
    expect(bodies).toEqual([{ name: 'New' }, { name: 'Renamed', id: 5 }]);
  });

  it('saves a versioned record with the version it was opened at in If-Match, not in the body; a stale save is refused in the user\'s words', async () => {
    const seen: { ifMatch: string | null; body: Record<string, unknown> }[] = [];
    server.use(
      http.post(api('widgets/save'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        seen.push({ ifMatch: request.headers.get('if-match'), body });
        if (body.name === 'Late') return HttpResponse.json({ message: 'Someone else saved this widget', errors: { version: 'the widget is now at version 4' } }, { status: 409 });
        return HttpResponse.json({ data: { ...body, version: 4 } });
      }),
    );
    await dataProvider.update('widgets', { id: 5, data: { id: 5, name: 'Mine', version: 3 }, previousData: { id: 5, name: 'Old', version: 3 } });
    expect(seen).toEqual([{ ifMatch: '"3"', body: { id: 5, name: 'Mine' } }]);
    const refused = await dataProvider.update('widgets', { id: 5, data: { id: 5, name: 'Late', version: 3 }, previousData: { id: 5, version: 3 } }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 409, message: 'live.stale_save' });
  });

  it('deletes with POST …/delete {id}, one call per record', async () => {
    const ids: unknown[] = [];
    server.use(
      http.post(api('widgets/delete'), async ({ request }) => {
        const { id } = (await request.json()) as { id: number };
        ids.push(id);
        return HttpResponse.json({ data: { id } });
      }),
    );
    await dataProvider.deleteMany('widgets', { ids: [3, 4] });
    expect(ids.sort()).toEqual([3, 4]);
  });

  it('turns a 4xx into react-admin’s HttpError carrying the field errors for the form', async () => {
    server.use(http.post(api('widgets/save'), () => HttpResponse.json({ message: 'sku is taken', errors: { sku: 'sku is taken' } }, { status: 409 })));
    const error = await dataProvider.create('widgets', { data: { sku: 'A1' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 409, message: 'sku is taken', body: { errors: { sku: 'sku is taken' } } });
  });

  it('says clearly when a resource has no endpoints registered', async () => {
    await expect(dataProvider.getList('nothing', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {} })).rejects.toThrow(
      'No API endpoints are registered for the resource "nothing"',
    );
  });
});
