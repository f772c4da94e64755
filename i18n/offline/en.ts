/** Messages of the offline-tolerant app (merged into i18n/en.ts). */
export const offlineEn = {
  offline: {
    banner: 'You are offline. Screens show what was loaded before; new orders are kept on this device and sent when the connection is back.',
    placed_offline: 'No connection: the order is kept on this device and will be sent when the connection is back.',
    sent: 'Order %{reference} has been sent (it was waiting on this device). Total: %{total}.',
    price_changed: "Order %{reference} has been sent and priced at today's prices, which changed since it was placed: %{changes}. Total: %{total}.",
    prices_offline: 'Offline: the server prices the order when it is sent. The prices shown are the last ones seen.',
    needs_connection: 'This needs a connection. Try again when you are back online.',
    proof_sent: 'The proof of delivery of %{number}, signed by %{signed_by}, has been sent (it was waiting on this device).',
    waiting: {
      title: '%{smart_count} order waiting to send |||| %{smart_count} orders waiting to send',
      line: '%{client}: %{smart_count} line, %{value} at the last prices seen, placed %{placed} |||| %{client}: %{smart_count} lines, %{value} at the last prices seen, placed %{placed}',
      waiting: 'Waiting to send',
      refused: 'Not accepted: %{message}',
      discard: 'Discard',
      discard_title: 'Discard this order?',
      discard_content: 'It is removed from this device and will not be sent.',
      title_with_proofs: '%{smart_count} thing waiting to send |||| %{smart_count} things waiting to send',
      proof_line: 'Proof of delivery of %{number} (order %{reference}), signed by %{signed_by} at %{placed}',
      discard_proof_title: 'Discard this proof of delivery?',
    },
  },
};
