import { describe, expect, it } from 'vitest';
import { mergeMessages } from '../../i18n/merge';

describe('mergeMessages', () => {
  it('merges domain messages into the base, deeply', () => {
    const merged = mergeMessages({ ra: { a: 'A' }, resources: { x: { name: 'X' } } }, [
      { resources: { products: { name: 'Product' } }, products: { hint: 'H' } },
      { resources: { clients: { name: 'Client' } } },
    ]);
    expect(merged).toEqual({
      ra: { a: 'A' },
      resources: { x: { name: 'X' }, products: { name: 'Product' }, clients: { name: 'Client' } },
      products: { hint: 'H' },
    });
  });

  it('refuses the same message from two places', () => {
    expect(() => mergeMessages({ app: { title: 'T' } }, [{ app: { title: 'U' } }])).toThrow('"app.title" is defined twice');
  });
});
