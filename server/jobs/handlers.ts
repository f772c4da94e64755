import { mailJobHandler } from '../mail/queue';
import { renewalJobHandler, renewalSchedule } from '../modules/crm/membership/renewals';
import type { ModuleDeps } from '../modules/deps';
import { mailingLaneHandler } from '../modules/crm/mailing/lane';
import { scheduledStartHandler } from '../modules/crm/mailing/scheduledSends';
import type { JobHandler, Schedule } from './worker';
import { webhookJobHandler } from '../modules/webhooks/deliver';
import { orderConfirmationHandler } from '../modules/automail/orderConfirmation';
import { bounceMailboxHandler, bounceMailboxSchedule } from '../modules/crm/mailing/bounceMailbox';
import { leadRetentionHandler, leadRetentionSchedule } from '../modules/privacy/leadRetention';
import { documentMailHandler, statementMailHandler, statementRunHandler, statementSchedule } from '../modules/billing/mail';
import { commissionMailHandler } from '../modules/commissions/mail';

/**
 * Every kind of background work and who runs it. A domain that queues a new kind of job adds its
 * handler here; the worker refuses to claim kinds it has no handler for.
 */
export function jobHandlers(deps: Omit<ModuleDeps, 'jobs'>): JobHandler[] {
  return [mailJobHandler(deps.mailer, deps.mailer.from), renewalJobHandler(deps), mailingLaneHandler(deps), scheduledStartHandler(deps), documentMailHandler(deps), statementRunHandler(deps), statementMailHandler(deps), webhookJobHandler(deps), orderConfirmationHandler(deps), bounceMailboxHandler(deps), leadRetentionHandler(deps), commissionMailHandler(deps)];
}

/** Work that runs once per period on the whole cluster; the bounce mailbox only when one is configured. */
export function jobSchedules(deps: Pick<ModuleDeps, 'bounceMailbox'>): Schedule[] {
  return [renewalSchedule, statementSchedule, leadRetentionSchedule, ...(deps.bounceMailbox ? [bounceMailboxSchedule(deps.bounceMailbox)] : [])];
}
