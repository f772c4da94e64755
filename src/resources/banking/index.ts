import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import RuleIcon from '@mui/icons-material/Rule';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../screens/lazyScreen';

/**
 * Banking (admin, api/bank/*): /bank-statements imports a statement and lists them; a statement's
 * reconciliation is a screen of its own (`/bank-statements/{id}`, page key `bank_statement`).
 */
export const bankStatements: ResourceProps = {
  name: 'bank-statements',
  list: lazyScreen(() => import('./StatementList')),
  icon: AccountBalanceIcon,
  recordRepresentation: 'file_name',
};

/** /bank-rules (admin): text in a line → a client, or → ignore. */
export const bankRules: ResourceProps = {
  name: 'bank-rules',
  list: lazyScreen(() => import('./RuleList')),
  icon: RuleIcon,
  recordRepresentation: 'pattern',
};
