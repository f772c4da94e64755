import { useEffect, useRef } from 'react';
import { useDataProvider } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '../../providers/liveEvents';

/** Events that come together (a status change and its comment) refetch once. */
const SETTLE_MS = 150;

/**
 * Keeps what a screen shows of `resource` current: on a live event about it (or about record `id`),
 * react-admin's cached queries of the resource are refetched, so a list shows new and moved
 * records and a record's page its new state without a reload. `onEvent` sees each event first.
 */
export function useLiveRefresh(resource: string, id?: number, onEvent?: (event: LiveEvent) => void): void {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const latest = useRef(onEvent);
  latest.current = onEvent;

  useEffect(() => {
    const topic = id === undefined ? `resource/${resource}` : `resource/${resource}/${id}`;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const callback = (event: LiveEvent) => {
      latest.current?.(event);
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({ queryKey: [resource] });
      }, SETTLE_MS);
    };
    // A data provider without the realtime functions (a test's) leaves the screen as it was: static.
    const call = (name: 'subscribe' | 'unsubscribe') => Promise.resolve().then(() => dataProvider[name](topic, callback)).catch(() => undefined);
    void call('subscribe');
    return () => {
      if (timer) clearTimeout(timer);
      void call('unsubscribe');
    };
  }, [dataProvider, queryClient, resource, id]);
}
