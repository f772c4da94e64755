import { Box, Link } from '@mui/material';
import { FunctionField, ListBase, Pagination, TextField, useTranslate, type RaRecord } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatMoney } from '../../i18n/format';
import { formatDay } from '../../i18n/formatDay';
import { PriceField } from '../products/PriceField';
import { Facts, ResponsiveDatagrid, type PhoneRow } from '../shared/ResponsiveDatagrid';
import { EmptyText } from '../shared/SectionCard';
import { DayColumn } from './DayColumn';
import { invoicePath } from './paths';
import { PdfButton } from './PdfButton';
import { PaymentColumns } from './PaymentList';
import { DocumentStatusChip } from './StatusChips';
import type { DocumentSummary } from '../../../shared/billing/records';

const noteKind = (document: DocumentSummary) => (document.type === 'invoice' ? 'invoice' : 'note');

function DocumentNumber({ document }: { document: DocumentSummary }) {
  if (document.type !== 'invoice') return <bdi>{document.number}</bdi>;
  return (
    <Link component={RouterLink} to={invoicePath(document.id)}>
      {document.number}
    </Link>
  );
}

/** A client's invoices (`resource` invoices) or its credit and debit notes (billing-notes), newest first, each with its PDF. */
export function ClientDocuments({ clientId, resource }: { clientId: number; resource: 'invoices' | 'billing-notes' }) {
  const translate = useTranslate();
  const invoices = resource === 'invoices';
  const phoneRow: PhoneRow<DocumentSummary> = {
    primaryText: (document) => <DocumentNumber document={document} />,
    tertiaryText: (document) => (invoices ? <DocumentStatusChip status={document.status} /> : formatMoney(document.total)),
    secondaryText: (document) => (
      <Facts parts={[formatDay(document.issue_date), invoices ? formatMoney(document.total) : translate(`billing.document_types.${document.type}`), invoices ? null : document.invoice_number]} />
    ),
    actions: (document) => <PdfButton kind={noteKind(document)} id={document.id} number={document.number} label="billing.document.pdf" />,
  };
  return (
    <ListBase resource={resource} filter={{ client_id: clientId }} sort={{ field: 'issue_date', order: 'DESC' }} perPage={10} disableSyncWithLocation storeKey={false}>
      <ResponsiveDatagrid
        phone={phoneRow}
        bulkActionButtons={false}
        rowClick={false}
        empty={<Box sx={{ py: 1 }}><EmptyText message={invoices ? 'billing.account.no_invoices' : 'billing.account.no_notes'} /></Box>}
      >
        <FunctionField source="number" render={(document: DocumentSummary) => <DocumentNumber document={document} />} />
        <DayColumn source="issue_date" />
        {invoices ? <DayColumn source="due_at" /> : <FunctionField source="type" sortable={false} render={(document: DocumentSummary) => translate(`billing.document_types.${document.type}`)} />}
        {!invoices && <TextField source="invoice_number" sortable={false} />}
        <PriceField source="total" />
        {invoices && <PriceField source="balance" sortable={false} />}
        {invoices && <FunctionField source="status" sortable={false} render={(document: DocumentSummary) => <DocumentStatusChip status={document.status} />} />}
        <FunctionField
          source="pdf"
          label=""
          sortable={false}
          render={(document: RaRecord) => <PdfButton kind={noteKind(document as DocumentSummary)} id={document.id as number} number={document.number as string} label="billing.document.pdf" />}
        />
      </ResponsiveDatagrid>
      <Pagination rowsPerPageOptions={[10]} />
    </ListBase>
  );
}

/** A client's payments, newest first (pending proofs included, with their state). */
export function ClientPayments({ clientId }: { clientId: number }) {
  return (
    <ListBase resource="payments" filter={{ client_id: clientId }} sort={{ field: 'paid_at', order: 'DESC' }} perPage={10} disableSyncWithLocation storeKey={false}>
      <PaymentColumns withClient={false} />
      <Pagination rowsPerPageOptions={[10]} />
    </ListBase>
  );
}
