import { describe, expect, it } from 'vitest';
import { networkOf } from './network';

describe('the network a client address belongs to', () => {
  it('is the IPv4 /24 or the IPv6 /48, so walking through one provider block stays one network', () => {
    expect(networkOf('203.0.113.9')).toBe('203.0.113.0/24');
    expect(networkOf('203.0.113.250')).toBe(networkOf('203.0.113.9'));
    expect(networkOf('203.0.114.9')).not.toBe(networkOf('203.0.113.9'));
    expect(networkOf('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(networkOf('2001:db8:abcd:ffff::7')).toBe(networkOf('2001:db8:abcd:12::1'));
    // An IPv4 client seen through an IPv6 socket is its IPv4 network.
    expect(networkOf('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
  });
});
