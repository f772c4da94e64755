import { useCallback, useEffect, useState } from 'react';
import { ApiError, apiGet } from '../../providers/http';

type Query = Record<string, string | number | boolean | null | undefined>;

/**
 * One GET of a custom screen (reps/rep, reps/client answer nested records that react-admin's
 * list and one calls do not model): the latest answer, its error, and a way to ask again. A
 * newer query cancels the older one, so a fast typist never sees an older answer last.
 */
export function useApiGet<T>(path: string, query: Query, enabled = true) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [version, setVersion] = useState(0);
  const key = JSON.stringify(query);

  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    apiGet<T>(path, JSON.parse(key) as Query, controller.signal).then(
      (answer) => {
        setData(answer);
        setError(null);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(failure instanceof ApiError ? failure : new ApiError(0, (failure as Error).message));
      },
    );
    return () => controller.abort();
  }, [path, key, enabled, version]);

  const refetch = useCallback(() => setVersion((v) => v + 1), []);
  return { data, error, refetch };
}
