import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';

// A resolver of every address of a host name (dns.lookup with `all`); tests hand in their own.
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolveAll: ResolveAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface AddressGuardOptions {
  // Lets private, loopback, link-local and the other internal addresses through (a self-hoster's
  // own automation; tests against a local fake). Off by default.
  allowPrivate?: boolean;
  resolveAll?: ResolveAll;
}

// Why an address was refused, or why a URL cannot be posted to at all.
export class AddressRefused extends Error {
  constructor(
    readonly reason: 'bad_url' | 'bad_protocol' | 'not_resolved' | 'internal_address',
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

// ipaddr.js names every special range (private, loopback, linkLocal, uniqueLocal, carrierGradeNat,
// multicast, unspecified, reserved, broadcast, the IPv6 tunnels and translations that embed an IPv4
// address…); only plain 'unicast' is the public internet. An IPv4-mapped IPv6 address is judged as
// the IPv4 address it carries.
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

// The URL's host without the brackets of an IPv6 literal.
function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

export function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AddressRefused('bad_url', 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AddressRefused('bad_protocol', url.protocol);
  if (!hostOf(url)) throw new AddressRefused('bad_url', 'no host');
  return url;
}

// Resolves the URL's host once and checks EVERY address it has: one internal address among public
// ones is refused (a rebinding name may hand either out). The caller connects to the returned
// address only, never resolving the name again.
export async function checkedAddress(url: URL, options: AddressGuardOptions = {}): Promise<LookupAddress> {
  const host = hostOf(url);
  let addresses: LookupAddress[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.resolveAll ?? systemResolveAll)(host);
    } catch (err) {
      throw new AddressRefused('not_resolved', `${host}: ${(err as Error).message}`);
    }
  }
  if (addresses.length === 0) throw new AddressRefused('not_resolved', host);
  if (!options.allowPrivate) {
    const internal = addresses.find((a) => !isPublicAddress(a.address));
    if (internal) throw new AddressRefused('internal_address', `${host} → ${internal.address}`);
  }
  return addresses[0]!;
}
