import { privacyShellEn } from './en.shell';

/** POPIA: a member's data export and erasure, and the admin's erasure requests. */
export const privacyEn = {
  app: privacyShellEn,
  resources: {
    'erasure-requests': {
      name: 'Erasure request |||| Erasure requests',
      fields: {
        requested_at: 'Requested',
        client_name: 'Member',
        requested_by_name: 'Requested by',
        status: 'Status',
        decided_at: 'Decided',
        decline_reason: 'Reason declined',
        reason: 'Reason (shown to the member)',
      },
    },
  },
  privacy: {
    title: 'Your data',
    title_admin: 'Personal data (POPIA)',
    intro: 'Download everything the portal holds about your membership, or ask for your personal data to be erased. Orders and tax invoices are kept for five years, as the tax law requires.',
    intro_admin: "Download everything held about this member, or record a request to erase its personal data that the member made by other means.",
    download: 'Download my data',
    erasure: {
      request: 'Ask for erasure',
      record: 'Record an erasure request',
      confirm_title: 'Erase the personal data?',
      confirm:
        'Once the company approves, your names, contact details and sign-in are removed for good and you can no longer use the portal. Orders and tax invoices stay for five years, as the tax law requires.',
      confirm_admin: 'The request waits in the erasure requests for approval. Approving it removes the personal data for good.',
      requested: 'Your erasure request has been sent',
      state: {
        pending: 'Erasure requested on %{requested}: waiting for the decision.',
        approved: 'Erased on %{decided}.',
        declined: 'The erasure request of %{requested} was declined on %{decided}.',
      },
      reason: 'Reason:',
      statuses: { pending: 'Waiting', approved: 'Erased', declined: 'Declined' },
      approve: 'Approve and erase',
      approve_title: 'Erase this member?',
      approve_content:
        "The member's names, contact details, users' sign-in, leads, list memberships and mail records are removed at once and cannot be restored. Its orders and issued tax documents stay.",
      approved: 'The member has been erased',
      decline: 'Decline',
      decline_title: 'Decline the erasure request',
      declined: 'The request has been declined',
      none: 'No erasure requests yet.',
      none_match: 'No erasure requests match.',
    },
  },
};
