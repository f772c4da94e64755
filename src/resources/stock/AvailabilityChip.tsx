import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useApiGet } from '../shared/useApiGet';
import type { StockAvailability } from '../../../shared/stock/availability';
import type { ProductAvailability } from './types';

const colours: Record<StockAvailability, 'success' | 'warning' | 'default'> = { in_stock: 'success', low: 'warning', backordered: 'default' };

/**
 * In stock / low / backordered of the products of a basket, for the client ordering (its branch):
 * one call for all of them, answered in three words and never a figure. Offline the call waits
 * and no chip is shown.
 */
export function useAvailability(productIds: number[], clientId: number | null): Map<number, StockAvailability> {
  const ids = [...new Set(productIds)].sort((a, b) => a - b).join(',');
  const { data } = useApiGet<{ data: ProductAvailability[] }>('api/stock/availability', { product_ids: ids, client_id: clientId ?? undefined }, ids.length > 0);
  return new Map((data?.data ?? []).map((row) => [row.product_id, row.availability]));
}

export function AvailabilityChip({ availability }: { availability: StockAvailability | undefined }) {
  const translate = useTranslate();
  if (!availability) return null;
  return <Chip size="small" variant="outlined" color={colours[availability]} label={translate(`stock.availability.${availability}`)} data-testid="availability-chip" sx={{ mt: 0.5 }} />;
}
