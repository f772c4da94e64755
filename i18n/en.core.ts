import englishMessages from 'ra-language-english';
import { appEn } from './app.en';
import { mergeMessages } from './merge';
import { dashboardShellEn } from './dashboard/en.shell';
import { membersListEn } from './members/en.list';
import { securityShellEn } from './security/en.shell';
import { offlineEn } from './offline/en';
import { liveEn } from './live/en';
import { membershipShellEn } from './membership/en.shell';
import { mailingShellEn } from './mailing/en.shell';
import { auditShellEn } from './audit/en.shell';
import { billingShellEn } from './billing/en.shell';
import { webhooksShellEn } from './webhooks/en.shell';
import { automailShellEn } from './automail/en.shell';
import { privacyShellEn } from './privacy/en.shell';
import { consentShellEn } from './consent/en.shell';
import { engagementShellEn } from './engagement/en.shell';
import { reportsShellEn } from './reports/en.shell';
import { bankingShellEn } from './banking/en.shell';
import { commissionsShellEn } from './commissions/en.shell';
import { stockShellEn } from './stock/en.shell';
import { deliveriesShellEn } from './deliveries/en.shell';

/**
 * The English the back office needs before its first screen: react-admin's, the shell's (menu,
 * page titles, app bar, offline and live notices) and the members list's. The
 * other domains' English (i18n/en.rest.ts) is its own chunk, loaded beside the first screen and
 * awaited by every other screen (src/screens/lazyScreen.ts), so the first screen weighs what it
 * shows (within 1.1× a minimal react-admin app).
 */
const enCore = mergeMessages({ ...englishMessages, app: appEn }, [
  dashboardShellEn,
  membersListEn,
  offlineEn,
  liveEn,
  { app: membershipShellEn },
  { app: mailingShellEn },
  { app: auditShellEn },
  { app: billingShellEn },
  { app: webhooksShellEn },
  { app: securityShellEn },
  { app: automailShellEn },
  { app: privacyShellEn },
  { app: consentShellEn },
  { app: engagementShellEn },
  { app: reportsShellEn },
  { app: bankingShellEn },
  { app: commissionsShellEn },
  { app: stockShellEn },
  { app: deliveriesShellEn },
]);
export default enCore;
