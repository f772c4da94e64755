import { HttpError, type DataProvider, type RaRecord } from 'react-admin';
import { ApiError, apiGet, apiPost } from './http';

/**
 * Where each react-admin resource lives in the API (SPEC §7). Domain modules add their
 * resource here; the list, save and delete conventions are DESIGN §2's, shared by all.
 */
export interface ResourceEndpoints {
  /** GET, `{data, total}`, takes page, perPage, sort, order and filters. */
  list: string;
  /** GET ?id=, `{data}`. */
  one?: string;
  /** POST, creates without id and updates with one, answers `{data}`. */
  save?: string;
  /** POST {id}, answers `{data: {id}}`. */
  delete?: string;
}

export const resourceEndpoints: Record<string, ResourceEndpoints> = {
  products: { list: 'api/products/all', one: 'api/products/product', save: 'api/products/save', delete: 'api/products/delete' },
  properties: { list: 'api/products/properties', one: 'api/products/property', save: 'api/products/saveproperty', delete: 'api/products/deleteproperty' },
  'product-groups': { list: 'api/products/groups', one: 'api/products/group', save: 'api/products/savegroup', delete: 'api/products/deletegroup' },
};

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
    if (error instanceof ApiError) throw new HttpError(error.message, error.status, { errors: error.errors });
    throw error;
  }
}

type ListAnswer = { data: RaRecord[]; total: number };

export const dataProvider: DataProvider = {
  async getList(resource, params) {
    const { page = 1, perPage = 25 } = params.pagination ?? {};
    const { field, order } = params.sort ?? { field: 'id', order: 'ASC' };
    return translateErrors(
      apiGet<ListAnswer>(endpointsOf(resource).list, { page, perPage, sort: field, order, ...filterQuery(params.filter) }, params.signal),
    ) as never;
  },

  async getOne(resource, params) {
    const path = need(endpointsOf(resource).one, resource, 'read one record');
    return translateErrors(apiGet<{ data: RaRecord }>(path, { id: String(params.id) }, params.signal)) as never;
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
    const path = need(endpointsOf(resource).save, resource, 'create');
    return translateErrors(apiPost<{ data: RaRecord }>(path, params.data)) as never;
  },

  async update(resource, params) {
    const path = need(endpointsOf(resource).save, resource, 'update');
    return translateErrors(apiPost<{ data: RaRecord }>(path, { ...params.data, id: params.id })) as never;
  },

  async updateMany(resource, params) {
    const path = need(endpointsOf(resource).save, resource, 'update');
    await translateErrors(Promise.all(params.ids.map((id) => apiPost(path, { ...params.data, id }))));
    return { data: params.ids };
  },

  async delete(resource, params) {
    const path = need(endpointsOf(resource).delete, resource, 'delete');
    await translateErrors(apiPost(path, { id: params.id }));
    return { data: params.previousData ?? ({ id: params.id } as never) };
  },

  async deleteMany(resource, params) {
    const path = need(endpointsOf(resource).delete, resource, 'delete');
    // One call per record: each is its own transaction and audit entry on the server.
    await translateErrors(Promise.all(params.ids.map((id) => apiPost(path, { id }))));
    return { data: params.ids };
  },
};
