import { render, screen } from '@testing-library/react';
import { AdminContext, type TranslationMessages } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { describe, expect, it } from 'vitest';
import { NoBreak, useTranslateNodes } from '../../src/i18n/translateNodes';

const messages = {
  en: { title: 'New delivery of %{reference}', both: '%{amount} on %{date}' },
  // Another language puts the values elsewhere and in another order.
  ar: { title: 'تسليم جديد للطلب %{reference}', both: 'في %{date} مبلغ %{amount}' },
};

function Title({ k, values }: { k: keyof (typeof messages)['en']; values: Record<string, string> }) {
  const translateNodes = useTranslateNodes();
  return <h2>{translateNodes(k, Object.fromEntries(Object.entries(values).map(([name, value]) => [name, <NoBreak key={name}>{value}</NoBreak>])))}</h2>;
}

const shown = (locale: 'en' | 'ar', k: keyof (typeof messages)['en'], values: Record<string, string>) =>
  render(
    <AdminContext i18nProvider={polyglotI18nProvider((l) => messages[l as 'en' | 'ar'] as unknown as TranslationMessages, locale)}>
      <Title k={k} values={values} />
    </AdminContext>,
  );

describe('a message with nodes for values', () => {
  it('puts each node where its language puts the value, the words around it unchanged', () => {
    shown('en', 'both', { amount: 'R 1 250,00', date: '5 Mar 2026' });
    const heading = screen.getByRole('heading');
    expect(heading).toHaveTextContent('R 1 250,00 on 5 Mar 2026');
    expect([...heading.querySelectorAll('bdi')].map((node) => node.textContent)).toEqual(['R 1 250,00', '5 Mar 2026']);
  });

  it('keeps a document number whole in an Arabic title', () => {
    shown('ar', 'title', { reference: 'ORD-000123' });
    const heading = screen.getByRole('heading');
    expect(heading).toHaveTextContent('تسليم جديد للطلب ORD-000123');
    expect(screen.getByText('ORD-000123')).toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it('in the order another language puts the values', () => {
    shown('ar', 'both', { amount: 'R 5,00', date: '1 Jan 2026' });
    expect(screen.getByRole('heading')).toHaveTextContent('في 1 Jan 2026 مبلغ R 5,00');
  });
});
