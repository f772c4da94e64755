import type { Dispatch } from 'react';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { Button, useTranslate } from 'react-admin';
import { ClientSearch } from './ClientSearch';
import { useApiAction } from '../shared/useApiAction';
import { addClientsPayload, type PendingAction, type PendingClients } from './pendingClients';
import { SegmentButton } from './SegmentDialog';

/**
 * "Add clients": each client picked in the search waits as a chip (once, however often picked)
 * until "Add to list" saves them together (crm/savemailinglistclients). Beside it, adding a
 * whole segment.
 */
export function AddClients({ pending, dispatch }: { pending: PendingClients; dispatch: Dispatch<PendingAction> }) {
  const translate = useTranslate();
  const count = pending.clientIds.length;
  const save = useApiAction<ReturnType<typeof addClientsPayload>>('api/crm/savemailinglistclients', {
    success: (_, body) => ({ message: 'mailing.members.added', args: { smart_count: body.client_ids.length } }),
    refresh: true,
    onSuccess: () => dispatch({ type: 'saved' }),
  });

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
          onClick={() => void save.run(addClientsPayload(pending))}
          disabled={count === 0 || save.isPending}
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
