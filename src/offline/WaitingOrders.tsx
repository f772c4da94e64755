import { useEffect, useState } from 'react';
import { Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'react-admin';
import { formatDateTime, formatMoney } from '../i18n/format';
import { useCore } from '../providers/useCore';
import { ConfirmedButton } from '../resources/shared/ConfirmedButton';
import { outbox, shownValue, type WaitingOrder } from './outbox';
import { useOutboxSender } from './useOutboxSender';

/** This user's orders kept on the device, as they change. */
function useWaitingOrders(): WaitingOrder[] {
  const userId = useCore()?.user.id;
  const [orders, setOrders] = useState<WaitingOrder[]>([]);
  useEffect(() => {
    if (userId === undefined) return;
    let live = true;
    const load = () => void outbox.list(userId).then((list) => live && setOrders(list), () => undefined);
    load();
    const stop = outbox.subscribe(load);
    return () => {
      live = false;
      stop();
    };
  }, [userId]);
  return orders;
}

/**
 * The orders placed offline that wait on this device (or that the server refused), with their
 * state, and the sender that sends them when it can. Its own chunk (with IndexedDB's helpers):
 * the first screen after sign-in does not wait for it.
 */
export default function WaitingOrders() {
  const translate = useTranslate();
  const waiting = useWaitingOrders();
  useOutboxSender();
  if (waiting.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="waiting-orders-title" data-testid="waiting-orders" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, py: 1 }}>
      <Typography id="waiting-orders-title" variant="subtitle1" component="h2">
        {translate('offline.waiting.title', { smart_count: waiting.length })}
      </Typography>
      <List dense disablePadding>
        {waiting.map((order) => (
          <ListItem
            key={order.key}
            disableGutters
            secondaryAction={
              order.refusal ? (
                <ConfirmedButton
                  label="offline.waiting.discard"
                  icon={<DeleteIcon />}
                  title="offline.waiting.discard_title"
                  content="offline.waiting.discard_content"
                  onConfirm={() => outbox.discard(order.key)}
                />
              ) : undefined
            }
          >
            <ListItemText
              primary={translate('offline.waiting.line', {
                client: order.clientName,
                smart_count: order.body.lines.length,
                value: formatMoney(shownValue(order)),
                placed: formatDateTime(order.placedAt),
              })}
              secondary={order.refusal ? translate('offline.waiting.refused', { message: order.refusal }) : translate('offline.waiting.waiting')}
              slotProps={{ secondary: { color: order.refusal ? 'error' : 'text.secondary' } }}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
