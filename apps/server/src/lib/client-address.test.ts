import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address.js';

describe('client address keys', () => {
  it('gives one key to every spelling of one IPv4 client', () => {
    const key = clientAddressKey('198.51.100.7');
    expect(key).toBe('198.51.100.7');
    for (const spelling of [
      '::ffff:198.51.100.7',
      '::FFFF:c633:6407',
      '0:0:0:0:0:ffff:198.51.100.7',
      ' 198.51.100.7 ',
    ])
      expect(clientAddressKey(spelling), spelling).toBe(key);
  });

  it('keys IPv6 clients by their /64, however the address is written', () => {
    const key = clientAddressKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    for (const spelling of [
      '2001:0DB8:0001:0002:0000:0000:0000:0001',
      '2001:db8:1:2:ffff:1:2:3',
      '[2001:db8:1:2::9]',
    ])
      expect(clientAddressKey(spelling), spelling).toBe(key);
    expect(clientAddressKey('2001:db8:1:3::1')).not.toBe(key);
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('keeps what is not an address as it is', () => {
    expect(clientAddressKey('unknown')).toBe('unknown');
  });
});
