import { lookup as dnsLookup } from 'node:dns/promises';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import type { Lookup, PayfastSettings } from '../../deps';
import { parameterString, type PayfastFields } from './signature';

/** The hosts PayFast sends its notifications from (its published list). */
export const PAYFAST_HOSTS = ['www.payfast.co.za', 'w1w.payfast.co.za', 'w2w.payfast.co.za', 'sandbox.payfast.co.za'];

/**
 * What the notification handler asks of PayFast: whether an address is one of its servers and
 * whether its server confirms a notification. The real gateway asks DNS and PayFast; the test
 * gateway answers for the portal's own test page, so both go through the same handler.
 */
export interface PayfastGateway {
  settings: PayfastSettings;
  /** The portal's own stand-in (no money moves). */
  test: boolean;
  isSource(address: string): Promise<boolean>;
  confirms(fields: PayfastFields): Promise<boolean>;
}

/** `::ffff:1.2.3.4` (an IPv4 caller on a dual-stack socket) is 1.2.3.4. */
export const plainAddress = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').toLowerCase();

const defaultLookup: Lookup = async (host) => (isIP(host) ? [host] : (await dnsLookup(host, { all: true })).map((entry) => entry.address));

/** How long the resolved addresses are trusted: PayFast's hosts change rarely, a notification must not wait on DNS each time. */
const ADDRESSES_FOR_MS = 5 * 60_000;

export function payfastGateway(settings: PayfastSettings, lookup: Lookup = defaultLookup): PayfastGateway {
  const hosts = [...new Set([...PAYFAST_HOSTS, new URL(settings.url).hostname.replace(/^\[|\]$/g, '')])];
  let known: { addresses: Set<string>; until: number } | null = null;
  const addresses = async () => {
    if (known && known.until > Date.now()) return known.addresses;
    const resolved = await Promise.all(hosts.map((host) => lookup(host).catch(() => [] as string[])));
    const set = new Set(resolved.flat().map(plainAddress));
    // A failed lookup is not remembered: the next notification asks again.
    if (set.size > 0) known = { addresses: set, until: Date.now() + ADDRESSES_FOR_MS };
    return set;
  };
  return {
    settings,
    test: false,
    async isSource(address) {
      return (await addresses()).has(plainAddress(address));
    },
    async confirms(fields) {
      try {
        const answer = await fetch(`${settings.url}/eng/query/validate`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: parameterString(fields),
          signal: AbortSignal.timeout(15_000),
          redirect: 'error',
        });
        return answer.ok && (await answer.text()).trim() === 'VALID';
      } catch {
        return false;
      }
    },
  };
}

/** The merchant of PayFast's own documentation and sandbox: the test gateway's notifications carry it. */
const TEST_MERCHANT = { merchantId: '10000100', merchantKey: '46f0cd694581a' };

/**
 * The test gateway: the portal plays PayFast. Its payment form is the portal's test page, its
 * notifications are posted to the portal's own notify address from this machine, and it confirms
 * only the payment ids it issued itself, with a passphrase made at start. A notification from
 * anywhere else pays nothing, as with PayFast.
 */
export function testGateway(): PayfastGateway & { issue(): string } {
  const issued = new Set<string>();
  return {
    // A path, not an address: the browser posts the form to whichever address it reached the portal by.
    settings: { ...TEST_MERCHANT, passphrase: randomBytes(16).toString('hex'), url: '/api/billing/test_gateway' },
    test: true,
    issue() {
      const id = `TEST-${randomBytes(6).toString('hex')}`;
      issued.add(id);
      return id;
    },
    async isSource(address) {
      return ['127.0.0.1', '::1'].includes(plainAddress(address));
    },
    async confirms(fields) {
      return issued.has(fields.find(([name]) => name === 'pf_payment_id')?.[1] ?? '');
    },
  };
}
