/**
 * The SPA's route table. Pure data, shared by the public router (which must not load
 * react-admin) and the back office. Paths are contracts: keep them exactly.
 */
export type RoleName = 'admin' | 'stockist' | 'individual' | 'production' | 'reseller';

export const publicPaths = {
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password/:token',
  notFound: '/404',
  trackOrder: '/ext/track/order/:token',
  register: '/register',
  completeMembership: '/complete/membership/:token',
  unsubscribe: '/unsubscribe/:token',
  // POPIA: what is processed, why, the member's rights and the information officer.
  privacy: '/privacy',
} as const;

export interface ProtectedRoute {
  path: string;
  /** The key under `app.pages` naming the screen (page title and heading). */
  page: string;
}

export const protectedRoutes: ProtectedRoute[] = [
  { path: '/', page: 'home' },
  { path: '/products', page: 'products' },
  { path: '/properties', page: 'properties' },
  { path: '/product-groups', page: 'product_groups' },
  { path: '/product-groups/:groupid', page: 'product_group' },
  { path: '/orders', page: 'orders' },
  { path: '/create-order', page: 'create_order' },
  { path: '/create-order/:clientid', page: 'create_order' },
  { path: '/users', page: 'users' },
  { path: '/members', page: 'members' },
  { path: '/reps', page: 'reps' },
  { path: '/reps/view/:repid', page: 'rep' },
  { path: '/reps/view/client/:clientid', page: 'rep_client' },
  { path: '/clients/view/:clientid', page: 'client' },
  { path: '/client/view/order/:orderid', page: 'order' },
  { path: '/orders/view/order/:orderid', page: 'order' },
  { path: '/member-requests', page: 'member_requests' },
  { path: '/sales-leads', page: 'sales_leads' },
  { path: '/marketing', page: 'marketing' },
  { path: '/email-templates', page: 'email_templates' },
  { path: '/mailing-lists', page: 'mailing_lists' },
  { path: '/mailing-lists/:mailinglistid', page: 'mailing_list' },
  { path: '/mail-queue', page: 'mail_queue' },
  { path: '/audit-log', page: 'audit_log' },
  { path: '/invoices', page: 'invoices' },
  { path: '/invoices/:invoiceid', page: 'invoice' },
  { path: '/payments', page: 'payments' },
  { path: '/debtors', page: 'debtors' },
  { path: '/billing/settings', page: 'billing_settings' },
  // Bank statements (admin): import and the list, a statement's reconciliation, the matching rules.
  { path: '/bank-statements', page: 'bank_statements' },
  { path: '/bank-statements/:statementid', page: 'bank_statement' },
  { path: '/bank-rules', page: 'bank_rules' },
  // Paying online: the test gateway's payment page (no PayFast settings, not in production), and PayFast's notifications (admin).
  { path: '/billing/test-gateway/:checkoutid', page: 'payfast_test_gateway' },
  { path: '/billing/payfast-notifications', page: 'payfast_notifications' },
  // Sales analytics from the invoice register (admin).
  { path: '/sales-analytics', page: 'sales_analytics' },
  // Rep commissions: the admin's plans, targets and statements; a rep's own statements.
  { path: '/commissions', page: 'commissions' },
  { path: '/clients/view/:clientid/statement', page: 'statement' },
  { path: '/profile', page: 'profile' },
  // The admin's outgoing webhooks (/webhooks/create and /webhooks/:id under it).
  { path: '/webhooks', page: 'webhooks' },
  // POPIA: the members' erasure requests, decided by the admin.
  { path: '/erasure-requests', page: 'erasure_requests' },
  // A campaign send's engagement report, opened from the past sends.
  { path: '/mailing-sends/:sendid/report', page: 'send_report' },
  // The admin's automatic mail (switches and wording per language).
  { path: '/automatic-mail', page: 'automatic_mail' },
  // Stock per branch (admins and production): the levels with their adjustments, and the movements.
  { path: '/stock', page: 'stock' },
  { path: '/stock-movements', page: 'stock_movements' },
  // Production (admins and production): what to make, and the work orders' board.
  { path: '/production', page: 'production' },
  // A delivery's proof, filled on the driver's phone (admins and production), from the order's deliveries.
  { path: '/deliveries/:deliveryid/proof', page: 'delivery_proof' },
];

/** The user's own account page: two-factor sign-in and sessions. */
export const PROFILE_PATH = '/profile';

export interface CoreUser {
  id: number;
  name: string;
  email: string;
  role: { id: number; role_name: string; display_name?: string };
  client: { id: number } | null;
  /** enrolment_required: an admin the company requires two-factor of, without it yet (the server allows only enrolment). */
  two_factor?: { enabled: boolean; enrolment_required: boolean };
}

export interface Branch {
  id: number;
  name: string;
  default_branch: boolean;
}

export interface Core {
  user: CoreUser;
  branch_config: Branch[];
}

/**
 * Start page by role. Any other role lands on the home page; an admin who must set up
 * two-factor first lands on their account page, where enrolment is.
 */
export function startPageFor(user: CoreUser): string {
  if (user.two_factor?.enrolment_required) return PROFILE_PATH;
  switch (user.role.role_name) {
    case 'admin':
      return '/members';
    case 'stockist':
    case 'individual':
      return user.client ? `/clients/view/${user.client.id}` : '/';
    case 'production':
      return '/orders';
    case 'reseller':
      return `/reps/view/${user.id}`;
    default:
      return '/';
  }
}

/** A redirect target from a query string is only followed when it stays inside the portal. */
export function safeRedirect(target: string | null): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//')) return null;
  return target;
}
