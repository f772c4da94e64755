import englishMessages from 'ra-language-english';
import { appEn } from './app.en';
import { mergeMessages } from './merge';
import { crmEn } from './crm/en';
import { dashboardEn } from './dashboard/en';
import { membersEn } from './members/en';
import { membershipEn } from './membership/en';
import { ordersEn } from './orders/en';
import { productsEn } from './products/en';
import { repsEn } from './reps/en';
import { mailingEn } from './mailing/en';
import { auditEn } from './audit/en';
import { billingEn } from './billing/en';
import { securityEn } from './security/en';
import { offlineEn } from './offline/en';
import { webhooksEn } from './webhooks/en';
import { automailEn } from './automail/en';
import { liveEn } from './live/en';

/** English is the default and the fallback language (SPEC §1). Each domain's messages: `i18n/<domain>/en.ts`. */
const en = mergeMessages({ ...englishMessages, app: appEn }, [crmEn, dashboardEn, membersEn, membershipEn, ordersEn, productsEn, repsEn, mailingEn, auditEn, billingEn, securityEn, offlineEn, webhooksEn, automailEn, liveEn]);
export default en;
