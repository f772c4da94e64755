import { appAuthEn } from './app.auth.en';
import { crmEn } from './crm/en';
import { membershipEn } from './membership/en';
import { ordersEn } from './orders/en';
import { membersScreensEn } from './members/en';
import { productsEn } from './products/en';
import { repsEn } from './reps/en';
import { mailingEn } from './mailing/en';
import { auditEn } from './audit/en';
import { billingEn } from './billing/en';
import { webhooksEn } from './webhooks/en';
import { securityEn } from './security/en';
import { automailEn } from './automail/en';
import { privacyEn } from './privacy/en';
import { consentEn } from './consent/en';
import { engagementEn } from './engagement/en';
import { reportsEn } from './reports/en';
import { bankingEn } from './banking/en';
import { commissionsEn } from './commissions/en';
import { stockEn } from './stock/en';
import { dashboardEn } from './dashboard/en';
import { courierEn } from './courier/en';
import { deliveriesEn } from './deliveries/en';

/** Drops a domain's `app` part: the shell already has it (i18n/en.core.ts). */
const withoutShell = ({ app: _shell, ...rest }: { app?: unknown } & Record<string, unknown>) => rest;

/**
 * The English of the screens past the first one (see i18n/en.core.ts): each domain's messages
 * whole but its menu entries, and the sign-in messages the account page's two-factor section uses.
 */
export const enRestDomains: Record<string, unknown>[] = [
  { app: { auth: appAuthEn } },
  membersScreensEn,
  dashboardEn,
  ...[crmEn, membershipEn, ordersEn, productsEn, repsEn, mailingEn, auditEn, billingEn, webhooksEn, securityEn, automailEn, privacyEn, consentEn, engagementEn, reportsEn, bankingEn, commissionsEn, stockEn, courierEn, deliveriesEn].map(withoutShell),
];
