import { render, screen } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en';
import ar from '../../i18n/ar';
import { stockAr } from '../../i18n/stock/ar';
import { AvailabilityChip } from '../../src/resources/stock/AvailabilityChip';
import type { ProductAvailability } from '../../src/resources/stock/types';
import { formatDay } from '../../src/i18n/formatDay';

function renderChip(availability: ProductAvailability, messages = en, locale = 'en') {
  return render(
    <AdminContext i18nProvider={polyglotI18nProvider(() => messages, locale)} store={memoryStore()}>
      <AvailabilityChip availability={availability} />
    </AdminContext>,
  );
}

describe('the availability chip on an order line', () => {
  it('says when a backordered product is expected, in the day style of the screens', () => {
    renderChip({ product_id: 1, availability: 'backordered', expected_on: '2031-03-05' });
    expect(screen.getByTestId('availability-chip').textContent).toBe(`Backordered · expected ${formatDay('2031-03-05')}`);
  });

  it('says only the word when no work order is planned, and in the member’s language', () => {
    renderChip({ product_id: 1, availability: 'backordered', expected_on: null }, ar, 'ar');
    expect(screen.getByTestId('availability-chip').textContent).toBe(stockAr.stock.availability.backordered);
  });
});
