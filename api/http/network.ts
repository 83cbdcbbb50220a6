import ipaddr from 'ipaddr.js';

/**
 * A client's network: its IPv4 /24 or IPv6 /48, the block one household, office or hosting customer usually holds.
 * Reports and uploads are limited and counted per network, so a forger gains nothing by walking through one
 * provider's addresses.
 */
export function networkOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return `${parsed.toByteArray().slice(0, 3).join('.')}.0/24`;
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 3).map((part) => part.toString(16));
  return `${parts.join(':')}::/48`;
}
