import { Alert, Box, Card, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Loading, Title, useTranslate } from 'react-admin';
import type { SendReport } from '../../../shared/mailing/engagement';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { useApiGet } from '../shared/useApiGet';
import { LabelButton } from '../shared/LabelButton';
import { SectionCard } from '../shared/SectionCard';
import { useNotFoundPage, usePathId } from '../shared/useRecordPage';
import { EngagementChart } from './EngagementChart';
import { readableSubject } from './readableSubject';

type Figure = 'delivered' | 'bounced' | 'opened' | 'clicked' | 'unsubscribed';

/** Of opens and clicks, the main figure is the recipients (each counted once), the hits beside it as a total. */
const COUNTED_PER_MEMBER = { opened: 'unique_opened', clicked: 'unique_clicked' } as const satisfies Partial<Record<Figure, keyof SendReport>>;

function FigureValue({ report, figure }: { report: SendReport; figure: Figure }) {
  const translate = useTranslate();
  const secondary = (text: string) => (
    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
      {text}
    </Typography>
  );
  if (figure !== 'opened' && figure !== 'clicked') return <>{report[figure]}</>;
  const members = report[COUNTED_PER_MEMBER[figure]];
  // Without per-member records (the company setting off) only the hits are known: said so, as the
  // same member opening twice counts twice.
  if (members === null) return <>{report[figure]}{secondary(translate(`engagement.report.${figure}_hits`))}</>;
  return (
    <>
      {translate('engagement.report.unique', { smart_count: members })}
      {secondary(translate(`engagement.report.${figure}_total`, { smart_count: report[figure] }))}
    </>
  );
}

function Figures({ report }: { report: SendReport }) {
  const translate = useTranslate();
  const figures: Figure[] = ['delivered', 'bounced', 'opened', 'clicked', 'unsubscribed'];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 1, m: 0 }}>
      {figures.map((figure) => (
        // dl > div > dt/dd: the card itself is the div that groups each term with its figure.
        <Card key={figure} variant="outlined" sx={{ px: 2, py: 1.5 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {translate(`engagement.report.${figure}`)}
          </Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0 }} data-testid={`report-${figure}`}>
            <FigureValue report={report} figure={figure} />
          </Typography>
        </Card>
      ))}
    </Box>
  );
}

function Links({ report }: { report: SendReport }) {
  const translate = useTranslate();
  if (report.links.length === 0) return <Typography variant="body2">{translate('engagement.report.no_links')}</Typography>;
  const perMember = report.links.some((link) => link.unique_clicks !== null);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('engagement.report.link')}</TableCell>
            <TableCell align="right">{translate('engagement.report.link_clicks')}</TableCell>
            {perMember && <TableCell align="right">{translate('engagement.report.link_unique')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {report.links.map((link) => (
            <TableRow key={link.idx}>
              <TableCell sx={{ wordBreak: 'break-all' }} dir="ltr">
                {link.url}
              </TableCell>
              <TableCell align="right">{link.clicks}</TableCell>
              {perMember && <TableCell align="right">{link.unique_clicks ?? '—'}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * `/mailing-sends/{sendid}/report`: a send's delivered, bounced, opened, clicked and unsubscribed
 * figures, opens and clicks by hour, and clicks per link. Its own lazily loaded chunk.
 */
export default function SendReportScreen() {
  const translate = useTranslate();
  const title = usePortalTitle('send_report');
  const { id, valid } = usePathId('sendid');
  const { data, error, refetch } = useApiGet<{ data: SendReport }>('api/crm/sendreport', { id: String(id) }, valid);
  useNotFoundPage(!valid || error?.status === 404);
  const report = data?.data;
  return (
    <Stack spacing={2} sx={{ my: 2 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1">
        {report ? translate('engagement.report.heading', { name: report.template_name }) : title}
      </Typography>
      {error && error.status !== 404 ? (
        <Alert severity="error" action={<LabelButton label="app.retry" onClick={refetch} />}>
          {error.message || translate('ra.notification.http_error')}
        </Alert>
      ) : !report ? (
        <Loading />
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            {translate('engagement.report.sent_to', { list: report.mailing_list_name, subject: readableSubject(report.subject, translate) })}
          </Typography>
          <Figures report={report} />
          {!report.tied_to_members && <Alert severity="info">{translate('engagement.report.not_tied')}</Alert>}
          <SectionCard title="engagement.report.chart_title">
            {report.opened + report.clicked === 0 ? <Typography variant="body2">{translate('engagement.report.empty')}</Typography> : <EngagementChart hours={report.hours} caption={translate('engagement.report.chart_title')} />}
          </SectionCard>
          <SectionCard title="engagement.report.links_title">
            <Links report={report} />
          </SectionCard>
        </>
      )}
    </Stack>
  );
}
