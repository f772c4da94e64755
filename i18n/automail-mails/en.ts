/**
 * The default words of the automatic mails (server/modules/automail/catalogue.ts), which an admin
 * may replace per language in the portal. English is the reference: every language has exactly
 * these messages, with the same `{name}` placeholders, which the server fills in
 * (server/mail/templates.ts). The 30- and 7-day renewal reminders share one wording.
 */
export const automailMailsEn = {
  membership_welcome: {
    subject: 'Your membership is active',
    paragraphs: [
      'Hello {contact_name},',
      'The membership of {name} is active from {date}. Welcome: everything in the portal is now open to you.',
    ],
    action: 'Sign in',
  },
  renewal_reminder: {
    subject: 'Your membership ends in {days} days',
    paragraphs: ['Hello {contact_name},', 'The membership of {name} ends on {date}. Sign in to the portal to renew it in time.'],
    action: 'Sign in to renew',
  },
  renewal_today: {
    subject: 'Your membership ends today',
    paragraphs: ['Hello {contact_name},', 'The membership of {name} ends today, {date}. Sign in to the portal to renew it.'],
    action: 'Sign in to renew',
  },
  order_confirmation: {
    subject: 'We received your order {reference}',
    paragraphs: [
      'Hello {contact_name},',
      'Thank you: order {reference} for {name} was placed, for {total}. We will tell you as it moves along.',
    ],
    action: 'Follow your order',
  },
  order_status: {
    subject: 'Order {reference}: {status}',
    paragraphs: ['Hello {contact_name},', 'Your order {reference} is now: {status}.'],
    action: 'Follow your order',
  },
};

export type AutomailMails = typeof automailMailsEn;
