import { lazy, Suspense, useEffect } from 'react';
import { Grid, Stack, Typography } from '@mui/material';
import { Loading, Title, useGetOne, type HttpError } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { useCore } from '../../providers/useCore';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { ClientUsersSection } from './ClientUsersSection';
import { AnswersSection, DetailsSection, MembershipSection, OrdersSection, type ClientDetails } from './ClientSections';
import { MemberBannersSlot } from './MemberBannersSlot';
import { DeliverabilitySection } from './DeliverabilitySection';
import { PrivacySection } from '../privacy/PrivacySection';
import { ConsentHistorySection } from '../privacy/ConsentHistorySection';

// The account section is its own chunk: the member's start page does not wait for the billing screens.
const AccountSection = lazy(() => import('../billing/AccountSection').then((module) => ({ default: module.AccountSection })));

/**
 * /clients/view/{clientid}: a member's page, the start page of stockists and individuals. A
 * client that is not the caller's answers 404, and so does this page (it goes to /404).
 */
export default function ClientView() {
  const { clientid } = useParams();
  const id = Number(clientid);
  const valid = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();
  const core = useCore();
  const pageTitle = usePortalTitle('client');
  const { data: client, error, refetch } = useGetOne<ClientDetails & { id: number }>(
    'members',
    { id },
    { enabled: valid, retry: false },
  );

  useEffect(() => {
    if (!valid || (error as HttpError | null)?.status === 404) navigate('/404', { replace: true });
  }, [valid, error, navigate]);

  // The members list leaves its rows in react-admin's cache: until clients/client answers, the
  // record may lack the orders, so their section waits.
  if (!client) return error ? null : <Loading />;
  const ordersLoaded = client.order_counts !== undefined;
  const role = core?.user.role.role_name;
  const isAdmin = role === 'admin';
  const isOwn = core?.user.client?.id === client.id;
  const reload = () => void refetch();

  return (
    <Stack spacing={2} sx={{ my: 2 }}>
      <Title title={pageTitle} />
      <Typography variant="h5" component="h1">
        <Typography variant="overline" component="span" color="text.secondary" sx={{ display: 'block', lineHeight: 1.5 }}>
          {pageTitle}
        </Typography>
        {client.name}
      </Typography>
      <MemberBannersSlot clientId={client.id} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <DetailsSection client={client} isAdmin={isAdmin} onSaved={reload} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={2}>
            <MembershipSection client={client} isAdmin={isAdmin} onSaved={reload} />
            <AnswersSection client={client} canEdit={isAdmin || isOwn} onSaved={reload} />
            {/* Bounces and unsubscribes: the company's view of its list mail. */}
            {isAdmin && <DeliverabilitySection clientId={client.id} email={client.email} />}
            {/* POPIA: the admin exports the member's data and records an erasure request. */}
            {isAdmin && <PrivacySection clientId={client.id} isAdmin />}
            {/* POPIA: the consent to marketing mail behind it, with its proof. */}
            {isAdmin && <ConsentHistorySection subject={{ client_id: client.id }} />}
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ClientUsersSection clientId={client.id} canManage={isAdmin} canAdd={(isAdmin || isOwn) && !client.archived} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          {ordersLoaded ? <OrdersSection client={client} /> : <Loading />}
        </Grid>
        {/* The account: the member's own, or any client's for the company. */}
        {(isAdmin || isOwn) && (
          <Grid size={12}>
            <Suspense fallback={<Loading />}>
              <AccountSection client={client} isAdmin={isAdmin} canUploadProof={isOwn && (role === 'stockist' || role === 'individual')} />
            </Suspense>
          </Grid>
        )}
      </Grid>
    </Stack>
  );
}
