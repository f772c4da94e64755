import { auditShellEn } from './en.shell';

/** The messages of the audit screen. */
export const auditEn = {
  app: auditShellEn,
  resources: {
    'audit-log': {
      name: 'Audit entry |||| Audit entries',
      fields: {
        at: 'When',
        user_name: 'Who',
        user: 'User (name or email)',
        action: 'Action',
        entity: 'Record',
        changes: 'Fields changed',
        date_from: 'From',
        date_to: 'To',
      },
    },
  },
  audit: {
    empty: 'Nothing has been changed yet: every change made in the portal will be listed here, with who made it and when.',
    none: 'No audit entries match these filters.',
    public: 'Public (not signed in)',
    no_changes: 'No field values changed.',
    changes_of: 'Changes of entry %{id}',
    field: 'Field',
    before: 'Before',
    after: 'After',
    entities: {
      client: 'Member',
      user: 'User',
      order: 'Order',
      product: 'Product',
      product_group: 'Product group',
      price_rule: 'Price rule',
      property: 'Property',
      lead: 'Lead',
      membership_question: 'Membership question',
      email_template: 'Email template',
      mailing_list: 'Mailing list',
      mailing_send: 'Mailing send',
      job: 'Queued mail',
      banner: 'Banner',
      branch: 'Branch',
      rep: 'Rep',
      webhook_endpoint: 'Webhook endpoint',
      mailing_settings: 'Mailing settings',
    },
  },
};
