import { describe, expect, it } from 'vitest';
import { hashPassword, scryptCost, verifyPassword } from '../../server/auth/passwords';

describe('the password hash cost', () => {
  it("is OWASP's 2^17 for every way the portal runs, and smaller only under the test runner", () => {
    expect(scryptCost({ NODE_ENV: 'production' })).toBe(2 ** 17);
    expect(scryptCost({ NODE_ENV: 'development' })).toBe(2 ** 17);
    expect(scryptCost({})).toBe(2 ** 17);
    expect(scryptCost({ NODE_ENV: 'test' })).toBe(2 ** 12);
  });

  it('verifies by the cost a hash carries, not the cost hashes are made at now', async () => {
    // The same salt and key labelled with another N no longer verify: the N is read from the hash,
    // so hashes made at the real cost by a portal process open wherever they are checked.
    const relabelled = 'scrypt$131072$8$1$' + (await hashPassword('a long enough password')).split('$').slice(4).join('$');
    expect(await verifyPassword('a long enough password', relabelled)).toBe(false);
    const made = await hashPassword('a long enough password');
    expect(made.startsWith(`scrypt$${2 ** 12}$8$1$`)).toBe(true);
    expect(await verifyPassword('a long enough password', made)).toBe(true);
    expect(await verifyPassword('another password!!', made)).toBe(false);
  });
});
