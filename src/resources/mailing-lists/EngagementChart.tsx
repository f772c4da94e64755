import { Box, Stack, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import { hourlySeries, type SendReport } from '../../../shared/mailing/engagement';
import { formatPortalDateTime } from './portalTime';

const BAR = 10;
const GAP = 4;
const HEIGHT = 120;

/**
 * Opens and clicks per hour as plain SVG bars (no chart library: the report page must stay light).
 * The picture is one image with a sentence naming what it shows; each hour's bars carry their figures
 * as a tooltip. The figures themselves are also on the page above, as text.
 */
export function EngagementChart({ hours }: { hours: SendReport['hours'] }) {
  const translate = useTranslate();
  const theme = useTheme();
  const series = hourlySeries(hours);
  if (series.length === 0) return null;
  const top = Math.max(1, ...series.map((h) => Math.max(h.opens, h.clicks)));
  const slot = 2 * BAR + GAP;
  const width = series.length * slot;
  const colours = { opens: theme.palette.primary.main, clicks: theme.palette.secondary.main };
  const totals = series.reduce((sum, h) => ({ opens: sum.opens + h.opens, clicks: sum.clicks + h.clicks }), { opens: 0, clicks: 0 });
  const label = translate('engagement.report.chart_label', {
    from: formatPortalDateTime(series[0].hour),
    to: formatPortalDateTime(series[series.length - 1].hour),
    ...totals,
  });
  const bar = (x: number, value: number, fill: string) => {
    const height = (value / top) * HEIGHT;
    return <rect x={x} y={HEIGHT - height} width={BAR} height={height} fill={fill} />;
  };
  return (
    <Box>
      <Box sx={{ overflowX: 'auto', direction: 'ltr' }}>
        <svg role="img" aria-label={label} viewBox={`0 0 ${width} ${HEIGHT}`} width="100%" height={HEIGHT} preserveAspectRatio="none" style={{ minWidth: Math.min(width, 320), display: 'block' }}>
          <line x1={0} y1={HEIGHT - 0.5} x2={width} y2={HEIGHT - 0.5} stroke={theme.palette.divider} />
          {series.map((h, i) => (
            <g key={h.hour}>
              <title>{translate('engagement.report.bar', { time: formatPortalDateTime(h.hour), opens: h.opens, clicks: h.clicks })}</title>
              {bar(i * slot, h.opens, colours.opens)}
              {bar(i * slot + BAR, h.clicks, colours.clicks)}
            </g>
          ))}
        </svg>
      </Box>
      <Stack direction="row" spacing={2} sx={{ mt: 1 }} aria-hidden>
        {(['opens', 'clicks'] as const).map((kind) => (
          <Stack key={kind} direction="row" spacing={0.5} alignItems="center">
            <Box sx={{ width: 12, height: 12, bgcolor: colours[kind] }} />
            <Typography variant="body2">{translate(`engagement.report.${kind}`)}</Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
