import { useState, type FormEvent } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Alert, Box, Button as MuiButton, Card, CardContent, Link, List, ListItem, Pagination, Stack, Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import { Button, Loading, Title, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatMoney } from '../../i18n/format';
import { formatDay } from '../../i18n/formatDay';
import { useCore } from '../../providers/useCore';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { useApiGet } from '../shared/useApiGet';
import { LabelButton } from '../shared/LabelButton';
import { Panel } from '../orders/Panel';
import { useIsPhone } from '../shared/useIsPhone';
import { useNotFoundPage, usePathId } from '../shared/useRecordPage';
import { AgeingTable } from './AgeingTable';
import { useDownload } from './download';
import { footerSx } from './DocumentParts';
import { DayField } from './FormFields';
import { invoicePath } from './paths';
import { PayOnlinePanel } from './PayNow';
import { presetPeriod, type Period } from './periods';
import type { Statement, StatementEntry } from '../../../shared/billing/records';

/** Where "back" goes: the client's page for an admin or the member, its rep page for a reseller. */
export const clientPagePath = (role: string | undefined, clientId: number) => (role === 'reseller' ? `/reps/view/client/${clientId}` : `/clients/view/${clientId}`);

function EntryNumber({ entry }: { entry: StatementEntry }) {
  const translate = useTranslate();
  const type = translate(`billing.document_types.${entry.type}`);
  return (
    <>
      {entry.type === 'invoice' ? (
        <Link component={RouterLink} to={invoicePath(entry.id)}>
          {entry.number}
        </Link>
      ) : (
        <bdi>{entry.number}</bdi>
      )}
      <Typography variant="caption" color="text.secondary" component="div">
        {type}
      </Typography>
    </>
  );
}

/**
 * The row before a page's entries and the row after them: the period's opening and closing
 * balances on its first and last pages, the balance brought and carried forward between pages.
 */
export function pageEnds(statement: Statement) {
  const first = statement.page <= 1;
  const last = statement.page * statement.per_page >= statement.total;
  return {
    start: first
      ? { label: 'opening_balance', day: statement.from, cents: statement.opening_balance, testId: 'statement-opening' }
      : { label: 'brought_forward', day: statement.entries[0]?.date ?? statement.from, cents: statement.brought_forward, testId: 'statement-brought-forward' },
    end: last
      ? { label: 'closing_balance', day: statement.to, cents: statement.closing_balance, testId: 'statement-closing' }
      : { label: 'carried_forward', day: statement.entries.at(-1)?.date ?? statement.to, cents: statement.carried_forward, testId: 'statement-carried-forward' },
  };
}

/** The page's documents and payments, each with the balance after it, between the balances before and after them. */
export function StatementTable({ statement }: { statement: Statement }) {
  const translate = useTranslate();
  const isPhone = useIsPhone();
  const heading = (key: string) => translate(`billing.statement.${key}`);
  if (isPhone) return <PhoneStatement statement={statement} />;
  const { start, end } = pageEnds(statement);
  const moneyCell = (cents: number, testId?: string, strong = false) => (
    <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: strong ? 700 : undefined, color: strong ? 'text.primary' : undefined }} data-testid={testId}>
      {formatMoney(cents)}
    </TableCell>
  );
  return (
    <TableContainer>
      <Table size="small" aria-label={heading('entries')}>
        <TableHead>
          <TableRow>
            <TableCell>{heading('date')}</TableCell>
            <TableCell>{heading('document')}</TableCell>
            <TableCell align="right">{heading('debit')}</TableCell>
            <TableCell align="right">{heading('credit')}</TableCell>
            <TableCell align="right">{heading('balance')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(start.day)}</TableCell>
            <TableCell colSpan={3}>{heading(start.label)}</TableCell>
            {moneyCell(start.cents, start.testId, true)}
          </TableRow>
          {statement.entries.length === 0 && (
            <TableRow>
              <TableCell colSpan={5}>
                <Typography color="text.secondary">{heading('no_entries')}</Typography>
              </TableCell>
            </TableRow>
          )}
          {statement.entries.map((entry) => (
            <TableRow key={`${entry.type}-${entry.id}`} data-testid="statement-entry">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(entry.date)}</TableCell>
              <TableCell>
                <EntryNumber entry={entry} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {entry.debit ? formatMoney(entry.debit) : ''}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {entry.credit ? formatMoney(entry.credit) : ''}
              </TableCell>
              {moneyCell(entry.balance)}
            </TableRow>
          ))}
        </TableBody>
        <TableFooter sx={footerSx}>
          <TableRow>
            <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.primary' }}>{formatDay(end.day)}</TableCell>
            <TableCell colSpan={3} sx={{ fontWeight: 700, color: 'text.primary' }}>
              {heading(end.label)}
            </TableCell>
            {moneyCell(end.cents, end.testId, true)}
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

