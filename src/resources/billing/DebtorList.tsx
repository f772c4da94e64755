import { Card, CardContent, Typography } from '@mui/material';
import { BooleanInput, FunctionField, List, SearchInput, TextField, useListContext, useTranslate } from 'react-admin';
import { ageingBuckets, overdueOf, type Ageing } from '../../../shared/billing/accounts';
import { formatMoney } from '../../i18n/format';
import { useCore } from '../../providers/useCore';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { PriceField } from '../products/PriceField';
import { PageHeading } from '../shared/PageHeading';
import { RepFilterInput } from '../shared/RepFilterInput';
import { Facts, ResponsiveDatagrid, type PhoneRow } from '../shared/ResponsiveDatagrid';
import { ListEmptyText } from '../shared/SectionCard';
import { AgeingTable } from './AgeingTable';
import { debtorExporter } from './exporters';
import { statementPath } from './paths';
import type { Debtor } from '../../../shared/billing/records';

/**
 * A filter that is on or not there: an unticked box sends nothing rather than `false` (an empty
 * value clears a filter; react-admin's filter form keeps the previous value for an undefined one).
 */
const onlyWhenTicked = (value: boolean) => (value ? true : '');
const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <BooleanInput key="overdue" source="overdue" alwaysOn parse={onlyWhenTicked} />,
  <BooleanInput key="over_limit" source="over_limit" alwaysOn parse={onlyWhenTicked} />,
];
/** An admin may narrow the list to one rep's clients; a reseller's list is its own clients already. */
const adminFilters = [...filters, <RepFilterInput key="rep_user_id" source="rep_user_id" />];

const overLimit = (debtor: Debtor) => debtor.credit_limit !== null && debtor.balance > debtor.credit_limit;

/** On a phone: the client and its balance, then what is overdue and its limit. */
export const debtorPhoneRow = (translate: (key: string, options?: Record<string, unknown>) => string): PhoneRow<Debtor> => ({
  primaryText: (debtor) => debtor.client_name,
  tertiaryText: (debtor) => formatMoney(debtor.balance),
  secondaryText: (debtor) => (
    <Facts
      parts={[
        translate('billing.debtors.overdue_amount', { amount: formatMoney(overdueOf(debtor)) }),
        debtor.credit_limit === null ? translate('billing.debtors.no_limit') : translate('billing.debtors.limit_amount', { amount: formatMoney(debtor.credit_limit) }),
      ]}
    />
  ),
});

/** The clients with their balance by age; a row opens the client's statement. */
export function DebtorColumns() {
  const translate = useTranslate();
  return (
    <ResponsiveDatagrid
      phone={debtorPhoneRow(translate)}
      rowClick={(id) => statementPath(id)}
      bulkActionButtons={false}
      empty={<ListEmptyText none="billing.debtors.none" noMatch="billing.debtors.no_match" />}
    >
      <TextField source="client_name" />
      <FunctionField source="payment_terms" sortable={false} render={(debtor: Debtor) => translate(`billing.terms.${debtor.payment_terms}`)} />
      <FunctionField
        source="credit_limit"
        sortable={false}
        textAlign="right"
        render={(debtor: Debtor) => (debtor.credit_limit === null ? '—' : <Typography component="span" variant="body2" color={overLimit(debtor) ? 'error' : undefined}>{formatMoney(debtor.credit_limit)}</Typography>)}
      />
      {ageingBuckets.map((bucket) => (
        <PriceField key={bucket} source={bucket} sortable={bucket === 'days_120_plus'} />
      ))}
      <PriceField source="balance" />
    </ResponsiveDatagrid>
  );
}

/** The totals of every client the filters find (not just this page), from the list's answer. */
export function DebtorTotals() {
  const translate = useTranslate();
  const { meta } = useListContext();
  const totals = (meta as { totals?: Ageing } | undefined)?.totals;
  if (!totals) return null;
  return (
    <Card variant="outlined" sx={{ my: 1 }} data-testid="debtor-totals">
      <CardContent sx={{ pb: '8px !important' }}>
        <Typography variant="subtitle2" component="h2">
          {translate('billing.debtors.totals')}
        </Typography>
        <AgeingTable ageing={totals} caption={translate('billing.debtors.totals')} />
      </CardContent>
    </Card>
  );
}

/**
 * /debtors (admin; a reseller sees its own clients): every client's balance by how late it is,
 * the totals of all it finds, filters for overdue and over-limit accounts (and, for an admin, one
 * rep's clients), CSV export; a row opens the client's statement.
 */
export default function DebtorList() {
  const title = usePortalTitle('debtors');
  const core = useCore();
  const isAdmin = core?.user.role.role_name === 'admin';
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <List
        title={title}
        filters={isAdmin ? adminFilters : filters}
        sort={{ field: 'balance', order: 'DESC' }}
        perPage={25}
        exporter={debtorExporter}
        empty={false}
        // A client's balance is not per branch: the header's branch selector leaves this list alone.
        storeKey="debtors"
      >
        <DebtorTotals />
        <DebtorColumns />
      </List>
    </>
  );
}
