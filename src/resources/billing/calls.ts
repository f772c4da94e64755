import { apiPost, apiPostForm } from '../../providers/http';
import type { Allocation, BillingDocument, BillingSettings, Payment, PaymentTerms, VatClass } from '../../../shared/billing/records';

/**
 * The billing writes (server/modules/billing/wire.ts): each answers `{data}`; a refusal is an
 * ApiError with the server's message and its per-field errors.
 */
export const issueInvoice = (orderId: number) => apiPost<{ data: BillingDocument }>('api/billing/issue_invoice', { order_id: orderId }).then((answer) => answer.data);

export interface CreditNoteBody {
  invoice_id: number;
  /** Absent: all that remains on the invoice. */
  lines?: { invoice_line_id: number; quantity: number }[];
  reason: string;
}
export const issueCreditNote = (body: CreditNoteBody) => apiPost<{ data: BillingDocument }>('api/billing/credit_note', body).then((answer) => answer.data);

export interface DebitNoteBody {
  invoice_id: number;
  description: string;
  /** With VAT, in cents. */
  amount: number;
  vat_class?: VatClass;
  reason: string;
}
export const issueDebitNote = (body: DebitNoteBody) => apiPost<{ data: BillingDocument }>('api/billing/debit_note', body).then((answer) => answer.data);

export interface PaymentBody {
  client_id: number;
  amount: number;
  reference: string;
  paid_at: string;
  /** Absent: the oldest invoices first; empty: all of it stays as credit. */
  allocations?: Allocation[];
}
export const recordPayment = (body: PaymentBody) => apiPost<{ data: Payment }>('api/billing/payment', body).then((answer) => answer.data);

export const confirmPayment = (id: number, allocations?: Allocation[]) =>
  apiPost<{ data: Payment }>('api/billing/confirm_payment', allocations === undefined ? { id } : { id, allocations }).then((answer) => answer.data);

export const refusePayment = (id: number, reason: string) => apiPost<{ data: Payment }>('api/billing/refuse_payment', { id, reason }).then((answer) => answer.data);

/** A member's proof of payment: amount in cents, reference, day paid and the file (multipart). */
export function uploadProof(fields: { amount: number; reference: string; paid_at: string; proof: File }) {
  const form = new FormData();
  form.append('amount', String(fields.amount));
  form.append('reference', fields.reference);
  form.append('paid_at', fields.paid_at);
  form.append('proof', fields.proof, fields.proof.name);
  return apiPostForm<{ data: Payment }>('api/billing/upload_proof', form).then((answer) => answer.data);
}

export type SettingsBody = Partial<BillingSettings> & { new_rate?: { vat_class: VatClass; rate_bp: number; valid_from: string } };
export const saveSettings = (body: SettingsBody) => apiPost('api/billing/savesettings', body);

export interface ClientBillingBody {
  client_id: number;
  vat_number?: string;
  /** Null: the company's default terms. */
  payment_terms?: PaymentTerms | null;
  /** Null: no limit. */
  credit_limit?: number | null;
}
export const saveClientBilling = (body: ClientBillingBody) => apiPost('api/billing/saveclientbilling', body);
