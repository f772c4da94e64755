import { useState } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardContent, CardHeader, Grid, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Button as RaButton, Confirm, FunctionField, ListBase, Loading, Pagination, Title, useGetOne, useListContext, useRefresh, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatMoney } from '../../i18n/format';
import { formatDay } from '../../i18n/formatDay';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { LabelButton } from '../shared/LabelButton';
import { PageHeading } from '../shared/PageHeading';
import { Facts, ResponsiveDatagrid, type PhoneRow } from '../shared/ResponsiveDatagrid';
import { ListEmptyText } from '../shared/SectionCard';
import { useApiAction } from '../shared/useApiAction';
import { useLiveRefresh } from '../shared/useLiveRefresh';
import { useNotFoundPage, usePathId } from '../shared/useRecordPage';
import { matchLine, unmatchLine } from './calls';
import { IgnoreDialog } from './IgnoreDialog';
import { LineStatusChip } from './LineStatusChip';
import { MatchDialog } from './MatchDialog';
import { STATEMENTS_PATH } from './paths';
import { StatementFormat, StatementPeriod } from './StatementList';
import { bankLineStatuses, type BankLine, type BankLineStatus, type BankStatement, type BankSuggestion } from '../../../shared/banking/records';

/** A figure of the summary: its label and the amount or count, with a test id. */
function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Grid size={{ xs: 6, md: 3 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p" data-testid={testId}>
        {value}
      </Typography>
    </Grid>
  );
}

/** The statement's opening and closing balances (as the bank printed them), and what is matched and still to match. */
function StatementSummary({ statement }: { statement: BankStatement }) {
  const translate = useTranslate();
  const balance = (cents: number | null) => (cents === null ? translate('banking.reconcile.no_balance') : formatMoney(cents));
  const { totals } = statement;
  return (
    <Card variant="outlined">
      <CardHeader
        title={translate('banking.reconcile.summary')}
        subheader={<Facts parts={[<StatementFormat key="format" statement={statement} />, statement.account, <StatementPeriod key="period" statement={statement} />]} />}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Grid container spacing={2}>
          <Figure label={translate('banking.reconcile.opening')} value={balance(statement.opening_balance)} testId="statement-opening" />
          <Figure label={translate('banking.reconcile.closing')} value={balance(statement.closing_balance)} testId="statement-closing" />
          <Figure label={translate('banking.reconcile.matched', { count: totals.matched })} value={formatMoney(totals.matched_amount)} testId="statement-matched" />
          <Figure label={translate('banking.reconcile.unmatched', { count: totals.suggested + totals.unmatched })} value={formatMoney(totals.unmatched_amount)} testId="statement-unmatched" />
        </Grid>
      </CardContent>
    </Card>
  );
}

