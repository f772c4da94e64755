import { useEffect, useState } from 'react';
import { useIsOffline } from 'react-admin';
import { apiPost, ApiError } from '../../providers/http';
import type { CreditPosition, VatClass } from '../../../shared/billing/records';

export interface DraftLine {
  product_id: number;
  name: string;
  sku: string;
  quantity: number;
  property_value_ids: number[];
  /** The values this product offers, to choose from. */
  offered: number[];
  /** The unit price the picker showed (the user's own): what an order placed offline was seen at. */
  price?: number;
}

export interface Quote {
  lines: { product_id: number; quantity: number; unit_price: number; line_total: number; vat: number; vat_class: VatClass; rate_bp: number }[];
  /** With VAT. */
  total: number;
  vat: number;
  total_excl_vat: number;
  prices_include_vat: boolean;
  /** The client's credit position with this order; null when it has no limit. */
  credit: CreditPosition | null;
}

/**
 * The server's price for the draft (orders/quote), fetched a moment after the last change: the
 * live total is exactly what orders/create will charge, whoever enters the order.
 */
export function useOrderQuote(clientId: number | null, lines: DraftLine[], onNotFound: () => void) {
  const [quote, setQuote] = useState<Quote | null>(null);
  const [pending, setPending] = useState(false);
  // Why the last quote failed: shown in place of the total, which would otherwise stay "Calculating…".
  const [failure, setFailure] = useState<string | null>(null);
  // Offline there is no price to ask for: the server prices the order when it is sent.
  const offline = useIsOffline();
  const key = JSON.stringify([clientId, offline, lines.map((l) => [l.product_id, l.quantity, l.property_value_ids])]);

  useEffect(() => {
    if (offline || clientId === null || lines.length === 0 || lines.some((l) => !(l.quantity >= 1))) {
      setQuote(null);
      setPending(false);
      setFailure(null);
      return;
    }
    let live = true;
    setPending(true);
    setFailure(null);
    const timer = setTimeout(() => {
      apiPost<{ data: Quote }>('api/orders/quote', {
        client_id: clientId,
        lines: lines.map(({ product_id, quantity, property_value_ids }) => ({ product_id, quantity, property_value_ids })),
      })
        .then((answer) => live && setQuote(answer.data))
        .catch((error) => {
          if (!live) return;
          setQuote(null);
          setFailure((error as Error).message);
          if (error instanceof ApiError && error.status === 404) onNotFound();
        })
        .finally(() => live && setPending(false));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `key` stands for clientId and lines; onNotFound is stable enough for a redirect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return { quote, pending, failure, offline };
}
