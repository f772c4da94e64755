import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Box, Chip, IconButton, Menu, MenuItem, Paper, Stack, Typography, useTheme } from '@mui/material';
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { Confirm, Link, useGetList, useListContext, useRefresh, useTranslate } from 'react-admin';
import { useApiAction } from '../shared/useApiAction';
import { moveLead } from './leadCalls';
import { FollowUpField, leadStatusColours } from './LeadFields';
import { leadStatuses, neighbourStatus, type Lead, type LeadStatus } from './leads';
import { useApproveLead } from './useApproveLead';

/** How many cards a column shows; the rest are counted and found through the list's filters. */
const COLUMN_SIZE = 50;
const DRAG_TYPE = 'application/x-portal-lead';

/** A converted lead is a member now: it stays where it is. */
const canMove = (lead: Lead) => lead.status !== 'converted';

interface LeadMove {
  lead: Lead;
  to: LeadStatus;
}

interface BoardActions {
  /** Asks to move `lead` to `to` (a move to "converted" asks for the approval first). */
  move: (lead: Lead, to: LeadStatus) => void;
  /** The card to give the focus back to once the columns have reloaded. */
  focusId: number | null;
}

/**
 * The leads as a board, a column per status (as Atomic CRM shows deals). A card moves by drag and
 * drop, or from the keyboard: the arrow keys move a focused card to the neighbouring column (the
 * reading direction decides which is which), and its "Move to" menu reaches any column.
 * Each move posts crm/movelead; "converted" is the membership approval (crm/auth_membership).
 */
export function LeadBoard() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const approve = useApproveLead();
  const { filterValues } = useListContext();
  const [converting, setConverting] = useState<Lead | null>(null);
  const [focusId, setFocusId] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // The board shows every status; the list's status filter has no meaning here.
  const { status: _status, ...filter } = filterValues as Record<string, unknown>;

  const movedText = ({ lead, to }: LeadMove) => translate('membership.board.moved', { name: lead.name, status: translate(`membership.statuses.${to}`) });
  // Moved or refused, the columns are read again: a refusal may mean someone else moved it first.
  const moveTo = useApiAction(({ lead, to }: LeadMove) => moveLead(lead.id, to), {
    success: (_, moved) => movedText(moved),
    onSuccess: (_, moved) => setAnnouncement(movedText(moved)),
    onSettled: refresh,
  });

  const move = (lead: Lead, to: LeadStatus) => {
    if (to === lead.status || !canMove(lead)) return;
    setFocusId(lead.id);
    if (to === 'converted') return setConverting(lead);
    void moveTo.run({ lead, to });
  };

  const actions: BoardActions = { move: (lead, to) => void move(lead, to), focusId };
  return (
    <Box sx={{ p: 1 }}>
      <Typography variant="body2" color="text.secondary" id="board-help" sx={{ mb: 1 }}>
        {translate('membership.board.help')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: `repeat(${leadStatuses.length}, minmax(180px, 1fr))` }, gap: 1.5, overflowX: 'auto' }}>
        {leadStatuses.map((status) => (
          <BoardColumn key={status} status={status} filter={filter} actions={actions} />
        ))}
      </Box>
      <Box aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
      <Confirm
        isOpen={converting !== null}
        title="membership.requests.approve_title"
        content="membership.requests.approve_content"
        onConfirm={async () => {
          if (converting) await approve.run(converting);
          setConverting(null);
        }}
        onClose={() => setConverting(null)}
      />
    </Box>
  );
}

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

