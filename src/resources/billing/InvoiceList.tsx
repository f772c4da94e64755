import { Alert, Button } from '@mui/material';
import { ExportButton, FunctionField, List, SearchInput, SelectInput, TextField, TopToolbar, useListContext, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { formatMoney } from '../../i18n/format';
import { formatDay } from '../../i18n/formatDay';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { PriceField } from '../products/PriceField';
import { PortalDateInput } from '../shared/DateInputs';
import { PageHeading } from '../shared/PageHeading';
import { Facts, ResponsiveDatagrid, type PhoneRow } from '../shared/ResponsiveDatagrid';
import { ListEmptyText } from '../shared/SectionCard';
import { AccountingExportButton } from './AccountingExportButton';
import { DayColumn } from './DayColumn';
import { invoiceExporter } from './exporters';
import { invoicePath } from './paths';
import { DocumentStatusChip } from './StatusChips';
import { statusFilters, type DocumentSummary } from '../../../shared/billing/records';

/** A tax invoice is its number (the list's usual rows); a note (a drill-down's) says what it is beside it. */
function DocumentNumber({ document }: { document: DocumentSummary }) {
  const translate = useTranslate();
  return document.type === 'invoice' ? <>{document.number}</> : <>{`${document.number} · ${translate(`billing.document_types.${document.type}`)}`}</>;
}

const statusChoices = statusFilters.map((id) => ({ id, name: `billing.status.${id}` }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
  <PortalDateInput key="date_from" source="date_from" alwaysOn />,
  <PortalDateInput key="date_to" source="date_to" alwaysOn />,
];

/** On a phone: the number and its state, then the client, the total and when it is due. */
const phoneRow: PhoneRow<DocumentSummary> = {
  primaryText: (invoice) => <DocumentNumber document={invoice} />,
  tertiaryText: (invoice) => <DocumentStatusChip status={invoice.status} />,
  secondaryText: (invoice) => <Facts parts={[invoice.client_name, formatMoney(invoice.total), formatDay(invoice.issue_date)]} />,
};

/**
 * Opened from a sales chart's bar (`register` in the filter): the list holds the register's
 * documents behind that figure, credit and debit notes included, so it says so and offers the
 * whole list back.
 */
function RegisterNotice() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  if (!filterValues.register) return null;
  return (
    <Alert severity="info" sx={{ m: 1 }} action={<Button onClick={() => setFilters({}, {})}>{translate('billing.invoices.all_invoices')}</Button>}>
      {translate('billing.invoices.behind_figure')}
    </Alert>
  );
}

/** A note opens on its invoice's page, where the invoice's notes are. */
const documentPath = (id: Identifier, _resource: string, record: RaRecord) => invoicePath((record as unknown as DocumentSummary).invoice_id ?? id);

/**
 * /invoices (admin): every tax invoice, newest first, filtered and sorted by the server, with its
 * state (open, partly paid, paid, overdue, credited) and what it still owes; CSV export.
 */
export default function InvoiceList() {
  const title = usePortalTitle('invoices');
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <List title={title} filters={filters} sort={{ field: 'issue_date', order: 'DESC' }} perPage={25} exporter={invoiceExporter}
        empty={false}
        actions={
          <TopToolbar>
            <ExportButton />
            <AccountingExportButton />
          </TopToolbar>
        }
      >
        <RegisterNotice />
        <ResponsiveDatagrid
          phone={phoneRow}
          rowClick={documentPath}
          bulkActionButtons={false}
          empty={<ListEmptyText none="billing.invoices.none" noMatch="billing.invoices.no_match" />}
        >
          <FunctionField source="number" render={(document: DocumentSummary) => <DocumentNumber document={document} />} />
          <DayColumn source="issue_date" />
          <TextField source="client_name" />
          <TextField source="order_reference" sortable={false} emptyText="—" />
          <DayColumn source="due_at" />
          <PriceField source="total" />
          <PriceField source="balance" sortable={false} />
          <FunctionField source="status" sortable={false} render={(invoice: DocumentSummary) => <DocumentStatusChip status={invoice.status} />} />
        </ResponsiveDatagrid>
      </List>
    </>
  );
}
