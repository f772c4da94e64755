import { useState } from 'react';
import { Alert, Box, Chip, List, ListItem, ListItemText, Pagination, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { Loading, Title, useTranslate } from 'react-admin';
import { formatDateTime } from '../../i18n/format';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { useApiGet } from '../shared/useApiGet';
import { PageHeading } from '../shared/PageHeading';
import { Facts } from '../shared/ResponsiveDatagrid';
import { EmptyText } from '../shared/SectionCard';
import { LabelButton } from '../shared/LabelButton';
import { useIsPhone } from '../shared/useIsPhone';

interface Notification {
  id: number;
  received_at: string;
  checkout_id: number | null;
  pf_payment_id: string;
  payment_status: string;
  amount_gross: string;
  caller: string;
  outcome: 'recorded' | 'not_paid' | 'refused';
  reason: string;
  payment_id: number | null;
}

const PER_PAGE = 25;
const outcomeColour = { recorded: 'success', not_paid: 'default', refused: 'error' } as const;

function Outcome({ notification }: { notification: Notification }) {
  const translate = useTranslate();
  return <Chip size="small" color={outcomeColour[notification.outcome]} label={translate(`billing.payfast.outcomes.${notification.outcome}`)} />;
}

/** Why: a refusal's check in words, a genuine notification's PayFast status as sent. */
function useReason() {
  const translate = useTranslate();
  return (notification: Notification) =>
    notification.outcome === 'refused' ? translate(`billing.payfast.reasons.${notification.reason}`, { _: notification.reason }) : notification.outcome === 'not_paid' ? notification.payment_status : '';
}

/**
 * `/billing/payfast-notifications` (admin): every notification PayFast (or anyone) posted, newest
 * first, with what was done: a payment recorded, nothing (not a completed payment), or refused and why.
 */
export default function PayfastNotificationsScreen() {
  const translate = useTranslate();
  const title = usePortalTitle('payfast_notifications');
  const isPhone = useIsPhone();
  const reason = useReason();
  const [page, setPage] = useState(1);
  const { data, error, refetch } = useApiGet<{ data: Notification[]; total: number }>('api/billing/payfast_notifications', { page, perPage: PER_PAGE, sort: 'id', order: 'DESC' });
  const heading = (key: string) => translate(`billing.payfast.log.${key}`);
  let body;
  if (error) {
    body = (
      <Alert severity="error" action={<LabelButton label="app.retry" onClick={refetch} />}>
        {error.message || translate('ra.notification.http_error')}
      </Alert>
    );
  } else if (!data) body = <Loading />;
  else if (data.data.length === 0) body = <EmptyText message="billing.payfast.log.empty" />;
  else if (isPhone) {
    body = (
      <List disablePadding aria-label={title}>
        {data.data.map((row) => (
          <ListItem key={row.id} disableGutters divider secondaryAction={<Outcome notification={row} />}>
            <ListItemText primary={`${row.pf_payment_id || '—'} · R ${row.amount_gross || '—'}`} secondary={<Facts parts={[formatDateTime(row.received_at), reason(row), row.caller]} />} />
          </ListItem>
        ))}
      </List>
    );
  } else {
    body = (
      <TableContainer>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              {['received_at', 'pf_payment_id', 'checkout', 'amount', 'caller', 'outcome', 'reason', 'payment'].map((key) => (
                <TableCell key={key}>{heading(key)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.data.map((row) => (
              <TableRow key={row.id} data-testid="payfast-notification">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.received_at)}</TableCell>
                <TableCell>
                  <bdi>{row.pf_payment_id}</bdi>
                </TableCell>
                <TableCell>{row.checkout_id ?? '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <bdi>{row.amount_gross}</bdi>
                </TableCell>
                <TableCell>
                  <bdi>{row.caller}</bdi>
                </TableCell>
                <TableCell>
                  <Outcome notification={row} />
                </TableCell>
                <TableCell>
                  <bdi>{reason(row)}</bdi>
                </TableCell>
                <TableCell>{row.payment_id ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );
  }
  const pages = data ? Math.ceil(data.total / PER_PAGE) : 0;
  return (
    <Stack spacing={2} sx={{ my: 2 }}>
      <Title title={title} />
      <PageHeading>{title}</PageHeading>
      {body}
      {pages > 1 && (
        <Box component="nav" aria-label={heading('pages')} sx={{ display: 'flex', justifyContent: 'center' }}>
          <Pagination
            count={pages}
            page={page}
            onChange={(_, next) => setPage(next)}
            siblingCount={0}
            getItemAriaLabel={(type, number, selected) => (type === 'page' ? translate(selected ? 'ra.navigation.current_page' : 'ra.navigation.page', { page: number }) : translate(`ra.navigation.${type}`))}
          />
        </Box>
      )}
    </Stack>
  );
}
