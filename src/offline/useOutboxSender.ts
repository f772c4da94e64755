import { useEffect } from 'react';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { formatMoney } from '../i18n/format';
import { useCore } from '../providers/useCore';
import { session } from '../providers/session';
import { movedPrices, sendWaiting, outbox, type SentHandlers } from './outbox';

/** While orders wait and the browser says it is online, another try this often (a server that was down, a flaky line). */
const RETRY_MS = 20_000;

/**
 * Sends the signed-in user's waiting orders and proofs of delivery whenever there is a chance: the app opened, the
 * connection back, an order just kept, and every 20 s while any wait. Each sent one is told, with
 * the server's total where it differs from what the phone showed (the server prices on arrival);
 * each proof of delivery with its delivery note's number.
 */
export function useOutboxSender(): void {
  const userId = useCore()?.user.id;
  const notify = useNotify();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (userId === undefined) return;
    // The screens refreshed when the connection came back, before this reached the server: what
    // they show (orders, the client's figures, a delivery now delivered) is asked again.
    const refreshScreens = () => void queryClient.invalidateQueries();
    const told: SentHandlers = {
      order: (order, sent) => {
        const moved = movedPrices(order, sent);
        const changes = moved.map((line) => `${line.name}: ${formatMoney(line.shown)} → ${formatMoney(line.charged)}`).join('; ');
        notify(moved.length > 0 ? 'offline.price_changed' : 'offline.sent', {
          type: moved.length > 0 ? 'warning' : 'success',
          messageArgs: { reference: sent.reference, total: formatMoney(sent.total), changes },
          // A changed price is read, not glimpsed: it stays until closed.
          autoHideDuration: moved.length > 0 ? null : undefined,
        });
        refreshScreens();
      },
      proof: (proof) => {
        notify('offline.proof_sent', { type: 'success', messageArgs: { number: proof.deliveryNumber, signed_by: proof.signedBy } });
        refreshScreens();
      },
    };
    const trySending = () => {
      if (!onlineManager.isOnline()) return;
      // Back from offline: the session is checked again (and its core data renewed) first.
      if (session.offline) void session.reloadCore().catch(() => undefined);
      void sendWaiting(userId, told).catch(() => undefined);
    };
    trySending();
    const stopOnline = onlineManager.subscribe((online) => online && trySending());
    const stopOutbox = outbox.subscribe(trySending);
    const timer = setInterval(trySending, RETRY_MS);
    return () => {
      stopOnline();
      stopOutbox();
      clearInterval(timer);
    };
  }, [userId, notify, queryClient]);
}
