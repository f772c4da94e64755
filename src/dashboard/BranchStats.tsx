import { Card, CardContent, Stack, Typography } from '@mui/material';
import { Loading, useGetList, useTranslate } from 'react-admin';
import { formatMoney } from '../i18n/format';
import { changeAgainst, StatusChart, type OrderStatsData } from '../resources/orders/OrderStats';

/** One branch's month: orders and value against last month, and the chart per status (orders/all `stats`). */
export function BranchStats({ branchId, name }: { branchId: number; name: string }) {
  const translate = useTranslate();
  const { meta, isPending } = useGetList('orders', { pagination: { page: 1, perPage: 1 }, sort: { field: 'created_at', order: 'DESC' }, filter: { branch_id: branchId } });
  const stats = (meta as { stats?: OrderStatsData } | undefined)?.stats;
  if (isPending || !stats) return <Loading />;
  const countChange = changeAgainst(stats.this_month.count, stats.last_month.count);
  const valueChange = changeAgainst(stats.this_month.value, stats.last_month.value);
  return (
    <Stack spacing={1} sx={{ height: '100%' }}>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2">
            {name}
          </Typography>
          <Typography>
            {translate('dashboard.branch_month', { smart_count: stats.this_month.count, value: formatMoney(stats.this_month.value) })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {[countChange, valueChange].every((c) => c === null)
              ? translate('dashboard.no_last_month')
              : translate('dashboard.against_last_month', { count: countChange ?? '—', value: valueChange ?? '—' })}
          </Typography>
        </CardContent>
      </Card>
      <StatusChart stats={stats} />
    </Stack>
  );
}