function BoardColumn({ status, filter, actions }: { status: LeadStatus; filter: Record<string, unknown>; actions: BoardActions }) {
  const translate = useTranslate();
  const [over, setOver] = useState(false);
  const { data = [], total, isPending } = useGetList<Lead>('sales-leads', {
    filter: { ...filter, status },
    pagination: { page: 1, perPage: COLUMN_SIZE },
    sort: { field: 'created_at', order: 'DESC' },
  });
  const title = translate(`membership.statuses.${status}`);
  const accepts = (event: DragEvent) => event.dataTransfer.types.includes(DRAG_TYPE);

  const drop = (event: DragEvent) => {
    setOver(false);
    const lead = JSON.parse(event.dataTransfer.getData(DRAG_TYPE) || 'null') as Lead | null;
    if (lead) {
      event.preventDefault();
      actions.move(lead, status);
    }
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      data-testid={`board-column-${status}`}
      onDragOver={(event) => {
        if (!accepts(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      sx={{ p: 1, minHeight: 240, bgcolor: over ? 'action.selected' : 'background.default', transition: 'background-color 120ms' }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, px: 0.5 }}>
        <Typography variant="subtitle2" component="h2">
          {title}
        </Typography>
        <Chip size="small" color={leadStatusColours[status]} label={total ?? '…'} />
      </Stack>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {data.map((lead) => (
          <LeadCard key={lead.id} lead={lead} actions={actions} />
        ))}
      </Stack>
      {!isPending && !data.length && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 0.5 }}>
          {translate('membership.board.empty')}
        </Typography>
      )}
      {total !== undefined && total > data.length && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1, px: 0.5 }}>
          {translate('membership.board.more', { smart_count: total - data.length })}
        </Typography>
      )}
    </Paper>
  );
}

function LeadCard({ lead, actions }: { lead: Lead; actions: BoardActions }) {
  const translate = useTranslate();
  const theme = useTheme();
  const ref = useRef<HTMLLIElement>(null);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const movable = canMove(lead);

  // After a move the columns reload; the moved card keeps the keyboard focus in its new column.
  useEffect(() => {
    if (actions.focusId === lead.id && ref.current && document.activeElement !== ref.current && !menu) ref.current.focus();
  }, [actions.focusId, lead.id, lead.status, menu]);

  const keyDown = (event: KeyboardEvent) => {
    if (event.target !== ref.current || !movable) return;
    const forward = theme.direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = theme.direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    const step = event.key === forward ? 1 : event.key === backward ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const to = neighbourStatus(lead.status, step);
    if (to) actions.move(lead, to);
  };

  return (
    <Paper
      component="li"
      ref={ref}
      tabIndex={0}
      draggable={movable}
      onDragStart={(event: DragEvent) => {
        event.dataTransfer.setData(DRAG_TYPE, JSON.stringify(lead));
        event.dataTransfer.effectAllowed = 'move';
      }}
      onKeyDown={keyDown}
      aria-label={translate('membership.board.card', { name: lead.name, status: translate(`membership.statuses.${lead.status}`) })}
      aria-describedby="board-help"
      data-testid={`lead-card-${lead.id}`}
      sx={{
        p: 1,
        cursor: movable ? 'grab' : 'default',
        '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 0.5 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Link to={`/sales-leads/${lead.id}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {lead.name}
          </Link>
          {lead.company && lead.company !== lead.name && (
            <Typography variant="body2" color="text.secondary" noWrap>
              {lead.company}
            </Typography>
          )}
          {lead.owner_name && (
            <Typography variant="caption" color="text.secondary" component="p">
              {lead.owner_name}
            </Typography>
          )}
          <Box sx={{ mt: 0.5 }}>
            <FollowUpField lead={lead} labelled />
          </Box>
        </Box>
        {movable && (
          <IconButton size="small" aria-label={translate('membership.board.move_to')} aria-haspopup="menu" onClick={(event) => setMenu(event.currentTarget)}>
            <MoreVertIcon fontSize="small" />
          </IconButton>
        )}
      </Stack>
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        {leadStatuses
          .filter((status) => status !== lead.status)
          .map((status) => (
            <MenuItem
              key={status}
              onClick={() => {
                setMenu(null);
                actions.move(lead, status);
              }}
            >
              {translate('membership.board.move_to_status', { status: translate(`membership.statuses.${status}`) })}
            </MenuItem>
          ))}
      </Menu>
    </Paper>
  );
}
