import { Alert, Card, CardContent, LinearProgress } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LabelButton } from '../resources/shared/LabelButton';
import { SalesChartCard } from '../resources/reports/SalesChartCard';
import { useSalesReport, type DashboardQuery } from './useSalesReport';

/**
 * A dashboard's sales chart with its table: the analytics screen's chart card over the caller's
 * own figures (a rep's clients, a member's account), its bars opening the invoices behind them.
 */
export function SalesChart({ id, title, query }: { id: string; title: string; query: DashboardQuery }) {
  const translate = useTranslate();
  const { data, error, refetch } = useSalesReport(query);
  if (error || !data)
    return (
      <Card data-testid={`sales-chart-${id}`}>
        <CardContent>
          {error ? (
            <Alert severity="error" action={<LabelButton label="app.retry" onClick={refetch} />}>
              {error.message || translate('ra.notification.http_error')}
            </Alert>
          ) : (
            <LinearProgress aria-label={translate('app.loading')} />
          )}
        </CardContent>
      </Card>
    );
  return (
    <SalesChartCard
      id={id}
      title={title}
      groupBy={query.groupBy}
      report={data}
      filters={query.filters}
      compareLabel={query.compare ? translate(`reports.compare_${query.compare}`) : undefined}
    />
  );
}
