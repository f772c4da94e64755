import { useState } from 'react';
import {
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  TablePagination,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { LabelButton } from '../shared/LabelButton';
import { useApiAction } from '../shared/useApiAction';
import { useDebounced } from './RepClientsCard';
import type { Rep, RepAnswer } from './types';
import { useApiGet } from '../shared/useApiGet';

const PER_PAGE = 10;

/**
 * The admin links clients to a rep: a search over every client (reps/rep `all_clients`, paged by
 * the server: there may be 10,000), ticked when linked; the ticks are saved together as the rep's
 * whole set (reps/saveclientlinks).
 */
export function LinkClientsDialog({ rep, onClose, onSaved }: { rep: Rep; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  const [selected, setSelected] = useState(() => new Set(rep.client_ids));
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebounced(search);
  const { data } = useApiGet<RepAnswer>('api/reps/rep', {
    rep_user_id: rep.id,
    perPage: 1,
    all_clients_q: q,
    all_clients_page: page,
    all_clients_per_page: PER_PAGE,
  });
  const candidates = data?.data.all_clients;

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const save = useApiAction('api/reps/saveclientlinks', {
    success: 'reps.links.saved',
    onSuccess: () => {
      onSaved();
      onClose();
    },
  });

  return (
    // A fixed height: the list shrinks and grows as the search answers, and the buttons below it
    // would jump under a pointer on its way to "Save links"; the list scrolls instead.
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="link-clients-title" slotProps={{ paper: { sx: { height: 'min(90vh, 760px)' } } }}>
      <DialogTitle id="link-clients-title">{translate('reps.links.title', { name: rep.name })}</DialogTitle>
      <DialogContent>
        <TextField
          fullWidth
          size="small"
          margin="dense"
          label={translate('reps.links.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="links-selected">
          {translate('reps.links.selected', { smart_count: selected.size })}
        </Typography>
        <List dense>
          {candidates?.data.map((client) => (
            <ListItem key={client.id} disablePadding>
              {/* The checkbox is the control (one tab stop, Space toggles); the row is its label, not a
                  second button around it (axe nested-interactive). */}
              <ListItemButton component="label" role={undefined} tabIndex={-1}>
                <ListItemIcon>
                  <Checkbox edge="start" checked={selected.has(client.id)} onChange={() => toggle(client.id)} slotProps={{ input: { 'aria-label': client.name } }} />
                </ListItemIcon>
                <ListItemText
                  primary={client.name}
                  secondary={[translate(`members.types.${client.type}`), client.contact_name, client.email].filter(Boolean).join(' · ')}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        {candidates && candidates.total === 0 && <Typography color="text.secondary">{translate('reps.clients.none_found')}</Typography>}
        {candidates && candidates.total > PER_PAGE && (
          <TablePagination
            component="div"
            count={candidates.total}
            page={page - 1}
            rowsPerPage={PER_PAGE}
            rowsPerPageOptions={[PER_PAGE]}
            onPageChange={(_, next) => setPage(next + 1)}
          />
        )}
      </DialogContent>
      <DialogActions>
        <LabelButton label="ra.action.cancel" onClick={onClose} />
        <LabelButton label="reps.links.save" variant="contained" onClick={() => void save.run({ rep_user_id: rep.id, client_ids: [...selected] })} disabled={save.isPending} />
      </DialogActions>
    </Dialog>
  );
}
