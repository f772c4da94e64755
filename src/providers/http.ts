import { confirmed, keep, validatorFor } from './revalidation';
import { clearToken, getToken } from './storage';

/** Where the API lives; the portal serves it from its own origin unless VITE_API_URL says otherwise. */
export const API_BASE = (import.meta.env.VITE_API_URL ?? '').replace(/\/$/, '');

/**
 * A failed call. `message` is empty where the rejection carries none; `errors`
 * holds the server's per-field messages for forms.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers, e.g. `Idempotency-Key` on orders/create. */
  headers?: Record<string, string>;
}

function urlFor(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  const base = API_BASE || window.location.origin;
  return `${base}/${path.replace(/^\//, '')}${search ? `?${search}` : ''}`;
}

/**
 * Every API call: the bearer token only when one is stored, `X-Requested-With` always.
 * A response saying the user is not authenticated (401) clears the stored token.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...options.headers, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  // A FormData body (a file upload) carries its own multipart content type and boundary.
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const url = urlFor(path, options.query);
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const validator = method === 'GET' ? validatorFor(url) : undefined;
  if (validator) headers['If-None-Match'] = validator;
  const response = await fetch(url, {
    method,
    headers,
    body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
    signal: options.signal,
  });
  let text = await response.text();
  if (response.status === 304) {
    // Unchanged since the answer kept for this URL: that answer, as if it had come again. Should
    // the answer have been dropped meanwhile (more than the kept number of URLs), ask plainly.
    const kept = confirmed(url);
    if (kept === undefined) return apiRequest<T>(path, options);
    text = kept;
  } else if (method === 'GET' && response.ok) {
    keep(url, response.headers.get('etag'), text);
  }
  let payload: unknown = null;
  try {
    payload = text ? JSON.parse(text) : null;
  } catch {
    payload = null;
  }
  if (!response.ok && response.status !== 304) {
    if (response.status === 401 && token) clearToken();
    const body = (payload ?? {}) as { message?: string; errors?: Record<string, string> };
    throw new ApiError(response.status, body.message ?? response.statusText, body.errors ?? {});
  }
  return payload as T;
}

export const apiGet = <T>(path: string, query?: RequestOptions['query'], signal?: AbortSignal) =>
  apiRequest<T>(path, { query, signal });
export const apiPost = <T>(path: string, body: unknown = {}, headers?: Record<string, string>) =>
  apiRequest<T>(path, { method: 'POST', body, headers });
/** A multipart POST (a form with a file); the browser sets the content type and its boundary. */
export const apiPostForm = <T>(path: string, form: FormData) => apiRequest<T>(path, { method: 'POST', body: form });
