import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { IconButton, List, ListItem, ListItemText, Stack, TextField, Tooltip } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { formatDateTime } from '../../i18n/format';
import { StatusChip } from './StatusChip';
import { Panel } from './Panel';
import type { OrderDetails } from './types';

export const trackingUrl = (token: string) => `${window.location.origin}/ext/track/order/${token}`;

/** The public tracking link, to send to whoever waits for the order. */
export function TrackingLink({ order }: { order: OrderDetails }) {
  const translate = useTranslate();
  const notify = useNotify();
  const url = trackingUrl(order.token);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        label={translate('orders.view.tracking_link')}
        value={url}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'tracking-link' } }}
        onFocus={(event) => event.target.select()}
      />
      <Tooltip title={translate('orders.view.copy_link')}>
        <IconButton
          aria-label={translate('orders.view.copy_link')}
          onClick={() => navigator.clipboard?.writeText(url).then(() => notify('orders.view.link_copied', { type: 'info' }), () => undefined)}
        >
          <ContentCopyIcon />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/** Every status the order has had, who set it and when. */
export function OrderHistory({ order }: { order: OrderDetails }) {
  return (
    <Panel title="orders.view.history">
    <List dense>
      {order.history.map((entry, i) => (
        <ListItem key={i} disableGutters>
          <ListItemText
            primary={<StatusChip status={entry.to_status} />}
            secondary={`${entry.by} · ${formatDateTime(entry.at)}`}
          />
        </ListItem>
      ))}
    </List>
    </Panel>
  );
}
