import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useLocaleState, useTranslate } from 'react-admin';
import { hourlySeries, type SendReport } from '../../../shared/mailing/engagement';
import type { Locale } from '../../../i18n/locales';
import { isRtl } from '../../i18n/localePreference';
import { formatPortalDateTime, formatPortalHour } from './portalTime';

/** A bar narrower than this (px) carries no figure on top: the figures would run into each other. */
const LABELLED_BAR = 14;

/**
 * Opens and clicks per hour: a bar chart with a time axis and a count axis, each named, and the
 * figure on top of each bar wide enough to carry one; under it, the same figures as a table. The
 * chart is a picture of the table: assistive technology reads the table, and the keyboard skips
 * the chart (its own keyboard navigation would put the focus inside what is hidden from screen
 * readers), as on the sales analytics screen. In Arabic the time axis runs right to left.
 */
export function EngagementChart({ hours, caption }: { hours: SendReport['hours']; caption: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const rtl = isRtl(locale as Locale);
  const series = hourlySeries(hours);
  if (series.length === 0) return null;
  // Counts as the rest of the report writes them: plain whole numbers.
  const figure = (value: number | null) => (value === null ? '' : String(value));
  const barLabel = (item: { value: number | null }, context: { bar: { width: number } }) => (item.value && context.bar.width >= LABELLED_BAR ? figure(item.value) : null);
  const kinds = ['opens', 'clicks'] as const;
  // The table lists the hours with something in them; the chart's empty hours between are zero.
  const rows = series.filter((h) => h.opens + h.clicks > 0);
  return (
    <Box>
      <Box aria-hidden="true" dir={rtl ? 'rtl' : 'ltr'} data-testid="engagement-chart" sx={{ width: '100%', '@media print': { breakInside: 'avoid' } }}>
        <BarChart
          disableKeyboardNavigation
          height={280}
          series={kinds.map((kind) => ({ data: series.map((h) => h[kind]), label: translate(`engagement.report.${kind}`), valueFormatter: figure, barLabel, barLabelPlacement: 'outside' as const }))}
          xAxis={[
            {
              scaleType: 'band',
              data: series.map((h) => h.hour),
              label: translate('engagement.report.axis_hour'),
              // The ticks say the day and hour; the tooltip the full time, on the portal's clock as the sends are.
              valueFormatter: (hour: string, context) => (context.location === 'tick' ? formatPortalHour(hour) : formatPortalDateTime(hour)),
              reverse: rtl,
            },
          ]}
          yAxis={[{ label: translate('engagement.report.axis_count'), tickMinStep: 1, position: rtl ? 'right' : 'left' }]}
        />
      </Box>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <caption>{caption}</caption>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {translate('engagement.report.axis_hour')}
              </TableCell>
              {kinds.map((kind) => (
                <TableCell key={kind} component="th" scope="col" align="right">
                  {translate(`engagement.report.${kind}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((h) => (
              <TableRow key={h.hour}>
                <TableCell component="th" scope="row">
                  {formatPortalDateTime(h.hour)}
                </TableCell>
                {kinds.map((kind) => (
                  <TableCell key={kind} align="right">
                    {figure(h[kind])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
