import type { ComponentType } from 'react';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
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
import InsightsIcon from '@mui/icons-material/Insights';
import PercentIcon from '@mui/icons-material/Percent';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import ListAltIcon from '@mui/icons-material/ListAlt';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import OutboxIcon from '@mui/icons-material/Outbox';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import PrecisionManufacturingIcon from '@mui/icons-material/PrecisionManufacturing';
import PaymentsIcon from '@mui/icons-material/Payments';
import RuleIcon from '@mui/icons-material/Rule';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import SettingsIcon from '@mui/icons-material/Settings';
import TuneIcon from '@mui/icons-material/Tune';
import ViewKanbanIcon from '@mui/icons-material/ViewKanban';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import WebhookIcon from '@mui/icons-material/Webhook';
import WorkIcon from '@mui/icons-material/Work';
import { MemberRequestsCount, MemberRequestsIcon } from '../resources/member-requests/MemberRequestsIcon';
import type { Core, RoleName } from '../routes';

export interface MenuEntry {
  to: string;
  /** Key under app.menu. */
  label: string;
  /** An icon, or one that shows a count (the member requests waiting). */
  icon: ComponentType;
  /** That count again, beside the name of the menu bar's section the entry is in (hidden while the section is closed). */
  count?: ComponentType;
}

/**
 * The sections of a wide screen's menu bar, in their order: a role's entries of one section sit
 * behind one menu button, so an admin's twenty entries fit one row from 1280 px up. Keys under
 * app.menu_group.
 */
export const menuGroups = ['sales', 'members', 'catalogue', 'billing', 'marketing', 'administration'] as const;
export type MenuGroupKey = (typeof menuGroups)[number];

export interface MenuGroup {
  group: MenuGroupKey;
  entries: MenuEntry[];
}

/** An entry on its own, or a section of several. */
export type MenuNode = MenuEntry | MenuGroup;

export const isMenuGroup = (node: MenuNode): node is MenuGroup => 'entries' in node;

const all: RoleName[] = ['admin', 'stockist', 'individual', 'production', 'reseller'];
const members: RoleName[] = ['stockist', 'individual'];

type RoleEntry = MenuEntry & { roles: RoleName[]; group?: MenuGroupKey };

/**
 * The menu by role. It only hides what a role cannot use; the server decides.
 * Entries that need the user's own ids are built from core data. Listed section by section, so
 * the sidebar and the drawer show them in the order of the menu bar's sections.
 */
function entriesFor(core: Core): RoleEntry[] {
  const role = core.user.role.role_name as RoleName;
  const entries: RoleEntry[] = [
    { to: '/', label: 'home', icon: DashboardIcon, roles: all },
    { to: core.user.client ? `/clients/view/${core.user.client.id}` : '/', label: 'my_client', icon: AccountBoxIcon, roles: members },
    { to: `/reps/view/${core.user.id}`, label: 'my_rep', icon: WorkIcon, roles: ['reseller'] },
    { to: '/orders', label: 'orders', icon: ReceiptLongIcon, roles: ['admin', 'production'], group: 'sales' },
    { to: '/create-order', label: 'create_order', icon: AddShoppingCartIcon, roles: ['admin', ...members], group: 'sales' },
    { to: '/members', label: 'members', icon: GroupIcon, roles: ['admin'], group: 'members' },
    { to: '/member-requests', label: 'member_requests', icon: MemberRequestsIcon, count: MemberRequestsCount, roles: ['admin'], group: 'members' },
    { to: '/sales-leads', label: 'sales_leads', icon: ViewKanbanIcon, roles: ['admin'], group: 'members' },
    { to: '/reps', label: 'reps', icon: BadgeIcon, roles: ['admin'], group: 'members' },
    { to: '/erasure-requests', label: 'erasure_requests', icon: PersonRemoveIcon, roles: ['admin'], group: 'members' },
    { to: '/products', label: 'products', icon: Inventory2Icon, roles: all, group: 'catalogue' },
    { to: '/properties', label: 'properties', icon: TuneIcon, roles: ['admin'], group: 'catalogue' },
    { to: '/product-groups', label: 'product_groups', icon: CategoryIcon, roles: ['admin'], group: 'catalogue' },
    { to: '/stock', label: 'stock', icon: WarehouseIcon, roles: ['admin', 'production'], group: 'catalogue' },
    { to: '/production', label: 'production', icon: PrecisionManufacturingIcon, roles: ['admin', 'production'], group: 'catalogue' },
    { to: '/invoices', label: 'invoices', icon: RequestQuoteIcon, roles: ['admin'], group: 'billing' },
    { to: '/payments', label: 'payments', icon: PaymentsIcon, roles: ['admin'], group: 'billing' },
    { to: '/bank-statements', label: 'bank_statements', icon: AccountBalanceIcon, roles: ['admin'], group: 'billing' },
    { to: '/bank-rules', label: 'bank_rules', icon: RuleIcon, roles: ['admin'], group: 'billing' },
    { to: '/debtors', label: 'debtors', icon: AccountBalanceWalletIcon, roles: ['admin', 'reseller'], group: 'billing' },
    { to: '/sales-analytics', label: 'sales_analytics', icon: InsightsIcon, roles: ['admin'], group: 'billing' },
    { to: '/commissions', label: 'commissions', icon: PercentIcon, roles: ['admin', 'reseller'], group: 'billing' },
    { to: '/billing/settings', label: 'billing_settings', icon: SettingsIcon, roles: ['admin'], group: 'billing' },
    { to: '/marketing', label: 'marketing', icon: CampaignIcon, roles: ['admin'], group: 'marketing' },
    { to: '/email-templates', label: 'email_templates', icon: EmailIcon, roles: ['admin'], group: 'marketing' },
    { to: '/mailing-lists', label: 'mailing_lists', icon: ListAltIcon, roles: ['admin'], group: 'marketing' },
    { to: '/mail-queue', label: 'mail_queue', icon: OutboxIcon, roles: ['admin'], group: 'marketing' },
    { to: '/automatic-mail', label: 'automatic_mail', icon: MarkEmailReadIcon, roles: ['admin'], group: 'marketing' },
    { to: '/users', label: 'users', icon: ManageAccountsIcon, roles: ['admin'], group: 'administration' },
    { to: '/audit-log', label: 'audit_log', icon: HistoryIcon, roles: ['admin'], group: 'administration' },
    { to: '/webhooks', label: 'webhooks', icon: WebhookIcon, roles: ['admin'], group: 'administration' },
  ];
  return entries.filter((entry) => entry.roles.includes(role));
}

const entryOf = ({ roles: _roles, group: _group, ...entry }: RoleEntry): MenuEntry => entry;

/** The role's entries one after another: the sidebar and the phone's drawer. */
export function menuFor(core: Core): MenuEntry[] {
  return entriesFor(core).map(entryOf);
}

/**
 * The menu bar: entries without a section, and a section per group where the role has several
 * of its entries; a section with one entry is that entry (a production user sees Orders, not a
 * Sales menu holding it).
 */
export function menuTreeFor(core: Core): MenuNode[] {
  const nodes: MenuNode[] = [];
  const sections = new Map<MenuGroupKey, MenuGroup>();
  for (const entry of entriesFor(core)) {
    if (!entry.group) {
      nodes.push(entryOf(entry));
      continue;
    }
    let section = sections.get(entry.group);
    if (!section) {
      section = { group: entry.group, entries: [] };
      sections.set(entry.group, section);
      nodes.push(section);
    }
    section.entries.push(entryOf(entry));
  }
  return nodes.map((node) => (isMenuGroup(node) && node.entries.length === 1 ? node.entries[0]! : node));
}
