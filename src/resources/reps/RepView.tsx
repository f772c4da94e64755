import { lazy, Suspense, useState } from 'react';
import { Chip, Grid, Stack, Typography } from '@mui/material';
import { Loading, Title, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useCore } from '../../providers/useCore';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { BranchName } from '../members/MemberFields';
import { LinkClientsDialog } from './LinkClientsDialog';
import { RepClientDialog } from './RepClientDialog';
import { RepClientsCard, initialClientsQuery, type RepClientsQuery } from './RepClientsCard';
import { RepOrders } from './RepOrders';
import type { RepAnswer } from './types';
import { useApiGet } from '../shared/useApiGet';
import { useNotFoundPage, usePathId } from '../shared/useRecordPage';

// The reseller's start page: its clients' balances come as a chunk of their own.
const RepBalances = lazy(() => import('../billing/RepBalances').then((module) => ({ default: module.RepBalances })));

/**
 * /reps/view/{repid}: a rep's clients and their orders; the reseller's start page. A reseller
 * creates clients and orders for them; an admin also links clients. Another rep's page (for a
 * reseller) or a user who is not a rep answers 404, and so does this page.
 */
export default function RepView() {
  const navigate = useNavigate();
  const { id, valid } = usePathId('repid');
  const translate = useTranslate();
  const core = useCore();
  const pageTitle = usePortalTitle('rep');
  const isAdmin = core?.user.role.role_name === 'admin';
  const [query, setQuery] = useState<RepClientsQuery>(initialClientsQuery);
  const [dialog, setDialog] = useState<'create' | 'link' | null>(null);
  const { data, error, refetch } = useApiGet<RepAnswer>(
    'api/reps/rep',
    { rep_user_id: id, page: query.page, perPage: query.perPage, sort: query.sort, order: query.order, q: query.q, all_clients_per_page: 1 },
    valid,
  );
  useNotFoundPage(!valid || error?.status === 404);

  if (!data) return error ? null : <Loading />;
  const { rep, rep_clients } = data.data;
  const own = core?.user.id === rep.id;

  return (
    <Stack spacing={2} sx={{ my: 2 }}>
      <Title title={`${pageTitle} ${rep.name}`} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {own ? translate('reps.view.own_title') : rep.name}
        </Typography>
        {!rep.active && <Chip size="small" color="warning" label={translate('reps.view.inactive')} />}
      </Stack>
      <Typography color="text.secondary">
        {[rep.name, rep.email].join(' · ')} · <BranchName id={rep.branch_id} />
      </Typography>
      <Grid container spacing={2}>
        <Grid size={12}>
          <RepClientsCard
            clients={rep_clients}
            query={query}
            onQuery={setQuery}
            onCreate={() => setDialog('create')}
            onLink={isAdmin ? () => setDialog('link') : undefined}
          />
        </Grid>
        {own && (
          <Grid size={12}>
            <Suspense fallback={<Loading />}>
              <RepBalances />
            </Suspense>
          </Grid>
        )}
        <Grid size={12}>{own ? <RepOrders title="reps.orders.title" /> : <OrdersOnClientPages />}</Grid>
      </Grid>
      {dialog === 'create' && (
        <RepClientDialog repUserId={rep.id} onClose={() => setDialog(null)} onSaved={(client) => navigate(`/reps/view/client/${client.id}`)} />
      )}
      {dialog === 'link' && <LinkClientsDialog rep={rep} onClose={() => setDialog(null)} onSaved={refetch} />}
    </Stack>
  );
}

/** What the admin sees under another rep's clients: the orders are on each client's page. */
function OrdersOnClientPages() {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" variant="body2">
      {translate('reps.view.orders_on_client_pages')}
    </Typography>
  );
}
