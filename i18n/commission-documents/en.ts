/**
 * The words of a rep's commission statement PDF and of the mail that carries it. English is the
 * reference: every language has exactly these keys. `%{name}` is filled in.
 */
export const commissionDocumentsEn = {
  title: 'Commission Statement',
  rep: 'Rep',
  month: 'Month',
  status: 'Status',
  closed_on: 'Closed on %{date}',
  running: 'Running month, not closed',
  summary: 'Summary',
  target: 'Target (excl. VAT)',
  no_target: 'No target',
  paid_net: 'Paid (excl. VAT)',
  tier: 'Rate reached',
  clawbacks: 'Clawbacks',
  commission: 'Commission',
  date: 'Date',
  client: 'Client',
  invoice: 'Invoice',
  reference: 'Payment / credit note',
  net: 'Net',
  rate: 'Rate',
  payment: 'Payment',
  clawback: 'Clawback',
  no_lines: 'No payments or credit notes this month.',
  mail_subject: 'Commission statement %{month}',
  mail_body: 'Your commission statement for %{month} is attached as a PDF: %{commission} commission.',
};

export type CommissionDocumentLabels = typeof commissionDocumentsEn;
