/**
 * The SSRF guard of webhook deliveries: an address may be reached only when ipaddr.js classifies it as `unicast`
 * (public unicast: not loopback, private RFC 1918, carrier-grade NAT, link-local incl. the cloud metadata
 * 169.254.169.254, unique-local or site-local IPv6, multicast, reserved, documentation or benchmarking). An IPv6
 * address that carries an IPv4 address (IPv4-mapped, IPv4-translated, IPv4-compatible, NAT64, 6to4, Teredo) is
 * judged by that IPv4 address, since a relay or the host's own stack would deliver it there. Names are resolved and
 * every address checked; the connection then goes to the very address that was checked (no second look-up).
 */
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

const ipv4Of = (high: number, low: number) => ipaddr.IPv4.parse(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);

/**
 * The IPv4 address an IPv6 address embeds, undefined when it embeds none. `null` when it is a translation prefix
 * whose embedding cannot be read for sure (NAT64 local-use 64:ff9b:1::/48, RFC 8215: the prefix length is the
 * operator's choice): such an address is refused.
 */
function embeddedIpv4(ip: ipaddr.IPv6): ipaddr.IPv4 | null | undefined {
  const p = ip.parts;
  switch (ip.range()) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d (RFC 4291 2.5.5.2)
    case 'rfc6145': // ::ffff:0:a.b.c.d (RFC 6145 IPv4-translated)
      return ipv4Of(p[6], p[7]);
    case 'rfc6052': // 64:ff9b::a.b.c.d (RFC 6052 well-known NAT64 prefix, /96)
      return p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0 ? ipv4Of(p[6], p[7]) : null;
    case '6to4': // 2002:AABB:CCDD::/48 (RFC 3056 2)
      return ipv4Of(p[1], p[2]);
    case 'teredo': // 2001:0:SERVER:FLAGS:PORT:CLIENT, the client's address with every bit inverted (RFC 4380 4)
      return ipv4Of(p[6] ^ 0xffff, p[7] ^ 0xffff);
    default:
      // ::a.b.c.d, IPv4-compatible (RFC 4291 2.5.5.1, deprecated): the first 96 bits are zero. :: and ::1 are
      // classified (unspecified, loopback) before they get here.
      return p.slice(0, 6).every((x) => x === 0) ? ipv4Of(p[6], p[7]) : undefined;
  }
}

/** True when `ip` (v4 or v6 text) must not be reached: anything but a public unicast address, or not an address. */
export function isBlockedAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 0) return true;
  const parsed = ipaddr.parse(ip);
  if (parsed.kind() === 'ipv4') return parsed.range() !== 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  if (['unspecified', 'loopback'].includes(v6.range())) return true;
  const v4 = embeddedIpv4(v6);
  if (v4 === null) return true;
  if (v4) return v4.range() !== 'unicast';
  return v6.range() !== 'unicast';
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
