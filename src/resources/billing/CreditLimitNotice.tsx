import { Alert, AlertTitle, Box, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatMoney } from '../../i18n/format';
import type { CreditPosition } from '../../../shared/billing/records';

export const MIN_OVERRIDE_REASON = 3;

/**
 * An order that would take the client past its credit limit: the quote's warning before placing,
 * the server's refusal (a 409 from orders/create) after, and for an admin the reason to go over it
 * anyway (sent as `credit_override_reason` and audited).
 */
export function CreditLimitNotice({
  credit,
  refusal,
  isAdmin,
  reason,
  onReason,
}: {
  credit: CreditPosition | null | undefined;
  /** The server's message when it refused the order. */
  refusal: string | null;
  isAdmin: boolean;
  reason: string;
  onReason: (reason: string) => void;
}) {
  const translate = useTranslate();
  const over = credit && credit.over_by > 0 ? credit : null;
  if (!over && refusal === null) return null;
  return (
    <>
      {refusal !== null ? (
        <Alert severity="error" role="alert" data-testid="credit-refusal">
          <AlertTitle>{translate('billing.orders.refused_title')}</AlertTitle>
          {/* The figures in the user's language where the quote has them, and the server's own words. */}
          {over && <Box>{translate('billing.orders.over_limit_warning', { amount: formatMoney(over.over_by), limit: formatMoney(over.limit) })}</Box>}
          <Box sx={over ? { typography: 'body2', mt: 0.5 } : undefined}>{refusal}</Box>
        </Alert>
      ) : (
        <Alert severity="warning" data-testid="credit-warning">
          {translate('billing.orders.over_limit_warning', { amount: formatMoney(over!.over_by), limit: formatMoney(over!.limit) })}
        </Alert>
      )}
      {isAdmin && (
        <TextField
          label={translate('billing.orders.override_reason')}
          name="credit_override_reason"
          value={reason}
          onChange={(event) => onReason(event.target.value)}
          required
          multiline
          minRows={2}
          error={reason.trim() !== '' && reason.trim().length < MIN_OVERRIDE_REASON}
          helperText={translate('billing.orders.override_hint', { min: MIN_OVERRIDE_REASON })}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      )}
    </>
  );
}

/** The server's reason for refusing an order over the limit (409 with `errors.credit_limit`), or null for any other failure. */
export function creditRefusalOf(error: unknown): string | null {
  const failure = error as { status?: number; errors?: Record<string, string>; message?: string } | null;
  if (failure?.status !== 409 || !failure.errors?.credit_limit) return null;
  return failure.errors.credit_limit;
}
