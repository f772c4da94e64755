import { automailShellEn } from './en.shell';

/** The messages of the automatic mail screen and the member's notice choices. */
export const automailEn = {
  app: automailShellEn,
  // The audit screen's name of the records this domain audits (switches, wording).
  audit: { entities: { automail: 'Automatic mail' } },
  automail: {
    intro: 'Mail the portal sends by itself when something happens. Each goes once per event, in the member’s language.',
    kinds: {
      membership_welcome: 'Welcome (membership active)',
      renewal_30: 'Renewal reminder, 30 days before',
      renewal_7: 'Renewal reminder, 7 days before',
      renewal_0: 'Renewal notice, on the expiry day',
      order_confirmation: 'Order confirmation',
      order_status: 'Order status change',
    },
    column_kind: 'Mail',
    column_enabled: 'Sent',
    column_reworded: 'Own wording',
    default_wording: 'Default wording',
    edit: 'Edit wording',
    switched_on: '“%{kind}” is sent again.',
    switched_off: '“%{kind}” is no longer sent.',
    editor_title: 'Wording: %{kind}',
    language: 'Language',
    subject: 'Subject',
    body: 'Message',
    body_help: 'Paragraphs are separated by a blank line. Placeholders: %{placeholders}',
    is_default: 'This is the default wording.',
    is_reworded: 'This is your own wording; “Reset to default” brings the default back.',
    preview: 'Preview',
    preview_title: 'Preview',
    save: 'Save wording',
    saved: 'The wording is saved.',
    reset: 'Reset to default',
    reset_done: 'The default wording is back.',
    close: 'Close',
  },
  notices: {
    title: 'Email notices',
    intro: 'Choose which emails you get about your orders and your membership. The welcome mail and invoices always come.',
    order_confirmation: 'Order confirmations',
    order_status: 'Order status changes',
    renewal_reminders: 'Membership renewal reminders',
    save: 'Save my choices',
    saved: 'Your choices are saved.',
  },
};
