/**
 * The members list's messages (the admin's first screen, so they travel with the back office's
 * shell: i18n/en.core.ts); the rest of the members domain is in ./en.ts.
 */
export const membersListEn = {
  resources: {
    members: {
      name: 'Member |||| Members',
      fields: {
        name: 'Name',
        type: 'Type',
        contact_name: 'Contact person',
        email: 'Email',
        phone: 'Phone',
        address: 'Address',
        branch_id: 'Branch',
        membership_status: 'Membership',
        membership_expires_at: 'Membership expires',
        rep_ids: 'Reps',
        rep: 'Rep',
        q: 'Search',
        archived: 'Archived only',
        created_at: 'Member since',
      },
    },
  },
  members: {
    // A search's total past 10,000 is a floor: the list says so and offers the exact count.
    capped_total: {
      matches: '%{count}+ members match this search',
      count_all: 'Count them all',
    },
    types: { stockist: 'Stockist', individual: 'Individual', admin: 'Company' },
    statuses: {
      requested: 'Requested',
      approved: 'Approved',
      pending_payment: 'Awaiting payment',
      active: 'Active',
      expired: 'Expired',
    },
    view: {
      details: 'Details',
      edit_details: 'Edit details',
      membership: 'Membership',
      expires: 'Expires on %{date}',
      no_expiry: 'No expiry date',
      no_branch: 'No branch',
      archived: 'This member is archived.',
      users: 'Users',
      orders: 'Orders',
      answers: 'Membership questions',
      no_answers: 'No answers yet.',
      edit_answers: 'Edit answers',
      question: 'Question',
      answer: 'Answer',
      answers_saved: 'Answers saved',
      details_saved: 'Details saved',
    },
    membership: {
      activate: 'Activate membership',
      activate_title: 'Activate this membership?',
      activate_content: 'The membership becomes active for one year, counted from its current expiry if that is still ahead.',
      activated: 'Membership activated',
      bulk_activate_title: 'Activate the selected memberships?',
      bulk_activated: 'Memberships activated',
      order_fee: 'Order membership fee',
      order_fee_title: 'Order the membership fee?',
      order_fee_content: 'The membership fee becomes an order for this member, and the membership awaits its payment.',
      fee_ordered: 'Membership fee ordered: %{reference}',
    },
    archive: {
      action: 'Archive',
      title: 'Archive the selected members?',
      content: 'Archived members leave the list and their users can no longer sign in. Their orders and history stay.',
    },
  },
};
