import { Button, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatMoney } from '../i18n/format';
import { monthOf } from '../../shared/commissions/months';
import type { CommissionStatement } from '../../shared/commissions/statement';
import { useApiGet } from '../resources/shared/useApiGet';
import { DashboardCard } from './DashboardCard';

/** A rep's month so far (api/commissions/statement, its own running month): the target, what its clients paid, the commission. */
export function CommissionCard({ today }: { today: string }) {
  const translate = useTranslate();
  const { data, error, refetch } = useApiGet<{ data: CommissionStatement }>('api/commissions/statement', { month: monthOf(today) });
  const statement = data?.data;
  const figures = statement
    ? [
        { id: 'target', label: translate('reports.dashboard.target'), value: statement.target === null ? translate('reports.dashboard.no_target') : formatMoney(statement.target) },
        { id: 'paid', label: translate('reports.dashboard.paid_net'), value: formatMoney(statement.paid_net) },
        { id: 'commission', label: translate('reports.dashboard.commission'), value: formatMoney(statement.commission), strong: true },
      ]
    : [];
  const reached = statement && statement.target !== null && statement.target > 0 ? Math.round((statement.paid_net / statement.target) * 100) : null;
  return (
    <DashboardCard
      id="commission"
      title={translate('reports.dashboard.commission_month')}
      ready={statement !== undefined}
      error={error}
      retry={refetch}
      actions={
        <Button component={Link} to="/commissions">
          {translate('reports.dashboard.commission_statement')}
        </Button>
      }
    >
      {figures.map((figure) => (
        <Stack key={figure.id} direction="row" sx={{ justifyContent: 'space-between', gap: 2, pt: 0.5 }}>
          <Typography variant="body2" sx={{ fontWeight: figure.strong ? 700 : undefined }}>
            {figure.label}
          </Typography>
          <Typography variant="body2" data-testid={`commission-${figure.id}`} sx={{ fontWeight: figure.strong ? 700 : undefined }}>
            {figure.value}
          </Typography>
        </Stack>
      ))}
      {reached !== null && (
        <Typography variant="body2" color="text.secondary" sx={{ pt: 1 }}>
          {translate('reports.dashboard.target_reached', { percent: reached })}
        </Typography>
      )}
    </DashboardCard>
  );
}
