import { useState } from 'react';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutline';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import { Alert, Card, CardContent, Grid, Link, List, ListItem, ListItemText, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Button, Loading, Title, useGetOne, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatMoney } from '../../i18n/format';
import { formatDay } from '../../i18n/formatDay';
import { useCore } from '../../providers/useCore';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { orderPath } from '../orders/statuses';
import { LabelButton } from '../shared/LabelButton';
import { Panel } from '../orders/Panel';
import { Facts } from '../shared/ResponsiveDatagrid';
import { EmptyText } from '../shared/SectionCard';
import { useIsPhone } from '../shared/useIsPhone';
import { useNotFoundPage, usePathId } from '../shared/useRecordPage';
import { CreditNoteDialog, remainingOf } from './CreditNoteDialog';
import { DebitNoteDialog } from './DebitNoteDialog';
import { ClassTotalsTable, DocumentLines, HeaderFact, PartyCard } from './DocumentParts';
import { PdfButton } from './PdfButton';
import { PayNowButton } from './PayNow';
import { DocumentStatusChip } from './StatusChips';
import type { BillingDocument } from '../../../shared/billing/records';

const statusOf = (error: unknown) => (error as { status?: number } | null)?.status;

/** The credit and debit notes on an invoice, each with its PDF: a table, or a block each on a phone. */
function InvoiceNotes({ notes }: { notes: BillingDocument['notes'] }) {
  const translate = useTranslate();
  const isPhone = useIsPhone();
  const signed = (note: BillingDocument['notes'][number]) => formatMoney(note.type === 'credit_note' ? -note.total : note.total);
  const kind = (note: BillingDocument['notes'][number]) => translate(`billing.document_types.${note.type}`, { _: note.type });
  if (isPhone) {
    return (
      <List disablePadding aria-label={translate('billing.invoice.notes')}>
        {notes.map((note) => (
          <ListItem key={note.id} disableGutters divider secondaryAction={<PdfButton kind="note" id={note.id} number={note.number} label="billing.document.pdf" />}>
            <ListItemText
              primary={`${note.number} · ${signed(note)}`}
              secondary={<Facts parts={[kind(note), formatDay(note.issue_date), <bdi key="reason">{note.reason}</bdi>]} />}
            />
          </ListItem>
        ))}
      </List>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={translate('billing.invoice.notes')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('billing.document.number')}</TableCell>
            <TableCell>{translate('billing.document.issue_date')}</TableCell>
            <TableCell>{translate('billing.document.reason')}</TableCell>
            <TableCell align="right">{translate('billing.lines.total')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {notes.map((note) => (
            <TableRow key={note.id}>
              <TableCell>
                {note.number}
                <Typography variant="caption" color="text.secondary" component="div">
                  {kind(note)}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(note.issue_date)}</TableCell>
              <TableCell>
                <bdi>{note.reason}</bdi>
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {signed(note)}
              </TableCell>
              <TableCell align="right">
                <PdfButton kind="note" id={note.id} number={note.number} label="billing.document.pdf" />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * `/invoices/{invoiceid}`: a tax invoice as issued: its header and parties, the lines with their
 * VAT, totals per VAT class, the credit and debit notes and payments against it, and its PDF. An
 * admin issues credit and debit notes from here. An invoice the caller may not see answers 404,
 * and so does this page.
 */
export default function InvoiceView() {
  const translate = useTranslate();
  const pageTitle = usePortalTitle('invoice');
  const core = useCore();
  const { id, valid } = usePathId('invoiceid');
  const [dialog, setDialog] = useState<'credit' | 'debit' | null>(null);
  const { data: invoice, error, refetch } = useGetOne<BillingDocument>(
    'invoices',
    { id },
    { enabled: valid, retry: (failures, failure) => statusOf(failure) !== 404 && failures < 2 },
  );
  useNotFoundPage(!valid || statusOf(error) === 404);

  if (error && statusOf(error) !== 404) {
    return (
      <Alert severity="error" sx={{ my: 2 }} action={<LabelButton label="app.retry" onClick={() => refetch()} />}>
        {(error as Error).message || translate('ra.notification.http_error')}
      </Alert>
    );
  }
  // The list leaves its rows in react-admin's cache: wait for the document with its lines.
  if (!invoice || invoice.lines === undefined) return <Loading />;
  const role = core?.user.role.role_name;
  const isAdmin = role === 'admin';
  const isMember = role === 'stockist' || role === 'individual';
  const creditable = invoice.lines.some((line) => remainingOf(line) > 0);
  const reload = () => void refetch();

  return (
    <Stack spacing={2} sx={{ my: 2 }}>
      <Title title={`${pageTitle} ${invoice.number}`} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h5" component="h1">
          {translate('billing.invoice.title', { number: invoice.number })}
        </Typography>
        <DocumentStatusChip status={invoice.status} />
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', marginInlineStart: 'auto !important' }}>
          <PdfButton kind="invoice" id={invoice.id} number={invoice.number} />
          {isMember && invoice.balance > 0 && <PayNowButton invoiceId={invoice.id} />}
          {isAdmin && (
            <>
              <Button label="billing.credit_note.action" onClick={() => setDialog('credit')} disabled={!creditable}>
                <RemoveCircleOutlineIcon />
              </Button>
              <Button label="billing.debit_note.action" onClick={() => setDialog('debit')}>
                <AddCircleOutlineIcon />
              </Button>
            </>
          )}
        </Stack>
      </Stack>
      <Card variant="outlined">
        <CardContent>
          <Grid container spacing={2}>
            <Grid size={{ xs: 6, sm: 3 }}>
              <HeaderFact label="billing.document.issue_date">{formatDay(invoice.issue_date)}</HeaderFact>
            </Grid>
            <Grid size={{ xs: 6, sm: 3 }}>
              <HeaderFact label="billing.document.supply_date">{formatDay(invoice.supply_date)}</HeaderFact>
            </Grid>
            <Grid size={{ xs: 6, sm: 3 }}>
              <HeaderFact label="billing.document.due_at">{formatDay(invoice.due_at)}</HeaderFact>
            </Grid>
            <Grid size={{ xs: 6, sm: 3 }}>
              <HeaderFact label="billing.document.order">
                {invoice.order_id ? (
                  <Link component={RouterLink} to={orderPath(role, invoice.order_id)}>
                    {invoice.order_reference ?? `#${invoice.order_id}`}
                  </Link>
                ) : (
                  '—'
                )}
              </HeaderFact>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <HeaderFact label="billing.document.client">
                {isAdmin ? (
                  <Link component={RouterLink} to={`/clients/view/${invoice.client_id}`}>
                    <bdi>{invoice.client_name}</bdi>
                  </Link>
                ) : (
                  <bdi>{invoice.client_name}</bdi>
                )}
              </HeaderFact>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <HeaderFact label="billing.document.kind">{translate(invoice.full ? 'billing.invoice.full' : 'billing.invoice.abridged')}</HeaderFact>
            </Grid>
            <Grid size={12}>
              <Typography variant="body2" color="text.secondary">
                {translate(invoice.prices_include_vat ? 'billing.document.prices_incl' : 'billing.document.prices_excl')}
              </Typography>
            </Grid>
          </Grid>
        </CardContent>
      </Card>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <PartyCard title="billing.document.supplier" party={invoice.supplier} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <PartyCard title="billing.document.recipient" party={invoice.recipient} />
        </Grid>
      </Grid>
      <Panel title="billing.lines.title">
        <DocumentLines lines={invoice.lines} showCredited={invoice.lines.some((line) => (line.credited_quantity ?? 0) > 0)} />
      </Panel>
      <Panel title="billing.document.totals">
        <ClassTotalsTable
          byClass={invoice.by_class}
          totals={invoice}
          extra={
            <TableRow>
              <TableCell colSpan={3} sx={{ fontWeight: 700, color: 'text.primary' }}>
                {translate('billing.document.balance')}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 700, color: 'text.primary', whiteSpace: 'nowrap' }} data-testid="invoice-balance">
                {formatMoney(invoice.balance)}
              </TableCell>
            </TableRow>
          }
        />
      </Panel>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Panel title="billing.invoice.notes">
            {invoice.notes.length === 0 ? (
              <EmptyText message="billing.invoice.no_notes" />
            ) : (
              <InvoiceNotes notes={invoice.notes} />
            )}
          </Panel>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Panel title="billing.invoice.allocations">
            {invoice.allocations.length === 0 ? (
              <EmptyText message="billing.invoice.no_allocations" />
            ) : (
              <TableContainer>
                <Table size="small" aria-label={translate('billing.invoice.allocations')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate('resources.payments.fields.paid_at')}</TableCell>
                      <TableCell>{translate('resources.payments.fields.reference')}</TableCell>
                      <TableCell align="right">{translate('resources.payments.fields.amount')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {invoice.allocations.map((allocation) => (
                      <TableRow key={allocation.payment_id}>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(allocation.paid_at)}</TableCell>
                        <TableCell>
                          <bdi>{allocation.reference}</bdi>
                        </TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {formatMoney(allocation.amount)}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </Panel>
        </Grid>
      </Grid>
      {dialog === 'credit' && <CreditNoteDialog invoice={invoice} onClose={() => setDialog(null)} onIssued={reload} />}
      {dialog === 'debit' && <DebitNoteDialog invoice={invoice} onClose={() => setDialog(null)} onIssued={reload} />}
    </Stack>
  );
}
