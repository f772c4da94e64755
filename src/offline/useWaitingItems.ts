import { useEffect, useState } from 'react';
import { useCore } from '../providers/useCore';
import { outbox, type WaitingItem } from './outbox';

/** This user's orders and proofs of delivery kept on the device, as they change. */
export function useWaitingItems(): WaitingItem[] {
  const userId = useCore()?.user.id;
  const [items, setItems] = useState<WaitingItem[]>([]);
  useEffect(() => {
    if (userId === undefined) return;
    let live = true;
    const load = () => void outbox.list(userId).then((list) => live && setItems(list), () => undefined);
    load();
    const stop = outbox.subscribe(load);
    return () => {
      live = false;
      stop();
    };
  }, [userId]);
  return items;
}
