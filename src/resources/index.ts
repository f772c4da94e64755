import type { ResourceProps } from 'react-admin';
import { productGroups } from './product-groups';
import { products } from './products';
import { properties } from './properties';
import { members } from './members';
import { orders } from './orders';
import { users } from './users';
import { reps } from './reps';
import { marketing } from './marketing';
import { salesLeads } from './sales-leads';
import { emailTemplates } from './email-templates';
import { mailingLists } from './mailing-lists';
import { mailQueue } from './mail-queue';
import { auditLog } from './audit-log';
import { debtors, invoices, payments } from './billing';
import { webhooks } from './webhooks';
import { erasureRequests } from './erasure-requests';
import { bankRules, bankStatements } from './banking';
import { stock, stockMovements } from './stock';

/**
 * The react-admin resources of the back office, one folder each (`src/resources/<name>/index.ts`
 * exports `{name, list, edit, create, show, icon}`). A resource's own routes (`/<name>`,
 * `/<name>/create`, `/<name>/:id`) replace the placeholder screen of src/routes.ts for its path.
 */
export const resources: ResourceProps[] = [members, users, products, properties, productGroups, orders, reps, marketing, salesLeads, emailTemplates, mailingLists, mailQueue, auditLog, invoices, payments, debtors, bankStatements, bankRules, webhooks, erasureRequests, stock, stockMovements];
