import { Box, Card, CardContent, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useLocaleState, useTranslate } from 'react-admin';
import type { SalesGrouping } from '../../../shared/reports/periods';
import { isRtl } from '../../i18n/localePreference';
import type { Locale } from '../../../i18n/locales';
import { FiguresTable } from './FiguresTable';
import { rowLabel, type SalesReport } from './salesReport';

/**
 * One chart of the analytics screen and its table: net sales (excluding VAT) per row, against the
 * comparison period when there is one. Months and weeks stand as columns in time order; ranked
 * rows (top products, clients…) as bars across, so long names fit a phone. In Arabic the axis
 * runs right to left and the numbers are written the Arabic way.
 */
export function SalesChartCard({ id, title, groupBy, report, compareLabel }: { id: string; title: string; groupBy: SalesGrouping; report: SalesReport; compareLabel?: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const rtl = isRtl(locale as Locale);
  const labels = report.data.map((row) => rowLabel(row, groupBy, locale, translate));
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const rand = (cents: number | null) => (cents === null ? '' : `R ${number.format(Math.round(cents / 100))}`);
  const comparing = report.compare_period !== undefined;
  const timeline = groupBy === 'month' || groupBy === 'week';
  const series = [
    { data: report.data.map((row) => row.net), label: translate('reports.this_period'), valueFormatter: rand },
    ...(comparing ? [{ data: report.data.map((row) => row.compare?.net ?? 0), label: compareLabel ?? translate('reports.compare_period'), valueFormatter: rand }] : []),
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
          <Box aria-hidden="true" dir={rtl ? 'rtl' : 'ltr'} sx={{ width: '100%', '@media print': { breakInside: 'avoid' } }}>
            {timeline ? (
              <BarChart disableKeyboardNavigation height={300} series={series} xAxis={[{ ...band, reverse: rtl }]} yAxis={[{ ...value, position: rtl ? 'right' : 'left' }]} />
            ) : (
              <BarChart
                disableKeyboardNavigation
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
          rows={report.data.map((row, index) => ({ key: row.key, label: labels[index], figures: row, compare: row.compare }))}
          totals={{ key: 'totals', label: translate('reports.totals'), figures: report.totals, compare: report.totals.compare }}
        />
      </CardContent>
    </Card>
  );
}
