/**
 * The words of the membership flow's mails (server/modules/crm/membership/mailMessages.ts sends
 * them): the request to the admins, the completion link, a refusal and the welcome. English is the
 * reference: every language has exactly these messages, with the same `{name}` placeholders, which
 * the server fills in (server/mail/templates.ts). The admins' mail is in English (they have no
 * stored language), the others in the applicant's.
 */
export const membershipMailsEn = {
  requestReceived: {
    subject: 'New member request: {name}',
    paragraphs: ['{name} ({email}) asked to become a {type} member.', 'Contact: {contact_name}, {phone}.', 'Message: {message}'],
    action: 'Open the member requests',
  },
  completeMembership: {
    subject: 'Complete your membership',
    paragraphs: [
      'Hello {contact_name},',
      'Your membership request for {name} was approved. Open the link below to answer a few questions and choose your password. The link works once, for {days} days.',
    ],
    action: 'Complete your membership',
  },
  requestRejected: {
    subject: 'Your membership request',
    paragraphs: [
      'Hello {contact_name},',
      'Thank you for your interest. We cannot accept the membership request for {name} at this time.',
      'Reason: {reason}',
    ],
  },
  membershipCompleted: {
    subject: 'Welcome to the Members Portal',
    paragraphs: [
      'Hello {contact_name},',
      'Your account for {name} is ready: sign in with {email}. Your membership becomes active once its fee is paid.',
    ],
    action: 'Sign in',
  },
};

export type MembershipMails = typeof membershipMailsEn;
