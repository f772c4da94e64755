import { describe, expect, it } from 'vitest';
import { BlockedAddressError, addressToConnect, ipv6Groups, isBlockedAddress, refusedHost } from '../../server/modules/webhooks/addressGuard';

const policy = (allowedHosts: string[] = [], answers: Record<string, string[]> = {}) => ({
  allowedHosts,
  lookup: async (host: string) => {
    if (!(host in answers)) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
    return answers[host];
  },
});

describe('isBlockedAddress', () => {
  it.each([
    ['127.0.0.1'], ['127.255.255.254'], ['0.0.0.0'], ['0.1.2.3'], ['10.0.0.1'], ['10.255.255.255'], ['172.16.0.1'], ['172.31.255.255'],
    ['192.168.0.1'], ['169.254.169.254'], ['100.64.0.1'], ['198.18.0.1'], ['224.0.0.1'], ['255.255.255.255'], ['192.0.2.1'],
  ])('refuses IPv4 %s', (address) => expect(isBlockedAddress(address)).toBe(true));

  it.each([['8.8.8.8'], ['1.1.1.1'], ['172.15.255.255'], ['172.32.0.1'], ['100.63.255.255'], ['100.128.0.1'], ['93.184.216.34'], ['11.0.0.1']])(
    'lets public IPv4 %s through',
    (address) => expect(isBlockedAddress(address)).toBe(false),
  );

  it.each([
    ['::1'], ['::'], ['[::1]'], ['0:0:0:0:0:0:0:1'], ['fe80::1'], ['fe80::1%eth0'], ['febf::1'], ['fc00::1'], ['fd12:3456:789a::1'], ['ff02::1'],
    // IPv4 inside IPv6: mapped (dotted and hex), compatible, NAT64 and 6to4 wrapping private addresses.
    ['::ffff:127.0.0.1'], ['::ffff:7f00:1'], ['::ffff:10.0.0.1'], ['::ffff:a9fe:a9fe'], ['::127.0.0.1'], ['64:ff9b::10.0.0.1'], ['2002:c0a8:0101::1'],
  ])('refuses IPv6 %s', (address) => expect(isBlockedAddress(address)).toBe(true));

  it.each([['2606:4700:4700::1111'], ['2001:4860:4860::8888'], ['::ffff:8.8.8.8'], ['64:ff9b::808:808'], ['2002:0808:0808::1']])('lets public IPv6 %s through', (address) =>
    expect(isBlockedAddress(address)).toBe(false),
  );

  it('is false for a name (names are resolved first)', () => expect(isBlockedAddress('example.com')).toBe(false));

  it('expands IPv6 groups', () => {
    expect(ipv6Groups('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
    expect(ipv6Groups('2001:db8::8:800:200c:417a')).toEqual([0x2001, 0xdb8, 0, 0, 0x8, 0x800, 0x200c, 0x417a]);
  });
});

describe('refusedHost (the save)', () => {
  it('refuses private literals and local names unless allowed', () => {
    expect(refusedHost(new URL('http://10.0.0.1/'), policy())).toMatch(/private/);
    expect(refusedHost(new URL('http://[::ffff:192.168.1.1]/'), policy())).toMatch(/private/);
    expect(refusedHost(new URL('http://localhost:3000/'), policy())).toMatch(/local machine/);
    expect(refusedHost(new URL('http://api.localhost/'), policy())).toMatch(/local machine/);
    expect(refusedHost(new URL('http://127.0.0.1:9000/'), policy(['127.0.0.1:9000']))).toBeNull();
    // A bare host allows the web's ports only.
    expect(refusedHost(new URL('http://127.0.0.1/'), policy(['127.0.0.1']))).toBeNull();
    expect(refusedHost(new URL('https://127.0.0.1/'), policy(['127.0.0.1']))).toBeNull();
    expect(refusedHost(new URL('http://127.0.0.1:9000/'), policy(['127.0.0.1']))).toMatch(/port 9000/);
    expect(refusedHost(new URL('http://127.0.0.1:9001/'), policy(['127.0.0.1:9000']))).toMatch(/port 9001/);
    expect(refusedHost(new URL('http://[::1]:9000/'), policy(['[::1]:9000']))).toBeNull();
    expect(refusedHost(new URL('http://LOCALHOST/'), policy(['localhost']))).toBeNull();
    expect(refusedHost(new URL('http://[::1]/'), policy(['::1']))).toBeNull();
    expect(refusedHost(new URL('https://hooks.example.com/'), policy())).toBeNull();
  });
});

describe("the portal's own address", () => {
  const own = (host: string, allowedHosts: string[], answers: Record<string, string[]> = {}) => ({ ...policy(allowedHosts, answers), own: { host, port: 3000 } });

  it('is refused at the save whatever WEBHOOK_ALLOWED_HOSTS says, by address, loopback or name', () => {
    for (const url of ['http://127.0.0.1:3000/api/x', 'http://localhost:3000/', 'http://[::1]:3000/', 'http://0.0.0.0:3000/']) {
      expect(refusedHost(new URL(url), own('0.0.0.0', ['127.0.0.1:3000', 'localhost:3000', '[::1]:3000', '0.0.0.0:3000'])), url).toMatch(/own address/);
    }
    expect(refusedHost(new URL('http://10.1.2.3:3000/'), own('10.1.2.3', ['10.1.2.3:3000']))).toMatch(/own address/);
    // Another port of the same host, when listed, is not the portal.
    expect(refusedHost(new URL('http://127.0.0.1:3001/'), own('0.0.0.0', ['127.0.0.1:3001']))).toBeNull();
  });

  it('is refused at the delivery when a name resolves to it', async () => {
    const policyOwn = own('127.0.0.1', ['hooks.internal:3000'], { 'hooks.internal': ['127.0.0.1'] });
    await expect(addressToConnect(new URL('http://hooks.internal:3000/'), policyOwn)).rejects.toThrow(/own address/);
    await expect(addressToConnect(new URL('http://127.0.0.1:3000/'), own('127.0.0.1', ['127.0.0.1:3000']))).rejects.toBeInstanceOf(BlockedAddressError);
  });
});

describe('addressToConnect (the delivery)', () => {
  it('answers the public address a name resolves to', async () => {
    expect(await addressToConnect(new URL('https://hooks.example.com/x'), policy([], { 'hooks.example.com': ['93.184.216.34'] }))).toBe('93.184.216.34');
  });

  it.each([
    ['127.0.0.1'], ['10.1.2.3'], ['169.254.169.254'], ['::1'], ['fd00::5'], ['::ffff:127.0.0.1'], ['0.0.0.0'],
  ])('refuses a name that resolves to %s', async (address) => {
    await expect(addressToConnect(new URL('https://rebound.example.com/'), policy([], { 'rebound.example.com': [address] }))).rejects.toBeInstanceOf(BlockedAddressError);
  });

  it('refuses a name with one private address among public ones', async () => {
    const mixed = policy([], { 'mixed.example.com': ['93.184.216.34', '10.0.0.7'] });
    await expect(addressToConnect(new URL('https://mixed.example.com/'), mixed)).rejects.toThrow(/10\.0\.0\.7/);
  });

  it('refuses private literals, and lets allowed hosts through whatever they resolve to', async () => {
    await expect(addressToConnect(new URL('http://192.168.0.10/'), policy())).rejects.toBeInstanceOf(BlockedAddressError);
    expect(await addressToConnect(new URL('http://127.0.0.1:4000/'), policy(['127.0.0.1:4000']))).toBe('127.0.0.1');
    await expect(addressToConnect(new URL('http://127.0.0.1:4000/'), policy(['127.0.0.1']))).rejects.toBeInstanceOf(BlockedAddressError);
    expect(await addressToConnect(new URL('http://receiver.internal/'), policy(['receiver.internal'], { 'receiver.internal': ['10.0.0.9'] }))).toBe('10.0.0.9');
  });

  it('fails (to try again later) when the name does not resolve', async () => {
    const error = await addressToConnect(new URL('https://gone.example.com/'), policy()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(BlockedAddressError);
  });
});
