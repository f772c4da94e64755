import type { NewDocumentLine } from '../../../server/modules/billing/issue';

/**
 * A register line at the standard rate (15 %) for tests that issue documents straight through
 * `insertDocument`: `net` excluding VAT over `quantity` units, a credit note's line pointing at the
 * invoice line it credits.
 */
export const standardRateLine = (productId: number | null, net: number, quantity: number, invoiceLineId: number | null = null): NewDocumentLine => ({
  productId,
  invoiceLineId,
  sku: '',
  description: 'Line',
  quantity,
  unitPrice: Math.floor(net / quantity),
  vat_class: 'standard',
  rate_bp: 1500,
  total_excl_vat: net,
  vat: Math.round(net * 0.15),
  total: net + Math.round(net * 0.15),
});