/** The statement on a phone: a block per entry (document and day; the amount and the balance after it) instead of five columns. */
function PhoneStatement({ statement }: { statement: Statement }) {
  const translate = useTranslate();
  const heading = (key: string) => translate(`billing.statement.${key}`);
  const balanceRow = (label: string, day: string, cents: number, testId: string) => (
    <ListItem disableGutters divider sx={{ justifyContent: 'space-between', gap: 1 }}>
      <Box>
        <Typography sx={{ fontWeight: 700 }}>{label}</Typography>
        <Typography variant="body2" color="text.secondary">
          {formatDay(day)}
        </Typography>
      </Box>
      <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }} data-testid={testId}>
        {formatMoney(cents)}
      </Typography>
    </ListItem>
  );
  const { start, end } = pageEnds(statement);
  return (
    <List disablePadding aria-label={heading('entries')}>
      {balanceRow(heading(start.label), start.day, start.cents, start.testId)}
      {statement.entries.length === 0 && (
        <ListItem disableGutters divider>
          <Typography color="text.secondary">{heading('no_entries')}</Typography>
        </ListItem>
      )}
      {statement.entries.map((entry) => (
        <ListItem key={`${entry.type}-${entry.id}`} disableGutters divider sx={{ justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }} data-testid="statement-entry">
          <Box>
            <EntryNumber entry={entry} />
            <Typography variant="body2" color="text.secondary">
              {formatDay(entry.date)}
            </Typography>
          </Box>
          <Box sx={{ textAlign: 'end', whiteSpace: 'nowrap' }}>
            <Typography>{entry.debit ? `${heading('debit')} ${formatMoney(entry.debit)}` : `${heading('credit')} ${formatMoney(entry.credit)}`}</Typography>
            <Typography variant="body2" color="text.secondary">
              {heading('balance')} {formatMoney(entry.balance)}
            </Typography>
          </Box>
        </ListItem>
      ))}
      {balanceRow(heading(end.label), end.day, end.cents, end.testId)}
    </List>
  );
}

/** Entries a page of the screen holds. */
const STATEMENT_PAGE = 50;

/** The pages of a long statement, and how many entries it holds; nothing when one page holds them all. */
function StatementPages({ statement, onPage }: { statement: Statement; onPage: (page: number) => void }) {
  const translate = useTranslate();
  const pages = Math.ceil(statement.total / statement.per_page);
  if (pages <= 1) return null;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
      <Typography variant="body2" color="text.secondary">
        {translate('billing.statement.entry_count', { count: statement.total })}
      </Typography>
      <Box component="nav" aria-label={translate('billing.statement.pages')}>
        <Pagination
          count={pages}
          page={statement.page}
          onChange={(_, next) => onPage(next)}
          getItemAriaLabel={(type, page, selected) =>
            type === 'page' ? translate(selected ? 'ra.navigation.current_page' : 'ra.navigation.page', { page }) : translate(`ra.navigation.${type}`)
          }
          siblingCount={0}
        />
      </Box>
    </Stack>
  );
}

/**
 * `/clients/view/{clientid}/statement`: a client's statement for a period (the last 90 days unless
 * chosen): opening balance, the documents and payments with the running balance, the closing
 * balance, what is owed by age, and its PDF. The admin, the member itself and its reseller see it;
 * anyone else gets 404, and so does this page.
 */
