import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useApiGet } from '../shared/useApiGet';
import { formatDay } from '../../i18n/formatDay';
import type { StockAvailability } from '../../../shared/stock/availability';
import type { ProductAvailability } from './types';

const colours: Record<StockAvailability, 'success' | 'warning' | 'default'> = { in_stock: 'success', low: 'warning', backordered: 'default' };

/**
 * In stock / low / backordered of the products of a basket, for the client ordering (its branch):
 * one call for all of them, answered in three words and never a figure. Offline the call waits
 * and no chip is shown.
 */
export function useAvailability(productIds: number[], clientId: number | null): Map<number, ProductAvailability> {
  const ids = [...new Set(productIds)].sort((a, b) => a - b).join(',');
  const { data } = useApiGet<{ data: ProductAvailability[] }>('api/stock/availability', { product_ids: ids, client_id: clientId ?? undefined }, ids.length > 0);
  return new Map((data?.data ?? []).map((row) => [row.product_id, row]));
}

/** The word, and for a backordered product with a work order planned, the day it is expected. */
export function AvailabilityChip({ availability }: { availability: ProductAvailability | undefined }) {
  const translate = useTranslate();
  if (!availability) return null;
  const word = translate(`stock.availability.${availability.availability}`);
  const label = availability.expected_on ? translate('stock.availability.expected', { word, date: formatDay(availability.expected_on) }) : word;
  return <Chip size="small" variant="outlined" color={colours[availability.availability]} label={label} data-testid="availability-chip" sx={{ mt: 0.5 }} />;
}
