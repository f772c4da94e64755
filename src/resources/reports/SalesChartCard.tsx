import { Box, Card, CardContent, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import type { BarItemIdentifier } from '@mui/x-charts/models';
import { useLocaleState, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { bucketsOf, type SalesGrouping } from '../../../shared/reports/periods';
import { drillDownFilter, type ReportFilters } from '../../../shared/reports/drillDown';
import { invoiceListPath } from '../billing/paths';
import { isRtl } from '../../i18n/localePreference';
import type { Locale } from '../../../i18n/locales';
import { FiguresTable } from './FiguresTable';
import { rowLabel, type SalesReport } from './salesReport';

const CURRENT = 'current';
const COMPARE = 'compare';

/**
 * Where a bar leads: the invoices list holding the documents it counted — the row's dimension
 * over the bar's period (a comparison bar's month or week is the comparison period's at the same
 * place). Null for a row that stands for no one list ("others", "none").
 */
function drillDownPaths(report: SalesReport, groupBy: SalesGrouping, filters: ReportFilters) {
  const timeline = groupBy === 'month' || groupBy === 'week';
  const compareKeys = timeline && report.compare_period ? bucketsOf(report.compare_period, groupBy) : [];
  const path = (key: string | undefined, period: { from: string; to: string } | undefined) => {
    const filter = key !== undefined && period ? drillDownFilter(groupBy, key, period, filters) : null;
    return filter ? invoiceListPath(filter) : null;
  };
  return {
    current: (index: number) => path(report.data[index]?.key, report.period),
    compare: (index: number) => path(timeline ? compareKeys[index] : report.data[index]?.key, report.compare_period),
  };
}

/**
 * One chart and its table: net sales (excluding VAT) per row, against the comparison period when
 * there is one. Months and weeks stand as columns in time order; ranked rows (top products,
 * clients…) as bars across, so long names fit a phone. In Arabic the axis runs right to left and
 * the numbers are written the Arabic way. A bar opens the invoices behind it; so does its row's
 * name in the table, for keyboards and screen readers (the chart itself is hidden from them).
 * `filters` are the report's own, carried into the invoices list.
 */
export function SalesChartCard({
  id,
  title,
  groupBy,
  report,
  compareLabel,
  filters = {},
}: {
  id: string;
  title: string;
  groupBy: SalesGrouping;
  report: SalesReport;
  compareLabel?: string;
  filters?: ReportFilters;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const paths = drillDownPaths(report, groupBy, filters);
  const onItemClick = (_event: unknown, bar: BarItemIdentifier) => {
    const to = bar.seriesId === COMPARE ? paths.compare(bar.dataIndex) : paths.current(bar.dataIndex);
    if (to) navigate(to);
  };
  const [locale] = useLocaleState();
  const rtl = isRtl(locale as Locale);
  const labels = report.data.map((row) => rowLabel(row, groupBy, locale, translate));
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const rand = (cents: number | null) => (cents === null ? '' : `R ${number.format(Math.round(cents / 100))}`);
  const comparing = report.compare_period !== undefined;
  const timeline = groupBy === 'month' || groupBy === 'week';
  const series = [
    { id: CURRENT, data: report.data.map((row) => row.net), label: translate('reports.this_period'), valueFormatter: rand },
    ...(comparing ? [{ id: COMPARE, data: report.data.map((row) => row.compare?.net ?? 0), label: compareLabel ?? translate('reports.compare_period'), valueFormatter: rand }] : []),
  ];
  const band = { scaleType: 'band' as const, data: labels };
  const value = { valueFormatter: (v: number) => compact.format(v / 100) };
  const empty = report.data.length === 0;

  return (
    <Card component="section" aria-labelledby={`${id}-title`} data-testid={`sales-chart-${id}`}>
      <CardContent>
        <Typography id={`${id}-title`} variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {empty ? (
          <Typography color="text.secondary">{translate('reports.no_sales')}</Typography>
        ) : (
          // The chart is a picture of the table below it: assistive technology reads the table, and
          // the keyboard skips the chart (its own keyboard navigation would put the focus inside
          // what is hidden from screen readers).
          <Box aria-hidden="true" dir={rtl ? 'rtl' : 'ltr'} sx={{ width: '100%', '& .MuiBarChart-element': { cursor: 'pointer' }, '@media print': { breakInside: 'avoid' } }}>
            {timeline ? (
              <BarChart disableKeyboardNavigation height={300} series={series} xAxis={[{ ...band, reverse: rtl }]} yAxis={[{ ...value, position: rtl ? 'right' : 'left' }]} onItemClick={onItemClick} />
            ) : (
              <BarChart
                disableKeyboardNavigation
                onItemClick={onItemClick}
                height={Math.max(200, 40 * report.data.length + 80)}
                layout="horizontal"
                series={series}
                yAxis={[{ ...band, width: 110, position: rtl ? 'right' : 'left' }]}
                xAxis={[{ ...value, reverse: rtl }]}
              />
            )}
          </Box>
        )}
        <FiguresTable
          caption={title}
          comparing={comparing}
          rows={report.data.map((row, index) => ({ key: row.key, label: labels[index], figures: row, compare: row.compare, to: row.documents !== 0 ? paths.current(index) : null }))}
          totals={{ key: 'totals', label: translate('reports.totals'), figures: report.totals, compare: report.totals.compare }}
        />
      </CardContent>
    </Card>
  );
}