/** Lines of one state, or all: toggle buttons with the state's name (the list's filter). */
function StatusFilter() {
  const translate = useTranslate();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const current = (filterValues.status as BankLineStatus | undefined) ?? 'all';
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={current}
      onChange={(_, value: string | null) => {
        if (value === null) return;
        const { status: _status, ...rest } = filterValues;
        setFilters(value === 'all' ? rest : { ...rest, status: value }, displayedFilters);
      }}
      aria-label={translate('banking.reconcile.filter')}
      sx={{ flexWrap: 'wrap' }}
    >
      <ToggleButton value="all">{translate('banking.reconcile.all')}</ToggleButton>
      {bankLineStatuses.map((status) => (
        <ToggleButton key={status} value={status}>
          {translate(`banking.status.${status}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** Who a line went to (matched), who it may be (suggested, with why), or why it is set aside. */
function LineParty({ line }: { line: BankLine }) {
  const translate = useTranslate();
  if (line.status === 'matched') {
    return (
      <>
        <bdi>{line.client_name}</bdi>
        <Typography variant="caption" color="text.secondary" component="div">
          {translate(line.matched_by === 'auto' ? 'banking.reconcile.by_auto' : 'banking.reconcile.by_hand')}
        </Typography>
      </>
    );
  }
  if (line.status === 'ignored') return <>{translate(`banking.reconcile.ignore_reasons.${line.ignore_reason}`, { _: line.ignore_reason })}</>;
  if (line.status === 'suggested') {
    return (
      <>
        {line.suggestions.map((suggestion) => (
          <Box key={suggestion.client_id}>
            <bdi>{suggestion.client_name}</bdi>
            <Typography variant="caption" color="text.secondary" component="span">
              {' — '}
              {translate(`banking.reconcile.suggestion_reasons.${suggestion.reason}`, { _: suggestion.reason })}
            </Typography>
          </Box>
        ))}
      </>
    );
  }
  return <>—</>;
}

/**
 * A line's buttons: accept a suggestion in one click (one per client suggested), match by hand,
 * ignore with a reason, and undo a match after a confirmation (the payment is reversed).
 */
function LineActions({ line }: { line: BankLine }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [dialog, setDialog] = useState<'match' | 'ignore' | 'undo' | null>(null);
  const closeDialog = () => setDialog(null);
  const accept = useApiAction((suggestion: BankSuggestion) => matchLine({ line_id: line.id, client_id: suggestion.client_id }), {
    success: (_, suggestion) => ({ message: 'banking.reconcile.accepted', args: { name: suggestion.client_name ?? '' } }),
    refresh: true,
    onSettled: closeDialog,
  });
  const undo = useApiAction(() => unmatchLine(line.id), { success: 'banking.unmatch.done', refresh: true, onSettled: closeDialog });
  const busy = accept.isPending || undo.isPending;

  const credit = line.amount > 0;
  return (
    <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap', justifyContent: { sm: 'flex-end' } }}>
      {line.status === 'suggested' &&
        line.suggestions.map((suggestion) => (
          <Button
            key={suggestion.client_id}
            size="small"
            variant="contained"
            disabled={busy}
            onClick={() => void accept.run(suggestion)}
          >
            {translate('banking.reconcile.accept', { name: suggestion.client_name ?? '' })}
          </Button>
        ))}
      {line.status !== 'matched' && credit && <LabelButton label="banking.reconcile.match" variant="outlined" disabled={busy} onClick={() => setDialog('match')} />}
      {(line.status === 'suggested' || line.status === 'unmatched') && <LabelButton label="banking.reconcile.ignore" disabled={busy} onClick={() => setDialog('ignore')} />}
      {line.status === 'matched' && <LabelButton label="banking.reconcile.undo" color="error" disabled={busy} onClick={() => setDialog('undo')} />}
      {dialog === 'match' && <MatchDialog line={line} onClose={() => setDialog(null)} onDone={refresh} />}
      {dialog === 'ignore' && <IgnoreDialog line={line} onClose={() => setDialog(null)} onDone={refresh} />}
      <Confirm
        isOpen={dialog === 'undo'}
        loading={busy}
        title="banking.unmatch.title"
        content="banking.unmatch.content"
        translateOptions={{ amount: formatMoney(line.amount), name: line.client_name ?? '' }}
        confirm="banking.reconcile.undo"
        confirmColor="warning"
        onConfirm={() => void undo.run()}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}

const lineText = (line: BankLine) => (
  <>
    <bdi>{line.description}</bdi>
    {line.reference && (
      <Typography variant="caption" color="text.secondary" component="div">
        <bdi>{line.reference}</bdi>
      </Typography>
    )}
  </>
);

/** On a phone: the line's text and state, then its day, amount and party; its buttons under them. */
const phoneRow: PhoneRow<BankLine> = {
  primaryText: lineText,
  tertiaryText: (line) => <LineStatusChip status={line.status} />,
  secondaryText: (line) => <Facts parts={[formatDay(line.date), formatMoney(line.amount), <LineParty key="party" line={line} />]} />,
  actions: (line) => <LineActions line={line} />,
};

function StatementLines() {
  return (
    <Stack spacing={1}>
      <StatusFilter />
      <ResponsiveDatagrid
        phone={phoneRow}
        bulkActionButtons={false}
        rowClick={false}
        empty={<ListEmptyText none="banking.reconcile.none" noMatch="banking.reconcile.no_match" />}
        rowSx={() => ({ verticalAlign: 'top' })}
      >
        <FunctionField source="date" render={(line: BankLine) => formatDay(line.date)} />
        <FunctionField source="description" sortable={false} render={lineText} />
        <FunctionField source="amount" textAlign="right" render={(line: BankLine) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatMoney(line.amount)}</Box>} />
        <FunctionField source="status" sortable={false} render={(line: BankLine) => <LineStatusChip status={line.status} />} />
        <FunctionField source="client_name" sortable={false} render={(line: BankLine) => <LineParty line={line} />} />
        <FunctionField source="actions" sortable={false} label="resources.bank-lines.fields.actions" render={(line: BankLine) => <LineActions line={line} />} />
      </ResponsiveDatagrid>
      <Pagination rowsPerPageOptions={[25, 50, 100]} />
    </Stack>
  );
}

/**
 * /bank-statements/{id} (admin): a statement's reconciliation. Its balances and totals, then its
 * lines by state; a suggestion is accepted in one click, a line matched by hand, ignored, or its
 * match undone. Live: a match by another admin (or an import) refreshes lines and totals.
 */
export default function ReconcileScreen() {
  const translate = useTranslate();
  const pageTitle = usePortalTitle('bank_statement');
  const queryClient = useQueryClient();
  const { id, valid } = usePathId('statementid');
  const { data: statement, error, refetch } = useGetOne<BankStatement>('bank-statements', { id }, { enabled: valid });
  useNotFoundPage(!valid || (error as { status?: number } | null)?.status === 404);
  // The statement's event refreshes its totals (react-admin's own queries) and its lines.
  useLiveRefresh('bank-statements', valid ? id : undefined, () => void queryClient.invalidateQueries({ queryKey: ['bank-lines'] }));

  return (
    <Stack spacing={2} sx={{ mb: 2 }}>
      <Title title={pageTitle} />
      <Box>
        <RaButton component={RouterLink} to={STATEMENTS_PATH} label="banking.reconcile.back">
          <ArrowBackIcon />
        </RaButton>
      </Box>
      <PageHeading>{pageTitle}</PageHeading>
      {error ? (
        <Alert severity="error" action={<LabelButton label="app.retry" onClick={() => void refetch()} />}>
          {translate('banking.reconcile.load_failed')}
        </Alert>
      ) : !statement ? (
        <Loading />
      ) : (
        <>
          <StatementSummary statement={statement} />
          <Card variant="outlined">
            <CardHeader title={translate('banking.reconcile.lines')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
            <CardContent sx={{ pt: 0 }}>
              <ListBase resource="bank-lines" filter={{ statement_id: id }} sort={{ field: 'date', order: 'ASC' }} perPage={25} disableSyncWithLocation storeKey={false}>
                <StatementLines />
              </ListBase>
            </CardContent>
          </Card>
        </>
      )}
    </Stack>
  );
}
