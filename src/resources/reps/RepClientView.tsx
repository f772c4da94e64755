import { useState } from 'react';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Card, CardContent, CardHeader, Chip, Grid, Stack, Typography } from '@mui/material';
import { Button, Loading, Title, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatDate, formatMoney } from '../../i18n/format';
import { useCore } from '../../providers/useCore';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { DetailsSection, Facts, MembershipSection } from '../members/ClientSections';
import { AccountSummaryCard } from '../billing/AccountSummaryCard';
import { RepClientDialog } from './RepClientDialog';
import { RepOrders } from './RepOrders';
import type { RepClient } from './types';
import { useApiGet } from '../shared/useApiGet';
import { useNotFoundPage, usePathId } from '../shared/useRecordPage';

/**
 * /reps/view/client/{clientid}: a client as its rep sees it: details, its orders in figures and
 * in a list, and "New order". A client the reseller does not work answers 404, and so does this page.
 */
export default function RepClientView() {
  const { id, valid } = usePathId('clientid');
  const core = useCore();
  const pageTitle = usePortalTitle('rep_client');
  const [editing, setEditing] = useState(false);
  const { data, error, refetch } = useApiGet<{ data: RepClient }>('api/reps/client', { id }, valid);
  useNotFoundPage(!valid || error?.status === 404);

  if (!data) return error ? null : <Loading />;
  const client = data.data;
  const isReseller = core?.user.role.role_name === 'reseller';
  // The rep whose client this is: the reseller itself, or for an admin the first rep who works it.
  const rep = isReseller ? core?.user : client.reps[0];

  return (
    <Stack spacing={2} sx={{ my: 2 }}>
      <Title title={`${pageTitle} ${client.name}`} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {client.name}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexGrow: 1 }}>
          {!isReseller &&
            client.reps.map((r) => <Chip key={r.id} size="small" label={r.name} component={Link} to={`/reps/view/${r.id}`} clickable />)}
        </Stack>
        {isReseller && (
          <Button component={Link} to={`/reps/view/${core!.user.id}`} label="reps.view.back">
            <ArrowBackIcon />
          </Button>
        )}
        {!client.archived && (
          <Button component={Link} to={`/create-order/${client.id}`} label="reps.clients.new_order" variant="contained">
            <AddShoppingCartIcon />
          </Button>
        )}
      </Stack>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <DetailsSection client={client} isAdmin={false} onSaved={refetch} onEdit={rep ? () => setEditing(true) : undefined} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={2}>
            <MembershipSection client={client} isAdmin={false} onSaved={refetch} />
            <Figures client={client} />
          </Stack>
        </Grid>
        <Grid size={12}>
          <AccountSummaryCard clientId={client.id} />
        </Grid>
        <Grid size={12}>
          <RepOrders clientId={client.id} title="reps.orders.of_client" />
        </Grid>
      </Grid>
      {editing && rep && (
        <RepClientDialog
          repUserId={rep.id}
          client={client}
          onClose={() => setEditing(false)}
          onReload={refetch}
          onSaved={() => {
            setEditing(false);
            refetch();
          }}
        />
      )}
    </Stack>
  );
}

/** The client's orders in figures (cancelled orders are not sales). */
function Figures({ client }: { client: RepClient }) {
  const translate = useTranslate();
  const rows: [string, string][] = [
    ['order_count', String(client.order_count)],
    ['sales_total', formatMoney(client.sales_total)],
    ['last_order_at', client.last_order_at ? formatDate(client.last_order_at) : '—'],
  ];
  return (
    <Card>
      <CardHeader title={translate('reps.view.figures')} />
      <CardContent>
        <Facts rows={rows.map(([field, value]) => [translate(`reps.clients.fields.${field}`), <span data-testid={`rep-client-${field}`}>{value}</span>])} />
      </CardContent>
    </Card>
  );
}
