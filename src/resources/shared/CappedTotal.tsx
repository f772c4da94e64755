import { Alert, Button } from '@mui/material';
import { useListContext, useLocaleState, useTranslate } from 'react-admin';

/**
 * A search matching more rows than the server counts (`total_capped`: the total is a floor) says
 * so in words, "10,000+", and counts every one on a click (`exact_total`, a slower answer).
 * `messages`: the list's own `matches` and `count_all` texts (orders match, members match).
 */
export function CappedTotal({ messages }: { messages: 'orders.capped_total' | 'members.capped_total' }) {
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
          {translate(`${messages}.count_all`)}
        </Button>
      }
    >
      {translate(`${messages}.matches`, { count: total.toLocaleString(locale) })}
    </Alert>
  );
}
