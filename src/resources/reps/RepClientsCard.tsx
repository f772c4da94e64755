import { useEffect, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import LinkIcon from '@mui/icons-material/Link';
import {
  Card,
  CardContent,
  CardHeader,
  IconButton,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { Button, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate, formatMoney } from '../../i18n/format';
import { MembershipStatusChip } from '../members/MemberFields';
import { PhoneRows } from '../shared/PhoneList';
import { Facts, type PhoneRow } from '../shared/ResponsiveDatagrid';
import { useIsPhone } from '../shared/useIsPhone';
import type { Page, RepClientRow } from './types';

export interface RepClientsQuery {
  page: number;
  perPage: number;
  sort: string;
  order: 'ASC' | 'DESC';
  q: string;
}

export const initialClientsQuery: RepClientsQuery = { page: 1, perPage: 10, sort: 'name', order: 'ASC', q: '' };

const columns: { source: keyof RepClientRow; numeric?: boolean; sortable?: boolean }[] = [
  { source: 'name', sortable: true },
  { source: 'type', sortable: true },
  { source: 'contact_name' },
  { source: 'membership_status', sortable: true },
  { source: 'order_count', numeric: true, sortable: true },
  { source: 'sales_total', numeric: true, sortable: true },
  { source: 'last_order_at', sortable: true },
];

/** Waits until typing pauses before the search goes to the server. */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The rep's clients (reps/rep `rep_clients`): searched, sorted and paged by the server, each with
 * its orders in figures, a link to its page and a button to order for it.
 */
export function RepClientsCard({
  clients,
  query,
  onQuery,
  onCreate,
  onLink,
}: {
  clients: Page<RepClientRow> | undefined;
  query: RepClientsQuery;
  onQuery: (query: RepClientsQuery) => void;
  onCreate: () => void;
  /** Admins only: opens the link editor. */
  onLink?: () => void;
}) {
  const translate = useTranslate();
  const [search, setSearch] = useState(query.q);
  const settled = useDebounced(search);
  useEffect(() => {
    if (settled !== query.q) onQuery({ ...query, q: settled, page: 1 });
  }, [settled, query, onQuery]);

  const sortBy = (source: string) =>
    onQuery({ ...query, sort: source, order: query.sort === source && query.order === 'ASC' ? 'DESC' : 'ASC', page: 1 });
  const label = (source: string) => translate(`reps.clients.fields.${source}`);
  const isPhone = useIsPhone();
  // On a phone: the client and its membership, then its type and orders; ordering for it is a
  // button on the client's page, a tap away.
  const phoneRow: PhoneRow<RepClientRow & { id: number }> = {
    primaryText: (client) => client.name,
    tertiaryText: (client) => <MembershipStatusChip status={client.membership_status} />,
    secondaryText: (client) => (
      <Facts parts={[translate(`members.types.${client.type}`), translate('dashboard.order_count', { smart_count: client.order_count }), formatMoney(client.sales_total)]} />
    ),
  };

  return (
    <Card data-testid="rep-clients">
      <CardHeader
        title={translate('reps.clients.title')}
        subheader={clients ? translate('reps.clients.count', { smart_count: clients.total }) : undefined}
        action={
          <Stack direction="row" spacing={1}>
            {onLink && (
              <Button label="reps.links.open" onClick={onLink}>
                <LinkIcon />
              </Button>
            )}
            <Button label="reps.clients.create" onClick={onCreate} variant="contained">
              <AddIcon />
            </Button>
          </Stack>
        }
      />
      <CardContent>
        <TextField
          size="small"
          label={translate('reps.clients.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ mb: 1, minWidth: { sm: 280 } }}
        />
        {clients && clients.data.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {translate(query.q ? 'reps.clients.none_found' : 'reps.clients.none')}
          </Typography>
        ) : isPhone ? (
          <PhoneRows
            phone={phoneRow}
            data={clients?.data}
            total={clients?.total}
            isPending={!clients}
            resource="repclients"
            rowClick={(id) => `/reps/view/client/${id}`}
            disablePadding
          />
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                {columns.map(({ source, numeric, sortable }) => (
                  <TableCell key={source} align={numeric ? 'right' : 'left'} sortDirection={query.sort === source ? (query.order === 'ASC' ? 'asc' : 'desc') : false}>
                    {sortable ? (
                      <TableSortLabel active={query.sort === source} direction={query.sort === source && query.order === 'DESC' ? 'desc' : 'asc'} onClick={() => sortBy(source)}>
                        {label(source)}
                      </TableSortLabel>
                    ) : (
                      label(source)
                    )}
                  </TableCell>
                ))}
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {clients?.data.map((client) => (
                <TableRow key={client.id} hover>
                  <TableCell>
                    <Link component={RouterLink} to={`/reps/view/client/${client.id}`}>
                      {client.name}
                    </Link>
                  </TableCell>
                  <TableCell>{translate(`members.types.${client.type}`)}</TableCell>
                  <TableCell>{client.contact_name || '—'}</TableCell>
                  <TableCell>
                    <MembershipStatusChip status={client.membership_status} />
                  </TableCell>
                  <TableCell align="right">{client.order_count}</TableCell>
                  <TableCell align="right">{formatMoney(client.sales_total)}</TableCell>
                  <TableCell>{client.last_order_at ? formatDate(client.last_order_at) : '—'}</TableCell>
                  <TableCell align="right">
                    <Tooltip title={translate('reps.clients.new_order_for', { name: client.name })}>
                      <IconButton component={RouterLink} to={`/create-order/${client.id}`} aria-label={translate('reps.clients.new_order_for', { name: client.name })}>
                        <AddShoppingCartIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {clients && clients.total > 0 && (
          <TablePagination
            component="div"
            count={clients.total}
            page={query.page - 1}
            rowsPerPage={query.perPage}
            // On a phone the page size choice would push the arrows off the card.
            rowsPerPageOptions={isPhone ? [] : [10, 25, 50]}
            labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
            onPageChange={(_, page) => onQuery({ ...query, page: page + 1 })}
            onRowsPerPageChange={(event) => onQuery({ ...query, perPage: Number(event.target.value), page: 1 })}
            labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
          />
        )}
      </CardContent>
    </Card>
  );
}
