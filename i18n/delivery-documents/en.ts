/**
 * The words of a delivery note and of a picking slip (PDFs). English is the reference: every
 * language has exactly these keys.
 */
export const deliveryDocumentsEn = {
  delivery_note: 'Delivery Note',
  picking_slip: 'Picking Slip',
  number: 'Delivery number',
  order: 'Order',
  date: 'Date',
  branch: 'Branch',
  courier: 'Courier',
  waybill: 'Waybill',
  deliver_to: 'Deliver to',
  item: 'Item',
  code: 'Code',
  quantity: 'Quantity',
  ordered: 'Ordered',
  reserved: 'Reserved',
  delivered: 'Delivered',
  to_pick: 'To pick',
  received: 'Received in good order',
  received_by: 'Name',
  signature: 'Signature',
  signed_on: 'Date',
  signed_by: 'Signed by %{name} on %{date}',
  nothing_to_pick: 'Nothing is reserved for this order yet.',
};
export type DeliveryDocumentLabels = typeof deliveryDocumentsEn;
