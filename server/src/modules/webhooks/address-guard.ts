/**
 * The SSRF guard of webhook deliveries: an address is refused when it is not a public unicast address (loopback,
 * private RFC 1918, carrier-grade NAT, link-local incl. the cloud metadata 169.254.169.254, unique-local IPv6,
 * multicast, reserved, documentation, NAT64 and IPv4-mapped forms of these). Names are resolved and every address
 * checked; the connection then goes to the very address that was checked (no second look-up to rebind).
 */
import dns from 'node:dns';
import net from 'node:net';

const blocked = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(address, prefix, 'ipv6');

/** True when `ip` (v4 or v6 text) must not be reached. */
export function isBlockedAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 4) return blocked.check(ip, 'ipv4');
  if (family !== 6) return true;
  const mapped = ip.toLowerCase().match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped) return blocked.check(mapped[1], 'ipv4');
  if (/^::ffff:/i.test(ip)) return true;
  return blocked.check(ip, 'ipv6');
}

/** Why a URL cannot receive webhooks. */
export class AddressNotAllowedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AddressNotAllowedError';
  }
}

/**
 * Resolves `hostname` and returns its first address.
 * @param allowPrivate skip the check (tests and local development)
 * @throws AddressNotAllowedError when any address it resolves to is blocked, or it does not resolve
 */
export async function resolvePublicAddress(
  hostname: string,
  allowPrivate: boolean,
): Promise<{ address: string; family: 4 | 6 }> {
  const host = hostname.replace(/^\[|\]$/g, '');
  let addresses: dns.LookupAddress[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
    } catch {
      throw new AddressNotAllowedError(`${host} does not resolve`);
    }
  }
  if (addresses.length === 0) throw new AddressNotAllowedError(`${host} does not resolve`);
  const bad = addresses.find((a) => isBlockedAddress(a.address));
  if (bad && !allowPrivate)
    throw new AddressNotAllowedError(`${host} resolves to ${bad.address}, which is not a public address`);
  return { address: addresses[0].address, family: addresses[0].family === 6 ? 6 : 4 };
}
