import { useState } from 'react';
import AddCardIcon from '@mui/icons-material/AddCard';
import ReceiptIcon from '@mui/icons-material/Receipt';
import { Link as RouterLink } from 'react-router-dom';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import DescriptionIcon from '@mui/icons-material/Description';
import { Card, CardContent, CardHeader, Stack } from '@mui/material';
import { Button, ExportButton, FunctionField, List, ListBase, Pagination, SelectInput, TextField, TopToolbar, useListContext, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { formatMoney } from '../../i18n/format';
import { formatDay } from '../../i18n/formatDay';
import { useCore } from '../../providers/useCore';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { PriceField } from '../products/PriceField';
import { PortalDateInput } from '../shared/DateInputs';
import { PageHeading } from '../shared/PageHeading';
import { Facts, ResponsiveDatagrid, type PhoneRow } from '../shared/ResponsiveDatagrid';
import { EmptyText, ListEmptyText, RowAction } from '../shared/SectionCard';
import { useDownload } from './download';
import { paymentExporter } from './exporters';
import { DayColumn } from './DayColumn';
import { ConfirmPaymentDialog, RefusePaymentDialog } from './PendingPaymentDialogs';
import { RecordPaymentDialog } from './RecordPaymentDialog';
import { PaymentStatusChip } from './StatusChips';
import { paymentStatuses, type Payment } from '../../../shared/billing/records';

const statusChoices = paymentStatuses.map((id) => ({ id, name: `billing.payment_status.${id}` }));
const filters = [
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
  <PortalDateInput key="date_from" source="date_from" alwaysOn />,
  <PortalDateInput key="date_to" source="date_to" alwaysOn />,
];

/**
 * A payment's buttons: its proof of payment (admin and the member who sent it), and for an admin
 * a pending proof's confirm and refuse.
 */
export function PaymentActions({ payment: given }: { payment?: Payment }) {
  const record = useRecordContext<Payment>();
  const payment = given ?? record;
  const download = useDownload();
  const refresh = useRefresh();
  const isAdmin = useCore()?.user.role.role_name === 'admin';
  const [dialog, setDialog] = useState<'confirm' | 'refuse' | null>(null);
  if (!payment) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      {payment.has_proof && (
        <RowAction
          label="billing.payments.view_proof"
          icon={<DescriptionIcon fontSize="small" />}
          onClick={() => void download('api/billing/proof', { id: payment.id }, payment.proof_name ?? `proof-${payment.id}`, { localised: false })}
        />
      )}
      {isAdmin && payment.status === 'pending' && (
        <>
          <RowAction label="billing.payments.confirm" icon={<CheckIcon fontSize="small" color="success" />} onClick={() => setDialog('confirm')} />
          <RowAction label="billing.payments.refuse" icon={<CloseIcon fontSize="small" color="error" />} onClick={() => setDialog('refuse')} />
        </>
      )}
      {dialog === 'confirm' && <ConfirmPaymentDialog payment={payment} onClose={() => setDialog(null)} onDone={refresh} />}
      {dialog === 'refuse' && <RefusePaymentDialog payment={payment} onClose={() => setDialog(null)} onDone={refresh} />}
    </Stack>
  );
}

/** The invoices a payment went to, by number. */
export function AllocatedTo({ payment }: { payment: Payment }) {
  if (payment.allocations.length === 0) return <>—</>;
  return <>{payment.allocations.map((allocation) => `${allocation.number} (${formatMoney(allocation.amount)})`).join(', ')}</>;
}

/** On a phone: the client and the payment's state, then amount, reference and day; its buttons at the end. */
export const paymentPhoneRow = ({ withClient = true } = {}): PhoneRow<Payment> => ({
  primaryText: (payment) => (withClient ? payment.client_name : payment.reference),
  tertiaryText: (payment) => <PaymentStatusChip status={payment.status} />,
  secondaryText: (payment) => <Facts parts={[formatMoney(payment.amount), withClient && payment.reference, formatDay(payment.paid_at)]} />,
  actions: (payment) => <PaymentActions payment={payment} />,
});

/** The columns of a payments table; `withClient` false on a client's own page. */
export function PaymentColumns({ withClient = true, pendingFirst = false }: { withClient?: boolean; pendingFirst?: boolean }) {
  return (
    <ResponsiveDatagrid
      phone={paymentPhoneRow({ withClient })}
      bulkActionButtons={false}
      rowClick={false}
      empty={pendingFirst ? <EmptyText message="billing.payments.no_pending" /> : <ListEmptyText none="billing.payments.none" noMatch="billing.payments.no_match" />}
    >
      <DayColumn source="paid_at" />
      {withClient && <TextField source="client_name" />}
      <FunctionField source="reference" sortable={false} render={(payment: Payment) => <bdi>{payment.reference}</bdi>} />
      <PriceField source="amount" />
      <PriceField source="unallocated" sortable={false} />
      <FunctionField source="status" sortable={false} render={(payment: Payment) => <PaymentStatusChip status={payment.status} />} />
      <FunctionField source="allocations" sortable={false} render={(payment: Payment) => <AllocatedTo payment={payment} />} />
      <FunctionField source="refused_reason" sortable={false} render={(payment: Payment) => (payment.refused_reason ? <bdi>{payment.refused_reason}</bdi> : '')} />
      <PaymentActions />
    </ResponsiveDatagrid>
  );
}

/** Proofs of payment members sent that wait for the company, oldest first: on top of the payments. */
function PendingProofs() {
  const translate = useTranslate();
  return (
    <ListBase resource="payments" filter={{ status: 'pending' }} sort={{ field: 'paid_at', order: 'ASC' }} perPage={10} disableSyncWithLocation storeKey={false}>
      <Card variant="outlined" data-testid="pending-proofs">
        <CardHeader title={translate('billing.payments.pending_title')} subheader={<PendingCount />} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
        <CardContent sx={{ pt: 0 }}>
          <PaymentColumns pendingFirst />
          <Pagination rowsPerPageOptions={[10]} />
        </CardContent>
      </Card>
    </ListBase>
  );
}

function PendingCount() {
  const translate = useTranslate();
  const { total } = useListContext();
  return total ? <>{translate('billing.payments.pending_count', { smart_count: total })}</> : null;
}

function PaymentActionsBar() {
  const [recording, setRecording] = useState(false);
  const refresh = useRefresh();
  return (
    <TopToolbar>
      <Button label="billing.payments.record" onClick={() => setRecording(true)} variant="contained">
        <AddCardIcon />
      </Button>
      <ExportButton />
      <Button label="billing.payfast.log.link" component={RouterLink} to="/billing/payfast-notifications">
        <ReceiptIcon />
      </Button>
      {recording && <RecordPaymentDialog onClose={() => setRecording(false)} onRecorded={refresh} />}
    </TopToolbar>
  );
}

/**
 * /payments (admin): proofs of payment waiting for confirmation first, then every payment, newest
 * first; "Record payment" for money received, CSV export.
 */
export default function PaymentList() {
  const title = usePortalTitle('payments');
  return (
    <Stack spacing={2} sx={{ mb: 2 }}>
      <PageHeading>{title}</PageHeading>
      <PendingProofs />
      <List title={title} filters={filters} sort={{ field: 'paid_at', order: 'DESC' }} perPage={25} exporter={paymentExporter} actions={<PaymentActionsBar />} empty={false}>
        <PaymentColumns />
      </List>
    </Stack>
  );
}