export default function StatementView() {
  const translate = useTranslate();
  const pageTitle = usePortalTitle('statement');
  const role = useCore()?.user.role.role_name;
  const { id, valid } = usePathId('clientid');
  const [period, setPeriod] = useState<Period>(() => presetPeriod('days_90'));
  const [draft, setDraft] = useState<{ from: string | null; to: string | null }>(period);
  // The entries come a page at a time (a long account has thousands); the PDF holds them all.
  const [page, setPage] = useState(1);
  const { data, error, refetch } = useApiGet<{ data: Statement }>('api/billing/statement', { client_id: id, from: period.from, to: period.to, page, perPage: STATEMENT_PAGE }, valid);
  useNotFoundPage(!valid || error?.status === 404);
  const download = useDownload();

  const choose = (next: Period) => {
    setDraft(next);
    setPeriod(next);
    setPage(1);
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (draft.from && draft.to && draft.from <= draft.to) {
      setPeriod({ from: draft.from, to: draft.to });
      setPage(1);
    }
  };
  const backwards = draft.from !== null && draft.to !== null && draft.from > draft.to;
  const statement = data?.data;

  return (
    <Stack spacing={2} sx={{ my: 2 }}>
      <Title title={statement ? `${pageTitle}: ${statement.client_name}` : pageTitle} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h5" component="h1">
          <Typography variant="overline" component="span" color="text.secondary" sx={{ display: 'block', lineHeight: 1.5 }}>
            {pageTitle}
          </Typography>
          {statement ? <bdi>{statement.client_name}</bdi> : '…'}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ marginInlineStart: 'auto !important', flexWrap: 'wrap' }}>
          {valid && (
            <Button component={RouterLink} to={clientPagePath(role, id)} label="billing.statement.back">
              <ArrowBackIcon />
            </Button>
          )}
          <Button
            label="billing.document.download_pdf"
            disabled={!statement}
            onClick={() => void download('api/billing/statement_pdf', { client_id: id, from: period.from, to: period.to }, `statement-${id}-${period.from}-${period.to}.pdf`)}
          >
            <PictureAsPdfIcon />
          </Button>
        </Stack>
      </Stack>
      <Card variant="outlined">
        <CardContent component="form" onSubmit={apply} aria-label={translate('billing.statement.period')}>
          <Typography variant="h6" component="h2" gutterBottom>
            {translate('billing.statement.period')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
            <DayField label={translate('billing.statement.from')} name="from" value={draft.from} onChange={(from) => setDraft((d) => ({ ...d, from }))} size="small" required />
            <DayField
              label={translate('billing.statement.to')}
              name="to"
              value={draft.to}
              onChange={(to) => setDraft((d) => ({ ...d, to }))}
              size="small"
              required
              serverError={backwards ? translate('billing.statement.backwards') : undefined}
            />
            <MuiButton type="submit" variant="contained" disabled={!draft.from || !draft.to || backwards} sx={{ mt: { sm: 0.5 } }}>
              {translate('billing.statement.show')}
            </MuiButton>
          </Stack>
          <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
            <LabelButton label="billing.statement.this_month" onClick={() => choose(presetPeriod('month'))} />
            <LabelButton label="billing.statement.last_90_days" onClick={() => choose(presetPeriod('days_90'))} />
          </Box>
        </CardContent>
      </Card>
      {error && error.status !== 404 ? (
        <Alert severity="error" action={<LabelButton label="app.retry" onClick={refetch} />}>
          {error.message || translate('ra.notification.http_error')}
        </Alert>
      ) : !statement ? (
        <Loading />
      ) : (
        <>
          {(role === 'stockist' || role === 'individual') && <PayOnlinePanel clientId={id} />}
          <Panel title="billing.statement.entries">
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {translate('billing.statement.range', { from: formatDay(statement.from), to: formatDay(statement.to) })}
            </Typography>
            <StatementTable statement={statement} />
            <StatementPages statement={statement} onPage={setPage} />
          </Panel>
          <Panel title="billing.ageing.title">
            <AgeingTable ageing={statement.ageing} />
          </Panel>
        </>
      )}
    </Stack>
  );
}
