import { HttpError, type DataProvider, type Identifier, type RaRecord } from 'react-admin';
import { ApiError, apiGet, apiPost, apiPostForm } from './http';
import { resourceEndpoints } from '../resources/endpoints';
import type { ListAnswer, ResourceEndpoints } from './resourceEndpoints';
import { liveEvents, type LiveCallback } from './liveEvents';

export type { ListAnswer, ResourceEndpoints } from './resourceEndpoints';
export { resourceEndpoints };

function endpointsOf(resource: string): ResourceEndpoints {
  const endpoints = resourceEndpoints[resource];
  if (!endpoints) throw new Error(`No API endpoints are registered for the resource "${resource}"`);
  return endpoints;
}

function need(path: string | undefined, resource: string, what: string): string {
  if (!path) throw new Error(`The resource "${resource}" cannot ${what}`);
  return path;
}

/** Filters travel as plain query parameters; arrays as comma-separated lists. */
function filterQuery(filter: Record<string, unknown> = {}): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    query[key] = Array.isArray(value) ? value.join(',') : String(value);
  }
  return query;
}

/** react-admin shows `body.errors` next to the form fields (server-side validation). */
async function translateErrors<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    // A stale save (409 naming the version): said in the user's language, and kept off the form's fields.
    if (error instanceof ApiError && error.status === 409 && error.errors?.version) throw new HttpError('live.stale_save', 409, { message: error.message });
    if (error instanceof ApiError) throw new HttpError(error.message, error.status, { errors: error.errors });
    throw error;
  }
}

/**
 * A record as a multipart form: a file input's value (`{rawFile}`, react-admin's FileInput and
 * ImageInput) as the file, null as an empty field, dates as ISO text, everything else as text.
 * Other objects (a file input left untouched) are not sent.
 */
export function formDataOf(data: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined) continue;
    if (value !== null && typeof value === 'object' && 'rawFile' in value && value.rawFile instanceof Blob) {
      form.append(key, value.rawFile, value.rawFile instanceof File ? value.rawFile.name : key);
    } else if (value instanceof Date) {
      form.append(key, value.toISOString());
    } else if (value === null || typeof value !== 'object') {
      form.append(key, value === null ? '' : String(value));
    }
  }
  return form;
}

/** POSTs a save as the resource takes it: JSON, or a multipart form. */
function postSave(endpoints: ResourceEndpoints, path: string, data: Record<string, unknown>, headers?: Record<string, string>) {
  return endpoints.multipart ? apiPostForm<{ data: RaRecord }>(path, formDataOf(data)) : apiPost<{ data: RaRecord }>(path, data, headers);
}

/**
 * A versioned record's save (members, products: their records carry `version`): the version the
 * form was opened at goes in If-Match, not in the body (server/http/recordVersion.ts says why), so
 * the server refuses the save if someone else saved the record since.
 */
function versionedSave(data: Record<string, unknown>, previousData: unknown): { body: Record<string, unknown>; headers?: Record<string, string> } {
  const version = (previousData as { version?: unknown } | undefined)?.version;
  if (typeof version !== 'number') return { body: data };
  const { version: _sent, ...body } = data;
  return { body, headers: { 'If-Match': `"${version}"` } };
}

/** Ids read from a URL (`/users/12`) arrive as text; the API's ids are integers. */
const apiId = (id: Identifier): Identifier => (typeof id === 'string' && /^[0-9]+$/.test(id) ? Number(id) : id);

export const dataProvider: DataProvider = {
  async getList(resource, params) {
    const { page = 1, perPage = 25 } = params.pagination ?? {};
    const { field, order } = params.sort ?? { field: 'id', order: 'ASC' };
    const endpoints = endpointsOf(resource);
    const answer = await translateErrors(
      apiGet<ListAnswer & Record<string, unknown>>(endpoints.list, { page, perPage, sort: field, order, ...filterQuery(params.filter) }, params.signal),
    );
    const { data, total, ...extras } = endpoints.listFrom ? endpoints.listFrom(answer) : answer;
    // Whatever else a list answers (the stats of orders/all) reaches the list as its `meta`.
    return { data, total, meta: extras } as never;
  },

  async getOne(resource, params) {
    const endpoints = endpointsOf(resource);
    if (endpoints.one) return translateErrors(apiGet<{ data: RaRecord }>(endpoints.one, { id: String(params.id) }, params.signal)) as never;
    const answer = await translateErrors(apiGet<ListAnswer>(endpoints.list, { ids: String(params.id), perPage: 1 }, params.signal));
    if (!answer.data[0]) throw new HttpError('Not found', 404, { message: 'Not found' });
    return { data: answer.data[0] } as never;
  },

  async getMany(resource, params) {
    const answer = await translateErrors(
      apiGet<ListAnswer>(endpointsOf(resource).list, { ids: params.ids.join(','), perPage: params.ids.length || 1 }, params.signal),
    );
    return { data: answer.data } as never;
  },

  async getManyReference(resource, params) {
    return this.getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }) as never;
  },

  async create(resource, params) {
    const endpoints = endpointsOf(resource);
    const path = need(endpoints.create ?? endpoints.save, resource, 'create');
    return translateErrors(postSave(endpoints, path, params.data)) as never;
  },

  async update(resource, params) {
    const endpoints = endpointsOf(resource);
    const path = need(endpoints.update ?? endpoints.save, resource, 'update');
    const { body, headers } = versionedSave(params.data as Record<string, unknown>, params.previousData);
    return translateErrors(postSave(endpoints, path, { ...body, id: apiId(params.id) }, headers)) as never;
  },

  async updateMany(resource, params) {
    const endpoints = endpointsOf(resource);
    const path = need(endpoints.update ?? endpoints.save, resource, 'update');
    await translateErrors(Promise.all(params.ids.map((id) => postSave(endpoints, path, { ...params.data, id: apiId(id) }))));
    return { data: params.ids };
  },

  async delete(resource, params) {
    const path = need(endpointsOf(resource).delete, resource, 'delete');
    await translateErrors(apiPost(path, { id: apiId(params.id) }));
    return { data: params.previousData ?? ({ id: params.id } as never) };
  },

  async deleteMany(resource, params) {
    const path = need(endpointsOf(resource).delete, resource, 'delete');
    // One call per record: each is its own transaction and audit entry on the server.
    await translateErrors(Promise.all(params.ids.map((id) => apiPost(path, { id: apiId(id) }))));
    return { data: params.ids };
  },

  // react-admin's realtime contract (topics `resource/{name}` and `resource/{name}/{id}`), served
  // by the tab's one stream of live events (src/providers/liveEvents.ts).
  async subscribe(topic: string, callback: LiveCallback) {
    liveEvents.subscribe(topic, callback);
    return { data: null };
  },

  async unsubscribe(topic: string, callback: LiveCallback) {
    liveEvents.unsubscribe(topic, callback);
    return { data: null };
  },
};
