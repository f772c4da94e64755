import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, MenuItem, Stack, TextField } from '@mui/material';
import { Button, Loading, Title, useLocaleState, useTranslate } from 'react-admin';
import { businessDay } from '../../../shared/billing/accounts';
import { comparisons, lastTwelveMonths, salesGroupings, type Comparison, type SalesGrouping } from '../../../shared/reports/periods';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { useApiGet } from '../shared/useApiGet';
import { PageHeading } from '../shared/PageHeading';
import { SalesChartCard } from './SalesChartCard';
import { salesCsv, type SalesQuery, type SalesReport } from './salesReport';

const TOP = 10;
/** Side by side from a tablet up, one under the other on a phone. */
const pickerWidth = { width: { xs: '100%', sm: 220 } };

function useSales(query: SalesQuery) {
  return useApiGet<SalesReport>('api/reports/sales', { ...query });
}

/** Hands text to the browser as a downloaded file. */
function saveText(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Sales analytics (admin): the invoice register, net of credit notes and excluding VAT, over a
 * period against a comparison period. The chosen grouping (by month unless changed), the top
 * products and the top clients, each a chart with its table, and the lot as a CSV.
 */
export default function SalesAnalyticsScreen() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const pageTitle = usePortalTitle('sales_analytics');
  const [period, setPeriod] = useState(() => lastTwelveMonths(businessDay(new Date())));
  const [compare, setCompare] = useState<Comparison | ''>('last_year');
  const [groupBy, setGroupBy] = useState<SalesGrouping>('month');
  const base = { from: period.from, to: period.to, ...(compare ? { compare } : {}) };
  const main = useSales({ ...base, group_by: groupBy, ...(groupBy === 'month' || groupBy === 'week' ? {} : { limit: TOP }) });
  const products = useSales({ ...base, group_by: 'product', limit: TOP });
  const clients = useSales({ ...base, group_by: 'client', limit: TOP });
  const backwards = period.from > period.to;
  const error = main.error ?? products.error ?? clients.error;
  const compareLabel = compare ? translate(`reports.compare_${compare}`) : undefined;
  const sections = [
    { id: 'main', title: translate('reports.by_grouping', { grouping: translate(`reports.groupings.${groupBy}`) }), groupBy, report: main.data },
    { id: 'products', title: translate('reports.top_products'), groupBy: 'product' as const, report: products.data },
    { id: 'clients', title: translate('reports.top_clients'), groupBy: 'client' as const, report: clients.data },
  ];
  const ready = sections.every((section) => section.report !== null);

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={pageTitle} />
      <Box sx={{ mb: 2 }}>
        <PageHeading>{pageTitle}</PageHeading>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, '@media print': { display: 'none' } }} useFlexGap flexWrap="wrap">
        {(['from', 'to'] as const).map((end) => (
          <TextField
            key={end}
            type="date"
            label={translate(`reports.period_${end}`)}
            value={period[end]}
            onChange={(event) => event.target.value && setPeriod((p) => ({ ...p, [end]: event.target.value }))}
            slotProps={{ inputLabel: { shrink: true } }}
            error={backwards}
            sx={pickerWidth}
            // Said once, under the end of the period.
            helperText={backwards && end === 'to' ? translate('reports.backwards') : undefined}
          />
        ))}
        <TextField select label={translate('reports.compare')} value={compare} onChange={(event) => setCompare(event.target.value as Comparison | '')} sx={pickerWidth}>
          <MenuItem value="">{translate('reports.compare_none')}</MenuItem>
          {comparisons.map((c) => (
            <MenuItem key={c} value={c}>
              {translate(`reports.compare_${c}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label={translate('reports.group_by')} value={groupBy} onChange={(event) => setGroupBy(event.target.value as SalesGrouping)} sx={pickerWidth}>
          {salesGroupings.map((g) => (
            <MenuItem key={g} value={g}>
              {translate(`reports.groupings.${g}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          label="reports.export_csv"
          disabled={!ready}
          onClick={() =>
            saveText(
              salesCsv(
                sections.flatMap((s) => (s.report ? [{ title: s.title, groupBy: s.groupBy, report: s.report }] : [])),
                locale,
                translate,
              ),
              `sales-${period.from}-${period.to}.csv`,
            )
          }
        >
          <DownloadIcon />
        </Button>
      </Stack>
      {error && !backwards && <Alert severity="error">{error.message}</Alert>}
      {!ready && !error && <Loading />}
      <Stack spacing={2}>
        {sections.map((section) =>
          section.report ? <SalesChartCard key={section.id} id={section.id} title={section.title} groupBy={section.groupBy} report={section.report} compareLabel={compareLabel} /> : null,
        )}
      </Stack>
    </Box>
  );
}
