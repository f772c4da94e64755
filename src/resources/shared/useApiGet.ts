import { useCallback } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../providers/http';
import { isNetworkFailure } from '../../offline/network';

type Query = Record<string, string | number | boolean | null | undefined>;

/** Tries of a call that never reached the server while the browser said it was online (a dropped line, a server restarting). */
const NETWORK_TRIES = 3;

/** An answer refused by the server is shown at once; only a call that never got there is tried again. */
export const retryNetworkFailures = (failures: number, error: unknown): boolean => isNetworkFailure(error) && failures < NETWORK_TRIES;

/**
 * One GET of a custom screen (reps/rep, reps/client answer nested records that react-admin's
 * list and one calls do not model): the latest answer, its error, and a way to ask again.
 *
 * A react-query query, as react-admin's own calls are, so these screens follow the connection
 * too: without one the call waits (paused) instead of failing with "Failed to fetch", and it is
 * made again when the connection comes back (refetchOnReconnect), as is one that failed before
 * the browser noticed the connection was gone. The previous answer stays on screen while a newer
 * query (another period, another page) is asked, and an older answer never replaces a newer one.
 */
export function useApiGet<T>(path: string, query: Query, enabled = true) {
  const result = useQuery<T, Error>({
    queryKey: ['api', path, query],
    queryFn: ({ signal }) => apiGet<T>(path, query, signal),
    enabled,
    retry: retryNetworkFailures,
    placeholderData: keepPreviousData,
  });
  const { refetch: refetchQuery } = result;
  const refetch = useCallback(() => void refetchQuery(), [refetchQuery]);
  const error = result.error === null ? null : result.error instanceof ApiError ? result.error : new ApiError(0, result.error.message);
  return { data: result.data ?? null, error, refetch };
}
