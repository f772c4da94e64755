import { Alert, FormControlLabel, LinearProgress, Radio, RadioGroup, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { allocateOldestFirst, allocationProblem } from '../../../shared/billing/accounts';
import { formatMoney } from '../../i18n/format';
import { formatDay } from '../../i18n/formatDay';
import { LabelButton } from '../shared/LabelButton';
import { MoneyField } from './FormFields';
import type { Allocation, DocumentSummary } from '../../../shared/billing/records';

export interface AllocationChoice {
  mode: 'oldest' | 'chosen';
  /** Chosen mode: cents per invoice id (null while not an amount). */
  amounts: Record<number, number | null>;
}

export const oldestFirst: AllocationChoice = { mode: 'oldest', amounts: {} };

const openOf = (invoices: DocumentSummary[]) => invoices.map((invoice) => ({ id: invoice.id, due: invoice.due_at, open: invoice.balance }));

/** What "oldest invoices first" allocates of `amount` over these invoices: the editor's preview, and what a caller that must name its allocations (a bank match) sends. */
export const oldestFirstOf = (amount: number, invoices: DocumentSummary[]) => allocateOldestFirst(amount, openOf(invoices));

/** What the payment call takes: nothing for oldest first (the server allocates), else the chosen amounts above zero. */
export function allocationsOf(choice: AllocationChoice): Allocation[] | undefined {
  if (choice.mode === 'oldest') return undefined;
  return Object.entries(choice.amounts)
    .filter(([, amount]) => amount !== null && amount > 0)
    .map(([invoiceId, amount]) => ({ invoice_id: Number(invoiceId), amount: amount! }));
}

/** Why the chosen allocations cannot be sent, as a message key and its values, or null. */
export function allocationTrouble(choice: AllocationChoice, amount: number | null, invoices: DocumentSummary[] | null): { key: string; values?: Record<string, unknown> } | null {
  if (choice.mode === 'oldest') return null;
  if (Object.values(choice.amounts).some((value) => value === null)) return { key: 'billing.allocations.invalid_amount' };
  if (amount === null || invoices === null) return null;
  const problem = allocationProblem(amount, allocationsOf(choice) ?? [], new Map(invoices.map((invoice) => [invoice.id, invoice.balance])));
  if (!problem) return null;
  return problem.field === 'allocations' ? { key: 'billing.allocations.too_much' } : { key: 'billing.allocations.over_invoice' };
}

/**
 * Where a payment goes: the oldest invoices first (what the server does by itself), or an amount
 * per open invoice of the client; whatever is not allocated stays on the account as credit.
 */
export function AllocationEditor({
  amount,
  invoices,
  failed,
  value,
  onChange,
}: {
  amount: number | null;
  invoices: DocumentSummary[] | null;
  failed: boolean;
  value: AllocationChoice;
  onChange: (choice: AllocationChoice) => void;
}) {
  const translate = useTranslate();
  if (failed) return <Alert severity="error">{translate('billing.allocations.load_failed')}</Alert>;
  if (invoices === null) return <LinearProgress aria-label={translate('app.loading')} />;
  const preview = oldestFirstOf(amount ?? 0, invoices);
  const shown = (invoiceId: number) => preview.allocations.find((allocation) => allocation.invoice_id === invoiceId)?.amount ?? 0;
  const allocated = value.mode === 'oldest' ? (amount ?? 0) - preview.unallocated : Object.values(value.amounts).reduce<number>((sum, cents) => sum + (cents ?? 0), 0);
  const left = (amount ?? 0) - allocated;
  const trouble = allocationTrouble(value, amount, invoices);
  const fillOldestFirst = () => onChange({ mode: 'chosen', amounts: Object.fromEntries(preview.allocations.map((allocation) => [allocation.invoice_id, allocation.amount])) });

  return (
    <Stack spacing={1}>
      <RadioGroup
        row
        value={value.mode}
        onChange={(event) => onChange(event.target.value === 'oldest' ? oldestFirst : { mode: 'chosen', amounts: {} })}
        aria-label={translate('billing.allocations.title')}
      >
        <FormControlLabel value="oldest" control={<Radio />} label={translate('billing.allocations.oldest_first')} />
        <FormControlLabel value="chosen" control={<Radio />} label={translate('billing.allocations.chosen')} />
      </RadioGroup>
      {invoices.length === 0 ? (
        <Typography color="text.secondary">{translate('billing.allocations.no_open_invoices')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={translate('billing.allocations.open_invoices')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('billing.document.number')}</TableCell>
                <TableCell>{translate('billing.document.due_at')}</TableCell>
                <TableCell align="right">{translate('billing.allocations.owing')}</TableCell>
                <TableCell align="right">{translate('billing.allocations.allocate')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {invoices.map((invoice) => (
                <TableRow key={invoice.id}>
                  <TableCell>{invoice.number}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(invoice.due_at)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(invoice.balance)}
                  </TableCell>
                  <TableCell align="right" sx={{ minWidth: 150 }}>
                    {value.mode === 'oldest' ? (
                      <span data-testid={`allocation-${invoice.id}`}>{formatMoney(shown(invoice.id))}</span>
                    ) : (
                      <MoneyField
                        size="small"
                        value={value.amounts[invoice.id] ?? null}
                        onChange={(cents) => onChange({ mode: 'chosen', amounts: { ...value.amounts, [invoice.id]: cents } })}
                        ariaLabel={translate('billing.allocations.amount_for', { number: invoice.number })}
                      />
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" data-testid="allocation-left">
          {translate('billing.allocations.left_as_credit', { amount: formatMoney(Math.max(0, left)) })}
        </Typography>
        {value.mode === 'chosen' && invoices.length > 0 && <LabelButton label="billing.allocations.fill_oldest" onClick={fillOldestFirst} />}
      </Stack>
      {trouble && (
        <Alert severity="warning" role="alert">
          {translate(trouble.key, trouble.values)}
        </Alert>
      )}
    </Stack>
  );
}
