import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useIsOffline } from 'react-admin';
import { apiGet } from '../../providers/http';

/** How many records an offline search shows, as the server's pages do. */
const OFFLINE_PAGE = 20;

/**
 * The records a list call answers for what the user typed, a moment after the last key press:
 * searches run on the server (there may be thousands), one request at a time. The answers live in
 * the query cache, which a member's or rep's app keeps on the device: offline, the search runs
 * over every record of this call seen before (src/offline/persistedCache.ts).
 */
export function useServerSearch<T extends { id: number }>(path: string, input: string, query: Record<string, string | number | boolean>) {
  const offline = useIsOffline();
  const queryClient = useQueryClient();
  const typed = useSettled(input, 200);
  const key = JSON.stringify(query);
  const { data, isFetching } = useQuery<T[]>({
    queryKey: ['search', path, key, typed],
    queryFn: ({ signal }) => apiGet<{ data: T[] }>(path, { ...query, q: typed }, signal).then((answer) => answer.data),
    placeholderData: keepPreviousData,
    enabled: !offline,
  });
  if (offline) return { options: seenMatching<T>(queryClient, path, input), loading: false };
  return { options: data ?? [], loading: isFetching || typed !== input };
}

/** The value once it has stopped changing for `delayMs`. */
function useSettled(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** Every record the cache holds from this call's earlier answers (what an offline search and quick order can use). */
export function seenRecords<T extends { id: number }>(queryClient: QueryClient, path: string): T[] {
  const byId = new Map<number, T>();
  for (const [, records] of queryClient.getQueriesData<T[]>({ queryKey: ['search', path] })) {
    for (const record of records ?? []) byId.set(record.id, record);
  }
  return [...byId.values()];
}

/** Those matching the text by name or code, a page of them. */
function seenMatching<T extends { id: number }>(queryClient: QueryClient, path: string, input: string): T[] {
  const text = input.trim().toLowerCase();
  const fields = (record: T) => [(record as { name?: unknown }).name, (record as { sku?: unknown }).sku].filter((v): v is string => typeof v === 'string');
  return seenRecords<T>(queryClient, path)
    .filter((record) => text === '' || fields(record).some((field) => field.toLowerCase().includes(text)))
    .slice(0, OFFLINE_PAGE);
}
