import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import LockIcon from '@mui/icons-material/Lock';
import { Alert, Card, CardContent, CardHeader, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Loading, useTranslate } from 'react-admin';
import { formatDate, formatMoney } from '../../i18n/format';
import { formatDay } from '../../i18n/formatDay';
import { useApiAction } from '../shared/useApiAction';
import { useApiGet } from '../shared/useApiGet';
import { LabelButton } from '../shared/LabelButton';
import { ConfirmedButton } from '../shared/ConfirmedButton';
import { useDownload } from '../billing/download';
import { formatRate } from '../billing/money';
import type { CommissionStatement } from '../../../shared/commissions/statement';

/** The statement's figures: a label on one side, the value on the other. */
function Figures({ lines }: { lines: { label: string; value: string; strong?: boolean; testId: string }[] }) {
  return lines.map((line) => (
    <Stack key={line.testId} direction="row" sx={{ justifyContent: 'space-between', pt: 0.5, gap: 2 }}>
      <Typography variant="body2" sx={{ fontWeight: line.strong ? 700 : undefined }}>
        {line.label}
      </Typography>
      <Typography variant="body2" data-testid={line.testId} sx={{ fontWeight: line.strong ? 700 : undefined }}>
        {line.value}
      </Typography>
    </Stack>
  ));
}


/**
 * A rep's statement of a month: the figures, each payment and clawback with its commission, the
 * PDF, and for the admin closing the month (after a confirmation). A closed month says when.
 */
export function StatementCard({ repId, month, canClose }: { repId?: number; month: string; canClose: boolean }) {
  const translate = useTranslate();
  const download = useDownload();
  const { data, error, refetch } = useApiGet<{ data: CommissionStatement }>('api/commissions/statement', { rep_id: repId, month });
  const statement = data?.data.month === month && (repId === undefined || data.data.rep_id === repId) ? data.data : null;
  const close = useApiAction('api/commissions/closemonth', { success: 'commissions.closed', onSuccess: refetch });
  return (
    <Card component="section" aria-labelledby="commission-statement">
      <CardHeader
        title={translate('commissions.statement')}
        slotProps={{ title: { id: 'commission-statement', component: 'h2', variant: 'h6' } }}
        subheader={statement ? (statement.closed && statement.closed_at ? translate('commissions.closed_on', { date: formatDate(statement.closed_at) }) : translate('commissions.running')) : undefined}
        action={
          statement ? (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
              <LabelButton
                label="commissions.pdf"
                startIcon={<PictureAsPdfIcon />}
                onClick={() => void download('api/commissions/statement_pdf', { rep_id: statement.rep_id, month }, `commission-${month}-${statement.rep_id}.pdf`)}
              />
              {canClose && !statement.closed ? (
                <ConfirmedButton
                  labelled
                  label="commissions.close_month"
                  icon={<LockIcon />}
                  title={translate('commissions.close_title', { month })}
                  content={translate('commissions.close_content', { month })}
                  onConfirm={() => close.run({ month })}
                />
              ) : null}
            </Stack>
          ) : null
        }
      />
      <CardContent>
        {error ? (
          <Alert severity="error">{translate('commissions.load_failed', { message: error.message })}</Alert>
        ) : !statement ? (
          <Loading />
        ) : (
          <>
            <Figures
              lines={[
                { label: translate('commissions.target'), value: statement.target === null ? translate('commissions.no_target') : formatMoney(statement.target), testId: 'commission-target' },
                { label: translate('commissions.paid_net'), value: formatMoney(statement.paid_net), testId: 'commission-paid' },
                { label: translate('commissions.tier_reached'), value: formatRate(statement.rate_bp), testId: 'commission-rate' },
                { label: translate('commissions.clawbacks'), value: formatMoney(-statement.clawbacks), testId: 'commission-clawbacks' },
                { label: translate('commissions.commission'), value: formatMoney(statement.commission), strong: true, testId: 'commission-total' },
              ]}
            />
            {statement.lines.length === 0 ? (
              <Typography color="text.secondary" sx={{ mt: 2 }}>
                {translate('commissions.no_lines')}
              </Typography>
            ) : (
              <TableContainer sx={{ mt: 2 }} tabIndex={0} aria-labelledby="commission-statement">
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate('commissions.date')}</TableCell>
                      <TableCell>{translate('commissions.client')}</TableCell>
                      <TableCell>{translate('commissions.invoice')}</TableCell>
                      <TableCell>{translate('commissions.reference')}</TableCell>
                      <TableCell align="right">{translate('commissions.net')}</TableCell>
                      <TableCell align="right">{translate('commissions.rate')}</TableCell>
                      <TableCell align="right">{translate('commissions.commission')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {statement.lines.map((line) => (
                      <TableRow key={line.id}>
                        <TableCell>{formatDay(line.day)}</TableCell>
                        <TableCell>
                          {line.client_name}
                          <Typography variant="caption" component="div" color="text.secondary">
                            {translate(`commissions.kind_${line.kind}`)}
                          </Typography>
                        </TableCell>
                        <TableCell dir="ltr">{line.invoice_number}</TableCell>
                        <TableCell dir="auto">{line.document}</TableCell>
                        <TableCell align="right">{formatMoney(line.net)}</TableCell>
                        <TableCell align="right">{formatRate(line.rate_bp)}</TableCell>
                        <TableCell align="right">{formatMoney(line.commission)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
