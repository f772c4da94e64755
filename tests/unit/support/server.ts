import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** One msw server per test file, failing on any request no handler expects. */
export function useMockApi() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/** The API lives on the page's own origin (jsdom: http://localhost:3000). */
export const api = (path: string) => `${window.location.origin}/api/${path}`;
