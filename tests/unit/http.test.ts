import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError, apiGet, apiPost } from '../../src/providers/http';
import { TOKEN_KEY, TOKEN_MIRROR_KEY, clearToken, setToken } from '../../src/providers/storage';
import { api, useMockApi } from './support/server';

const server = useMockApi();

function recordHeaders() {
  const seen: Headers[] = [];
  server.use(
    http.get(api('products/all'), ({ request }) => {
      seen.push(request.headers);
      return HttpResponse.json({ data: [], total: 0 });
    }),
  );
  return seen;
}

describe('the http client', () => {
  it('sends X-Requested-With always and no Authorization header when no token is stored', async () => {
    const seen = recordHeaders();
    await apiGet('api/products/all');
    expect(seen[0].get('x-requested-with')).toBe('XMLHttpRequest');
    expect(seen[0].has('authorization')).toBe(false);
  });

  it('adds the bearer token from local storage when one exists', async () => {
    const seen = recordHeaders();
    setToken('abc.def.ghi');
    await apiGet('api/products/all');
    expect(seen[0].get('authorization')).toBe('Bearer abc.def.ghi');
    expect(seen[0].get('x-requested-with')).toBe('XMLHttpRequest');
  });

  it('passes query parameters and JSON bodies', async () => {
    let query = '';
    let body: unknown;
    server.use(
      http.get(api('orders/all'), ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json({ data: [], total: 0, stats: {} });
      }),
      http.post(api('products/save'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ data: { id: 7 } }, { status: 201 });
      }),
    );
    await apiGet('api/orders/all', { branch_id: 2, page: 1, status: undefined });
    expect(query).toBe('?branch_id=2&page=1');
    expect(await apiPost('api/products/save', { name: 'Soap' })).toEqual({ data: { id: 7 } });
    expect(body).toEqual({ name: 'Soap' });
  });

  it('rejects with the status, message and field errors of a failed call', async () => {
    server.use(
      http.post(api('products/save'), () =>
        HttpResponse.json({ message: 'sku is taken', errors: { sku: 'sku is taken' } }, { status: 409 }),
      ),
    );
    const error = await apiPost('api/products/save', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'sku is taken', errors: { sku: 'sku is taken' } });
  });

  it('clears the stored token when the server says the user is not authenticated', async () => {
    server.use(http.get(api('products/all'), () => HttpResponse.json({ message: 'Authentication required' }, { status: 401 })));
    setToken('stale');
    await expect(apiGet('api/products/all')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(TOKEN_MIRROR_KEY)).toBeNull();
  });

  it('asks again with If-None-Match and answers a 304 from the answer it kept; signing out forgets it', async () => {
    const seen: (string | null)[] = [];
    let version = 1;
    server.use(
      http.get(api('clients/all'), ({ request }) => {
        const asked = request.headers.get('if-none-match');
        seen.push(asked);
        const tag = `W/"v${version}"`;
        if (asked === tag) return new HttpResponse(null, { status: 304, headers: { etag: tag } });
        return HttpResponse.json({ data: [{ id: version }], total: 1 }, { headers: { etag: tag } });
      }),
    );
    setToken('abc.def.ghi');
    expect(await apiGet('api/clients/all', { page: 1 })).toEqual({ data: [{ id: 1 }], total: 1 });
    expect(await apiGet('api/clients/all', { page: 1 })).toEqual({ data: [{ id: 1 }], total: 1 });
    // Another URL has no validator of its own.
    await apiGet('api/clients/all', { page: 2 });
    version = 2;
    expect(await apiGet('api/clients/all', { page: 1 })).toEqual({ data: [{ id: 2 }], total: 1 });
    clearToken();
    await apiGet('api/clients/all', { page: 1 });
    expect(seen).toEqual([null, 'W/"v1"', null, 'W/"v1"', null]);
  });
});
