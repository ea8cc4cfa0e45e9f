/**
 * Where a delivery may connect (README.md here, "SSRF"): the receiver's host name is resolved at each delivery, every
 * address it resolves to is checked, and the connection goes to the checked address — a `lookup` answering it — so a
 * name that resolves elsewhere between the check and the connect (DNS rebinding) cannot redirect the post. Internal
 * addresses are refused unless the site allows private receivers (`WHARF_WEBHOOK_PRIVATE`).
 */
import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** The kinds of internal address, named in the refusal (and translated by the delivery screen). */
export type InternalRange =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'linkLocal'
  | 'uniqueLocal'
  | 'cgnat'
  | 'multicast'
  | 'reserved';

function ranges(list: readonly [InternalRange, string, number, 'ipv4' | 'ipv6'][]): [InternalRange, BlockList][] {
  const byRange = new Map<InternalRange, BlockList>();
  for (const [range, network, prefix, family] of list) {
    const block = byRange.get(range) ?? new BlockList();
    block.addSubnet(network, prefix, family);
    byRange.set(range, block);
  }
  return [...byRange];
}

const IPV4 = ranges([
  ['unspecified', '0.0.0.0', 8, 'ipv4'],
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['private', '10.0.0.0', 8, 'ipv4'],
  ['private', '172.16.0.0', 12, 'ipv4'],
  ['private', '192.168.0.0', 16, 'ipv4'],
  ['cgnat', '100.64.0.0', 10, 'ipv4'],
  // Where cloud metadata services answer (169.254.169.254).
  ['linkLocal', '169.254.0.0', 16, 'ipv4'],
  ['multicast', '224.0.0.0', 4, 'ipv4'],
  // 240/4 and the broadcast address; IETF protocol assignments and the benchmark network.
  ['reserved', '240.0.0.0', 4, 'ipv4'],
  ['reserved', '192.0.0.0', 24, 'ipv4'],
  ['reserved', '198.18.0.0', 15, 'ipv4'],
]);

const IPV6 = ranges([
  ['unspecified', '::', 128, 'ipv6'],
  ['loopback', '::1', 128, 'ipv6'],
  ['linkLocal', 'fe80::', 10, 'ipv6'],
  ['uniqueLocal', 'fc00::', 7, 'ipv6'],
  ['multicast', 'ff00::', 8, 'ipv6'],
]);

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6 address, else null. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted?.[1]) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex?.[1] || !hex[2]) return null;
  const high = Number.parseInt(hex[1], 16);
  const low = Number.parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** The internal range an IP address is in, or null for a public address. */
export function internalRange(address: string): InternalRange | null {
  const family = isIP(address);
  if (family === 4) return IPV4.find(([, block]) => block.check(address, 'ipv4'))?.[0] ?? null;
  if (family !== 6) return 'reserved';
  const v4 = embeddedIpv4(address);
  if (v4) return internalRange(v4);
  return IPV6.find(([, block]) => block.check(address, 'ipv6'))?.[0] ?? null;
}

/** Why an address was refused: kept in the delivery log as text the screens translate (`webhooks.error.refused`). */
export class AddressRefused extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
    readonly range: InternalRange,
  ) {
    super(`addressRefused host=${host} address=${address} range=${range}`);
    this.name = 'AddressRefused';
  }
}

/**
 * Resolves the host (every address; an IP literal stands for itself) and answers the addresses to connect to, once
 * none of them is internal (or internal ones are allowed). Any internal address refuses the host whole: a name that
 * mixes public and internal addresses is not a receiver to trust.
 */
export async function checkedAddresses(host: string, allowPrivate: boolean): Promise<LookupAddress[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  const addresses: LookupAddress[] =
    family === 0 ? await lookup(bare, { all: true, verbatim: true }) : [{ address: bare, family }];
  if (!allowPrivate) {
    for (const { address } of addresses) {
      const range = internalRange(address);
      if (range) throw new AddressRefused(bare, address, range);
    }
  }
  if (addresses.length === 0) throw new Error(`no address for ${bare}`);
  return addresses;
}

/**
 * A `lookup` for http.request that answers only the checked addresses, whatever the resolver would say now (all of
 * them when asked for all: the connection tries each in turn, as for a name with IPv6 and IPv4 addresses).
 */
export function pinnedLookup(checked: readonly LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const first = checked[0] as LookupAddress;
    if (options.all) callback(null, [...checked]);
    else callback(null, first.address, first.family);
  };
}
