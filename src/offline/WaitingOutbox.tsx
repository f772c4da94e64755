import { Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'react-admin';
import { formatDateTime, formatMoney } from '../i18n/format';
import { ConfirmedButton } from '../resources/shared/ConfirmedButton';
import { isProof, outbox, shownValue, type WaitingItem } from './outbox';
import { useOutboxSender } from './useOutboxSender';
import { useWaitingItems } from './useWaitingItems';

/** How a waiting thing reads in the list: an order by its client and worth, a proof by its delivery. */
function describe(item: WaitingItem, translate: ReturnType<typeof useTranslate>): string {
  if (isProof(item)) return translate('offline.waiting.proof_line', { number: item.deliveryNumber, reference: item.orderReference, signed_by: item.signedBy, placed: formatDateTime(item.placedAt) });
  return translate('offline.waiting.line', { client: item.clientName, smart_count: item.body.lines.length, value: formatMoney(shownValue(item)), placed: formatDateTime(item.placedAt) });
}

/**
 * What waits in this device's outbox: the orders placed and the proofs of delivery made offline
 * (or that the server refused), with their state, and the sender that sends them when it can. Its
 * own chunk (with IndexedDB's helpers): the first screen after sign-in does not wait for it.
 */
export default function WaitingOutbox() {
  const translate = useTranslate();
  const waiting = useWaitingItems();
  useOutboxSender();
  if (waiting.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="waiting-outbox-title" data-testid="waiting-outbox" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, py: 1 }}>
      <Typography id="waiting-outbox-title" variant="subtitle1" component="h2">
        {translate(waiting.some(isProof) ? 'offline.waiting.title_with_proofs' : 'offline.waiting.title', { smart_count: waiting.length })}
      </Typography>
      <List dense disablePadding>
        {waiting.map((item) => (
          <ListItem
            key={item.key}
            disableGutters
            secondaryAction={
              item.refusal ? (
                <ConfirmedButton
                  label="offline.waiting.discard"
                  icon={<DeleteIcon />}
                  title={isProof(item) ? 'offline.waiting.discard_proof_title' : 'offline.waiting.discard_title'}
                  content="offline.waiting.discard_content"
                  onConfirm={() => outbox.discard(item.key)}
                />
              ) : undefined
            }
          >
            <ListItemText
              primary={describe(item, translate)}
              secondary={item.refusal ? translate('offline.waiting.refused', { message: item.refusal }) : translate('offline.waiting.waiting')}
              slotProps={{ secondary: { color: item.refusal ? 'error' : 'text.secondary' } }}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
