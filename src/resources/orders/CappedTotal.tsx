import { Alert, Button } from '@mui/material';
import { useListContext, useLocaleState, useTranslate } from 'react-admin';

/**
 * A search matching more orders than the server counts (`total_capped`: the total is a floor) says
 * so in words, "10,000+", and counts every one on a click (`exact_total`, a slower answer).
 */
export function CappedTotal() {
  const { meta, total, filterValues, setFilters } = useListContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!(meta as { total_capped?: boolean } | undefined)?.total_capped || total === undefined) return null;
  return (
    <Alert
      severity="info"
      sx={{ mb: 1 }}
      action={
        <Button color="inherit" size="small" onClick={() => setFilters({ ...filterValues, exact_total: true }, undefined)}>
          {translate('orders.capped_total.count_all')}
        </Button>
      }
    >
      {translate('orders.capped_total.matches', { count: total.toLocaleString(locale) })}
    </Alert>
  );
}
