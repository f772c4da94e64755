import { describe, expect, it } from 'vitest';
import { type CoreUser, protectedRoutes, safeRedirect, startPageFor } from '../../src/routes';
import { NO_BRANCH, resolveSelectedBranch, selectBranch } from '../../src/providers/branchSelection';
import { SELECTED_BRANCH_KEY } from '../../src/providers/storage';

const user = (role: string, client: { id: number } | null = null): CoreUser => ({
  id: 17,
  name: 'N',
  email: 'n@example.com',
  role: { id: 1, role_name: role },
  client,
});

describe('start page by role', () => {
  it.each([
    ['admin', null, '/members'],
    ['stockist', { id: 4 }, '/clients/view/4'],
    ['individual', { id: 8 }, '/clients/view/8'],
    ['production', null, '/orders'],
    ['reseller', null, '/reps/view/17'],
    ['somebody-else', null, '/'],
  ])('%s lands on %s', (role, client, page) => {
    expect(startPageFor(user(role, client))).toBe(page);
  });

  it('an admin the company requires two-factor of, without it yet, lands on enrolment (/profile)', () => {
    expect(startPageFor({ ...user('admin'), two_factor: { enabled: false, enrolment_required: true } })).toBe('/profile');
    expect(startPageFor({ ...user('admin'), two_factor: { enabled: true, enrolment_required: false } })).toBe('/members');
  });
});

describe('the route table', () => {
  it('holds every login-required route', () => {
    expect(protectedRoutes.map((route) => route.path)).toEqual([
      '/', '/products', '/properties', '/product-groups', '/product-groups/:groupid', '/orders', '/create-order',
      '/create-order/:clientid', '/users', '/members', '/reps', '/reps/view/:repid', '/reps/view/client/:clientid',
      '/clients/view/:clientid', '/client/view/order/:orderid', '/orders/view/order/:orderid', '/member-requests',
      '/sales-leads', '/marketing', '/email-templates', '/mailing-lists', '/mailing-lists/:mailinglistid',
      // Addition: the admin's mail queue.
      '/mail-queue',
      // Addition: the admin's audit screen.
      '/audit-log',
      // Addition: billing.
      '/invoices', '/invoices/:invoiceid', '/payments', '/debtors', '/billing/settings',
      // Addition: the admin's bank statements, a statement's reconciliation and the matching rules.
      '/bank-statements', '/bank-statements/:statementid', '/bank-rules',
      // Addition: paying online, the test gateway's page and PayFast's notifications (admin).
      '/billing/test-gateway/:checkoutid', '/billing/payfast-notifications',
      // Addition: the admin's sales analytics.
      '/sales-analytics',
      // Addition: rep commissions.
      '/commissions',
      '/clients/view/:clientid/statement',
      // Addition: the user's own account (two-factor sign-in, sessions).
      '/profile',
      // Addition: the admin's outgoing webhooks.
      '/webhooks',
      // Addition (POPIA): the admin's erasure requests.
      '/erasure-requests',
      // Addition: a send's engagement report.
      '/mailing-sends/:sendid/report',
      // Addition: the admin's automatic mail.
      '/automatic-mail',
      // Addition: stock per branch and its movements (admins and production).
      '/stock', '/stock-movements',
      // Addition: the production plan and the work orders' board.
      '/production',
      // Addition: a delivery's proof of delivery, on the driver's phone.
      '/deliveries/:deliveryid/proof',
    ]);
  });

  it('follows only redirects that stay inside the portal', () => {
    expect(safeRedirect('/orders?x=1')).toBe('/orders?x=1');
    expect(safeRedirect('//evil.example.com')).toBeNull();
    expect(safeRedirect('https://evil.example.com')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });
});

describe('the selected branch', () => {
  const branches = [
    { id: 1, name: 'Johannesburg', default_branch: false },
    { id: 2, name: 'Cape Town', default_branch: true },
  ];

  it('restores the stored branch from selected_branch_id', () => {
    selectBranch(1);
    expect(localStorage.getItem(SELECTED_BRANCH_KEY)).toBe('1');
    expect(resolveSelectedBranch(branches)).toBe(1);
  });

  it('chooses the default branch when none (or an unknown one) is stored', () => {
    expect(resolveSelectedBranch(branches)).toBe(2);
    localStorage.setItem(SELECTED_BRANCH_KEY, '99');
    expect(resolveSelectedBranch(branches)).toBe(2);
  });

  it('is -1 when there is no default branch', () => {
    expect(resolveSelectedBranch(branches.map((b) => ({ ...b, default_branch: false })))).toBe(NO_BRANCH);
  });
});
