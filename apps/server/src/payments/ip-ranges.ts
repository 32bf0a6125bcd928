import { BlockList, isIP } from 'node:net';

// YooKassa signs no notification: the sender's address is the first check (then the payment is
// re-read from the API). The ranges YooKassa publishes for its notifications.
export const YOOKASSA_NOTIFICATION_RANGES = [
  '185.71.76.0/27',
  '185.71.77.0/27',
  '77.75.153.0/25',
  '77.75.154.128/25',
  '77.75.156.11',
  '77.75.156.35',
  '2a02:5180::/32',
] as const;

// node:net's BlockList does the prefix matching for both families, and an IPv4 rule also matches
// the IPv4-mapped IPv6 form (::ffff:185.71.76.1) a dual-stack socket reports.
export function addressList(ranges: readonly string[]): BlockList {
  const list = new BlockList();
  for (const range of ranges) {
    const [address = '', prefix] = range.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (isIP(address) === 0) throw new Error(`not an address range: ${range}`);
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

function contains(list: BlockList, address: string | undefined): boolean {
  if (!address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

const yookassa = addressList(YOOKASSA_NOTIFICATION_RANGES);
const loopback = addressList(['127.0.0.0/8', '::1']);

// `address` is the request's client address as Fastify resolved it (req.ip): the socket's peer,
// or what a proxy named in TRUST_PROXY forwarded.
export function isYookassaAddress(address: string | undefined): boolean {
  return contains(yookassa, address);
}

// The sandbox checkout notifies from this very server.
export function isLoopbackAddress(address: string | undefined): boolean {
  return contains(loopback, address);
}
