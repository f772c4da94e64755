import { useEffect, useState } from 'react';
import { apiGet } from '../../providers/http';

/**
 * The records a list call answers for what the user typed, a moment after the last key press:
 * searches run on the server (there may be thousands), one request at a time.
 */
export function useServerSearch<T>(path: string, input: string, query: Record<string, string | number | boolean>) {
  const [options, setOptions] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const key = JSON.stringify(query);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      apiGet<{ data: T[] }>(path, { ...JSON.parse(key), q: input }, controller.signal)
        .then((answer) => setOptions(answer.data))
        .catch(() => undefined)
        .finally(() => setLoading(false));
    }, 200);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [path, input, key]);

  return { options, loading };
}
