import type { ComponentType } from 'react';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import AccountBoxIcon from '@mui/icons-material/AccountBox';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import BadgeIcon from '@mui/icons-material/Badge';
import CampaignIcon from '@mui/icons-material/Campaign';
import CategoryIcon from '@mui/icons-material/Category';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EmailIcon from '@mui/icons-material/Email';
import GroupIcon from '@mui/icons-material/Group';
import HistoryIcon from '@mui/icons-material/History';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import ListAltIcon from '@mui/icons-material/ListAlt';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import OutboxIcon from '@mui/icons-material/Outbox';
import PaymentsIcon from '@mui/icons-material/Payments';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import SettingsIcon from '@mui/icons-material/Settings';
import TuneIcon from '@mui/icons-material/Tune';
import ViewKanbanIcon from '@mui/icons-material/ViewKanban';
import WorkIcon from '@mui/icons-material/Work';
import { MemberRequestsIcon } from '../resources/member-requests/MemberRequestsIcon';
import type { Core, RoleName } from '../routes';

export interface MenuEntry {
  to: string;
  /** Key under app.menu. */
  label: string;
  /** An icon, or one that shows a count (the member requests waiting). */
  icon: ComponentType;
}

const all: RoleName[] = ['admin', 'stockist', 'individual', 'production', 'reseller'];
const members: RoleName[] = ['stockist', 'individual'];

/**
 * The menu by role (DESIGN §3). It only hides what a role cannot use; the server decides.
 * Entries that need the user's own ids are built from core data.
 */
export function menuFor(core: Core): MenuEntry[] {
  const role = core.user.role.role_name as RoleName;
  const entries: (MenuEntry & { roles: RoleName[] })[] = [
    { to: '/', label: 'home', icon: DashboardIcon, roles: all },
    { to: '/members', label: 'members', icon: GroupIcon, roles: ['admin'] },
    { to: '/member-requests', label: 'member_requests', icon: MemberRequestsIcon, roles: ['admin'] },
    { to: '/sales-leads', label: 'sales_leads', icon: ViewKanbanIcon, roles: ['admin'] },
    { to: core.user.client ? `/clients/view/${core.user.client.id}` : '/', label: 'my_client', icon: AccountBoxIcon, roles: members },
    { to: `/reps/view/${core.user.id}`, label: 'my_rep', icon: WorkIcon, roles: ['reseller'] },
    { to: '/orders', label: 'orders', icon: ReceiptLongIcon, roles: ['admin', 'production'] },
    { to: '/create-order', label: 'create_order', icon: AddShoppingCartIcon, roles: ['admin', ...members] },
    { to: '/invoices', label: 'invoices', icon: RequestQuoteIcon, roles: ['admin'] },
    { to: '/payments', label: 'payments', icon: PaymentsIcon, roles: ['admin'] },
    { to: '/debtors', label: 'debtors', icon: AccountBalanceWalletIcon, roles: ['admin', 'reseller'] },
    { to: '/products', label: 'products', icon: Inventory2Icon, roles: all },
    { to: '/properties', label: 'properties', icon: TuneIcon, roles: ['admin'] },
    { to: '/product-groups', label: 'product_groups', icon: CategoryIcon, roles: ['admin'] },
    { to: '/reps', label: 'reps', icon: BadgeIcon, roles: ['admin'] },
    { to: '/users', label: 'users', icon: ManageAccountsIcon, roles: ['admin'] },
    { to: '/marketing', label: 'marketing', icon: CampaignIcon, roles: ['admin'] },
    { to: '/email-templates', label: 'email_templates', icon: EmailIcon, roles: ['admin'] },
    { to: '/mailing-lists', label: 'mailing_lists', icon: ListAltIcon, roles: ['admin'] },
    { to: '/mail-queue', label: 'mail_queue', icon: OutboxIcon, roles: ['admin'] },
    { to: '/audit-log', label: 'audit_log', icon: HistoryIcon, roles: ['admin'] },
    { to: '/billing/settings', label: 'billing_settings', icon: SettingsIcon, roles: ['admin'] },
  ];
  return entries.filter((entry) => entry.roles.includes(role)).map(({ roles: _roles, ...entry }) => entry);
}
