import { describe, expect, it } from 'vitest';
import { parameterString, payfastSignature, phpUrlencode } from '../../server/modules/billing/payfast/signature';

/**
 * PayFast's signature against a vector worked out by hand from its documented algorithm: the
 * non-empty fields in the order sent, values trimmed and encoded as PHP's urlencode does, joined
 * with `&`, the passphrase appended, MD5 in hex (the digests computed apart, with Python's hashlib).
 */
const fields: [string, string][] = [
  ['merchant_id', '10000100'],
  ['merchant_key', '46f0cd694581a'],
  ['return_url', 'https://www.example.com/return?a=1&b=2'],
  ['cancel_url', ''],
  ['name_first', ' René O\'Brien '],
  ['amount', '100.00'],
  ['item_name', 'Order *1 ~ (test)'],
];
const byHand =
  'merchant_id=10000100&merchant_key=46f0cd694581a&return_url=https%3A%2F%2Fwww.example.com%2Freturn%3Fa%3D1%26b%3D2&name_first=Ren%C3%A9+O%27Brien&amount=100.00&item_name=Order+%2A1+%7E+%28test%29';

describe('the PayFast signature', () => {
  it("encodes as PHP's urlencode: space as +, upper-case hex, only letters, digits and -_. left alone", () => {
    expect(phpUrlencode("a b*~'()!-_.Z9/é")).toBe('a+b%2A%7E%27%28%29%21-_.Z9%2F%C3%A9');
  });

  it('covers the non-empty fields, trimmed, in the order sent, without the signature itself', () => {
    expect(parameterString([...fields, ['signature', 'whatever']])).toBe(byHand);
  });

  it('is the MD5 of that string with the passphrase appended, or without one', () => {
    expect(payfastSignature(fields, 'jt7NOE43FZPn')).toBe('89316729a9d9c7f08e297ca0224d8558');
    expect(payfastSignature(fields, '')).toBe('d37f3f7b0f0febeb664ec34286adb3ec');
  });

  it('changes with the order of the fields', () => {
    expect(payfastSignature([fields[1], fields[0], ...fields.slice(2)], 'jt7NOE43FZPn')).not.toBe('89316729a9d9c7f08e297ca0224d8558');
  });
});
