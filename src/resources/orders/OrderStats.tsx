import { Box, Card, CardContent, Grid, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useListContext, useTranslate } from 'react-admin';
import { formatMoney } from '../../i18n/format';
import { orderStatuses, statusColor, type OrderStatus } from './statuses';

interface Figures {
  count: number;
  value: number;
}
export interface OrderStatsData {
  this_month: Figures;
  last_month: Figures;
  by_status: { status: OrderStatus; this_month: Figures; last_month: Figures }[];
}

/** "+12 %" / "−5 %" / null when last month had nothing to compare with. */
export function changeAgainst(now: number, before: number): string | null {
  if (before === 0) return null;
  const percent = Math.round(((now - before) / before) * 100);
  return `${percent > 0 ? '+' : percent < 0 ? '−' : ''}${Math.abs(percent)} %`;
}

function FigureCard({ label, now, before, format }: { label: string; now: number; before: number; format: (n: number) => string }) {
  const translate = useTranslate();
  const change = changeAgainst(now, before);
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="overline" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p">
          {format(now)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {change ? translate('orders.stats.vs_last_month', { change }) : `${translate('orders.stats.last_month')}: ${format(before)}`}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** Bars of this month against last month, per status: plain SVG, no chart library in the bundle. */
export function StatusChart({ stats }: { stats: OrderStatsData }) {
  const translate = useTranslate();
  const theme = useTheme();
  const barColor = (status: OrderStatus) => {
    const color = statusColor[status];
    return color === 'default' ? theme.palette.grey[600] : theme.palette[color].main;
  };
  const max = Math.max(1, ...stats.by_status.flatMap((s) => [s.this_month.count, s.last_month.count]));
  const rowHeight = 26;
  const labelWidth = 120;
  const width = 420;
  const barSpace = width - labelWidth - 40;
  const rows = orderStatuses.map((status) => stats.by_status.find((s) => s.status === status)!).filter(Boolean);
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="overline" color="text.secondary" id="order-chart-title">
          {translate('orders.stats.chart_title')}
        </Typography>
        <Box component="svg" role="img" aria-labelledby="order-chart-title" viewBox={`0 0 ${width} ${rows.length * rowHeight + 8}`} sx={{ width: '100%', maxWidth: width, display: 'block' }}>
          {rows.map((row, i) => {
            const y = i * rowHeight + 4;
            const now = (row.this_month.count / max) * barSpace;
            const before = (row.last_month.count / max) * barSpace;
            return (
              <g key={row.status}>
                <title>{`${translate(`orders.status.${row.status}`)}: ${row.this_month.count} / ${row.last_month.count}`}</title>
                <text x={0} y={y + 15} fontSize={12} fill="currentColor">
                  {translate(`orders.status.${row.status}`)}
                </text>
                {/* Plain SVG rects: a Box would read `width={1}` as 100 %. */}
                <rect x={labelWidth} y={y + 2} width={Math.max(before, 1)} height={7} fill={theme.palette.grey[400]} />
                <rect x={labelWidth} y={y + 10} width={Math.max(now, 1)} height={10} fill={barColor(row.status)} />
                <text x={labelWidth + Math.max(now, before) + 6} y={y + 19} fontSize={11} fill="currentColor">
                  {row.this_month.count}
                </text>
              </g>
            );
          })}
        </Box>
        <Typography variant="caption" color="text.secondary">
          ■ {translate('orders.stats.this_month')} · <Box component="span" sx={{ color: 'grey.500' }}>■</Box> {translate('orders.stats.last_month')}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** The branch's figures above the orders list; they come with the list (orders/all `stats`). */
export function OrderStats() {
  const translate = useTranslate();
  const { meta } = useListContext();
  const stats = (meta as { stats?: OrderStatsData } | undefined)?.stats;
  if (!stats) return null;
  return (
    <Grid container spacing={2} sx={{ mb: 2, mt: 1 }}>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <FigureCard label={translate('orders.stats.orders')} now={stats.this_month.count} before={stats.last_month.count} format={String} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <FigureCard label={translate('orders.stats.value')} now={stats.this_month.value} before={stats.last_month.value} format={formatMoney} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <StatusChart stats={stats} />
      </Grid>
    </Grid>
  );
}
