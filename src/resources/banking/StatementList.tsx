import { Stack } from '@mui/material';
import { FunctionField, List, TextField, useTranslate } from 'react-admin';
import { formatDateTime, formatMoney } from '../../i18n/format';
import { formatDay } from '../../i18n/formatDay';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { PageHeading } from '../shared/PageHeading';
import { Facts, ResponsiveDatagrid, type PhoneRow } from '../shared/ResponsiveDatagrid';
import { EmptyText } from '../shared/SectionCard';
import { useLiveRefresh } from '../shared/useLiveRefresh';
import { LineCounts } from './LineStatusChip';
import { reconcilePath } from './paths';
import { StatementImport } from './StatementImport';
import type { BankStatement } from '../../../shared/banking/records';
import { bankFormatName } from '../../../shared/banking/statement';

const balance = (cents: number | null) => (cents === null ? '—' : formatMoney(cents));

/** A statement's bank (or file format): names that are the same in every language. */
export function StatementFormat({ statement }: { statement: BankStatement }) {
  return <>{bankFormatName(statement.format)}</>;
}

export function StatementPeriod({ statement }: { statement: BankStatement }) {
  const translate = useTranslate();
  return <>{translate('banking.statements.period', { from: formatDay(statement.date_from), to: formatDay(statement.date_to) })}</>;
}

/** On a phone: the period, the counts by status, then the bank and the balances. */
const phoneRow: PhoneRow<BankStatement> = {
  primaryText: (statement) => <StatementPeriod statement={statement} />,
  tertiaryText: (statement) => <LineCounts totals={statement.totals} />,
  secondaryText: (statement) => <Facts parts={[<StatementFormat key="format" statement={statement} />, statement.account, `${balance(statement.opening_balance)} → ${balance(statement.closing_balance)}`]} />,
};

/**
 * /bank-statements (admin): a statement's import on top, then every statement imported, newest
 * first, with its balances and how many of its lines are matched, suggested or left; a row opens
 * its reconciliation. Live: another admin's import or match shows without a reload.
 */
export default function StatementList() {
  const title = usePortalTitle('bank_statements');
  useLiveRefresh('bank-statements');
  return (
    <Stack spacing={2} sx={{ mb: 2 }}>
      <PageHeading>{title}</PageHeading>
      <StatementImport />
      <List resource="bank-statements" title={title} sort={{ field: 'imported_at', order: 'DESC' }} perPage={25} exporter={false} actions={false} empty={false}>
        <ResponsiveDatagrid phone={phoneRow} rowClick={(id) => reconcilePath(id)} bulkActionButtons={false} empty={<EmptyText message="banking.statements.none" />}>
          <FunctionField source="date_to" label="resources.bank-statements.fields.period" render={(statement: BankStatement) => <StatementPeriod statement={statement} />} />
          <FunctionField source="format" sortable={false} render={(statement: BankStatement) => <StatementFormat statement={statement} />} />
          <TextField source="account" sortable={false} />
          <FunctionField source="opening_balance" sortable={false} textAlign="right" render={(statement: BankStatement) => balance(statement.opening_balance)} />
          <FunctionField source="closing_balance" sortable={false} textAlign="right" render={(statement: BankStatement) => balance(statement.closing_balance)} />
          <FunctionField source="lines" sortable={false} textAlign="right" render={(statement: BankStatement) => statement.lines} />
          <FunctionField source="totals" sortable={false} render={(statement: BankStatement) => <LineCounts totals={statement.totals} />} />
          <FunctionField source="imported_at" render={(statement: BankStatement) => formatDateTime(new Date(statement.imported_at))} />
        </ResponsiveDatagrid>
      </List>
    </Stack>
  );
}
