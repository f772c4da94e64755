import { webhooksShellEn } from './en.shell';

/** The messages of the outgoing webhooks screens. */
export const webhooksEn = {
  app: webhooksShellEn,
  resources: {
    webhooks: {
      name: 'Webhook endpoint |||| Webhook endpoints',
      fields: {
        url: 'Address (URL)',
        description: 'Description',
        events: 'Events',
        active: 'Active',
        created_at: 'Created',
      },
    },
    'webhook-deliveries': {
      name: 'Delivery |||| Deliveries',
      fields: {
        id: 'Delivery id',
        created_at: 'When',
        event: 'Event',
        status: 'Status',
        attempts: 'Tries',
        response_status: 'Last answer',
        duration_ms: 'Time (ms)',
      },
    },
  },
  webhooks: {
    empty: 'No webhook endpoints yet. Add one to have the portal POST its events, signed, to another system.',
    url_help: 'An https:// address that receives a signed POST for each event. Private and local network addresses are refused.',
    events_help: 'The events sent to this address.',
    active_help: 'When off, no events are sent (the test button still works).',
    on: 'Active',
    off: 'Off',
    events: {
      order_created: 'Order created',
      order_status_changed: 'Order status changed',
      client_created: 'Member created',
      membership_activated: 'Membership activated',
      invoice_issued: 'Invoice issued',
      payment_received: 'Payment received',
      stock_low: 'Stock running low',
      delivery_dispatched: 'Goods dispatched (delivery)',
      delivery_delivered: 'Goods delivered (proof of delivery)',
      ping: 'Test (ping)',
    },
    statuses: {
      pending: 'Waiting',
      retrying: 'Retrying',
      succeeded: 'Delivered',
      failed: 'Failed',
    },
    secret_title: 'Signing secret',
    secret_once:
      'Copy this secret now: it is shown only this once. The receiver checks each delivery with it: X-Portal-Signature is the HMAC-SHA256 of X-Portal-Timestamp, a dot and the body.',
    copy: 'Copy',
    copied: 'Secret copied',
    copied_done: 'I have copied it',
    test: 'Send test',
    test_sent: 'A test delivery is on its way: it appears in the delivery log.',
    rotate: 'New secret',
    rotate_title: 'Replace the signing secret?',
    rotate_confirm: 'The current secret stops working at once: the receiver must be given the new one.',
    deliveries: 'Delivery log',
    no_deliveries: 'Nothing has been sent to this address yet. Send a test to try it.',
    redeliver: 'Send again',
    redelivered: 'The delivery will be sent again, with the same id.',
  },
};
