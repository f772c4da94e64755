import type { ComponentType } from 'react';
import { lazyScreen } from './lazyScreen';

const Upcoming = lazyScreen(() => import('./UpcomingScreen'));

/**
 * The screen for each page key of src/routes.ts. Domain issues replace an entry with their own
 * lazily loaded screen (or register a react-admin resource for the path).
 */
export const screens: Record<string, ComponentType<object>> = {
  home: lazyScreen(() => import('./HomeScreen')),
  product_group: lazyScreen(() => import('../resources/product-groups/GroupScreen')),
  client: lazyScreen(() => import('../resources/members/ClientView')),
  order: lazyScreen(() => import('../resources/orders/OrderView')),
  create_order: lazyScreen(() => import('../resources/orders/CreateOrder')),
  rep: lazyScreen(() => import('../resources/reps/RepView')),
  rep_client: lazyScreen(() => import('../resources/reps/RepClientView')),
  member_requests: lazyScreen(() => import('../resources/member-requests/MemberRequestsScreen')),
  mailing_list: lazyScreen(() => import('../resources/mailing-lists/MailingListScreen')),
  invoice: lazyScreen(() => import('../resources/billing/InvoiceView')),
  sales_analytics: lazyScreen(() => import('../resources/reports/SalesAnalyticsScreen')),
  commissions: lazyScreen(() => import('../resources/commissions/CommissionsScreen')),
  billing_settings: lazyScreen(() => import('../resources/settings/CompanySettingsScreen')),
  statement: lazyScreen(() => import('../resources/billing/StatementView')),
  bank_statement: lazyScreen(() => import('../resources/banking/ReconcileScreen')),
  payfast_test_gateway: lazyScreen(() => import('../resources/billing/TestGatewayScreen')),
  payfast_notifications: lazyScreen(() => import('../resources/billing/PayfastNotificationsScreen')),
  profile: lazyScreen(() => import('../resources/security/ProfileScreen')),
  send_report: lazyScreen(() => import('../resources/mailing-lists/SendReportScreen')),
  automatic_mail: lazyScreen(() => import('../resources/automail/AutomailScreen')),
  production: lazyScreen(() => import('../resources/production/ProductionBoard')),
  delivery_proof: lazyScreen(() => import('../resources/deliveries/ProofScreen')),
};

export function screenFor(page: string): ComponentType<object> {
  return screens[page] ?? (() => <Upcoming page={page} />);
}
