import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import PaymentsIcon from '@mui/icons-material/Payments';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import type { ResourceProps } from 'react-admin';
import { lazyScreen } from '../../screens/lazyScreen';

/**
 * Billing (api/billing/*). `/invoices/{id}` is a screen of its own (page key `invoice`),
 * as are `/billing/settings` and a client's statement (`/clients/view/{id}/statement`).
 */
export const invoices: ResourceProps = {
  name: 'invoices',
  list: lazyScreen(() => import('./InvoiceList')),
  icon: RequestQuoteIcon,
  recordRepresentation: 'number',
};

/** /payments (admin): proofs waiting for confirmation, every payment, recording one. */
export const payments: ResourceProps = {
  name: 'payments',
  list: lazyScreen(() => import('./PaymentList')),
  icon: PaymentsIcon,
  recordRepresentation: 'reference',
};

/** /debtors (admin; a reseller its own clients): balances by age. */
export const debtors: ResourceProps = {
  name: 'debtors',
  list: lazyScreen(() => import('./DebtorList')),
  icon: AccountBalanceWalletIcon,
  recordRepresentation: 'client_name',
};
