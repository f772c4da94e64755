import { API_BASE, apiPost } from '../../providers/http';

/** The signed PayFast form of `api/billing/checkout`: posted by the browser to `action`, fields in order. */
export interface CheckoutForm {
  id: number;
  amount: number;
  action: string;
  fields: [string, string][];
}

export interface CheckoutState {
  id: number;
  client_id: number;
  amount: number;
  status: 'open' | 'paid';
  payment_id: number | null;
  created_at: string;
  invoices: { id: number; number: string }[];
}

export const startCheckout = (invoiceIds: number[]) => apiPost<{ data: CheckoutForm }>('api/billing/checkout', { invoice_ids: invoiceIds }).then((answer) => answer.data);

/**
 * Leaves for PayFast's payment page the way PayFast asks: a form posted by the browser, its
 * fields in the order they were signed. The test gateway's action is a path of this portal.
 */
export function postToGateway(form: CheckoutForm): void {
  const element = document.createElement('form');
  element.method = 'POST';
  element.action = form.action.startsWith('/') ? `${API_BASE}${form.action}` : form.action;
  element.hidden = true;
  for (const [name, value] of form.fields) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    element.appendChild(input);
  }
  document.body.appendChild(element);
  element.submit();
}

/** Where a payer goes back to after paying: the invoice, or the statement of several (as the server's return_url). */
export const returnPathOf = (checkout: CheckoutState) =>
  checkout.invoices.length === 1 ? `/invoices/${checkout.invoices[0].id}` : `/clients/view/${checkout.client_id}/statement`;
