import { useState, type Dispatch } from 'react';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { Button, useNotify, useRefresh, useTranslate } from 'react-admin';
import { apiPost } from '../../providers/http';
import { ClientSearch } from './ClientSearch';
import { useFailureNotice } from '../shared/failureNotice';
import { addClientsPayload, type PendingAction, type PendingClients } from './pendingClients';
import { SegmentButton } from './SegmentDialog';

/**
 * "Add clients": each client picked in the search waits as a chip (once, however often picked)
 * until "Add to list" saves them together (crm/savemailinglistclients). Beside it, adding a
 * whole segment.
 */
export function AddClients({ pending, dispatch }: { pending: PendingClients; dispatch: Dispatch<PendingAction> }) {
  const translate = useTranslate();
  const notify = useNotify();
  const failed = useFailureNotice();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const count = pending.clientIds.length;

  const save = async () => {
    setBusy(true);
    try {
      await apiPost('api/crm/savemailinglistclients', addClientsPayload(pending));
      notify('mailing.members.added', { type: 'success', messageArgs: { smart_count: count } });
      dispatch({ type: 'saved' });
      refresh();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-labelledby="add-clients-title" sx={{ mb: 2 }}>
      <Typography id="add-clients-title" variant="subtitle1" component="h3" gutterBottom>
        {translate('mailing.members.add_title')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}>
        <ClientSearch label="mailing.members.search_clients" onPick={(client) => client && dispatch({ type: 'add', client })} />
        {/* aria-label: on a phone react-admin draws a disabled Button as an icon without its label. */}
        <Button
          label={count ? translate('mailing.members.add_pending', { smart_count: count }) : translate('mailing.members.add_title')}
          aria-label={count ? translate('mailing.members.add_pending', { smart_count: count }) : translate('mailing.members.add_title')}
          variant="contained"
          onClick={save}
          disabled={count === 0 || busy}
          sx={{ mt: 0.5 }}
        >
          <GroupAddIcon />
        </Button>
        {pending.listId !== null && <SegmentButton listId={pending.listId} />}
      </Stack>
      {count > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }} aria-label={translate('mailing.members.pending')} role="list">
          {pending.clients.map((client) => (
            <Chip
              key={client.id}
              role="listitem"
              label={client.name}
              onDelete={() => dispatch({ type: 'remove', clientId: client.id })}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
