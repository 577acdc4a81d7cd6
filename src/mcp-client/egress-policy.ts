import { BlockList, isIP, isIPv4 } from 'node:net';

/**
 * Where Loadout may connect to reach an MCP server (docs/mcp-connections.md,
 * "Egress"). LOADOUT_MCP_ALLOWED_HOSTS lists host names (`mcp.example.com`,
 * `*.example.com`), `host:port`, addresses and address ranges (CIDR). An
 * address or range entry allows those addresses outright; a name entry
 * allows the name, but only at an address that is not private, loopback,
 * link-local or otherwise special, so a name that comes to resolve to one
 * (DNS rebinding) is still refused. Unset, any name at a public address.
 */

/** Addresses no tenant reaches unless an address entry names them. */
const SPECIAL_RANGES: Array<[string, number, 'ipv4' | 'ipv6']> = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.0.2.0', 24, 'ipv4'],
  ['192.88.99.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['198.51.100.0', 24, 'ipv4'],
  ['203.0.113.0', 24, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['64:ff9b:1::', 48, 'ipv6'],
  ['100::', 64, 'ipv6'],
  ['2001::', 23, 'ipv6'],
  ['2001:db8::', 32, 'ipv6'],
  ['2002::', 16, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['fec0::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

const special = new BlockList();
for (const [address, prefix, family] of SPECIAL_RANGES) special.addSubnet(address, prefix, family);

/** The IPv4 address an IPv6 address carries (mapped `::ffff:a.b.c.d` or NAT64 `64:ff9b::/96`), else the address itself. */
function unwrapped(address: string): string {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return address;
  const [hi, lo] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

const familyOf = (address: string): 'ipv4' | 'ipv6' => (isIPv4(address) ? 'ipv4' : 'ipv6');

/** Whether an address is private, loopback, link-local (cloud metadata), multicast, reserved or for documentation. */
export function isSpecialAddress(address: string): boolean {
  const plain = unwrapped(address);
  return special.check(plain, familyOf(plain));
}

interface NameEntry {
  /** Lower case; `*.x` matches every name under x. */
  host: string;
  port: number | null;
}
interface AddressEntry {
  ranges: BlockList;
  port: number | null;
}

export interface EgressPolicy {
  /** The setting as given, for messages; null when unset. */
  readonly setting: string | null;
  readonly names: readonly NameEntry[];
  readonly addresses: readonly AddressEntry[];
}

/** `host`, `host:port`, `[v6]:port`, an address or a CIDR range: the entry, or why it is not one. */
function readEntry(text: string): NameEntry | AddressEntry | string {
  const cidr = /^([^/]+)\/(\d{1,3})$/.exec(text);
  if (cidr) {
    const family = isIP(cidr[1]);
    const prefix = Number(cidr[2]);
    if (family === 0 || prefix > (family === 4 ? 32 : 128)) return `'${text}' is not an address range`;
    const ranges = new BlockList();
    ranges.addSubnet(cidr[1], prefix, family === 4 ? 'ipv4' : 'ipv6');
    return { ranges, port: null };
  }
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  const hostPort = bracketed ? null : /^([^:]+)(?::(\d+))?$/.exec(text);
  const [host, portText] = bracketed ? [bracketed[1], bracketed[2]] : hostPort ? [hostPort[1], hostPort[2]] : [text, undefined];
  const port = portText === undefined ? null : Number(portText);
  if (port !== null && (port < 1 || port > 65535)) return `'${text}' has no valid port`;
  if (isIP(host)) {
    const ranges = new BlockList();
    ranges.addAddress(host, familyOf(host));
    return { ranges, port };
  }
  if (!/^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(host)) return `'${text}' is not a host name`;
  return { host: host.toLowerCase(), port };
}

/** Reads LOADOUT_MCP_ALLOWED_HOSTS; throws naming the entry that is not one. */
export function readEgressPolicy(setting: string | undefined, name = 'LOADOUT_MCP_ALLOWED_HOSTS'): EgressPolicy {
  const text = setting?.trim() ? setting.trim() : null;
  const names: NameEntry[] = [];
  const addresses: AddressEntry[] = [];
  for (const part of text ? text.split(',') : []) {
    const entry = readEntry(part.trim());
    if (typeof entry === 'string') throw new Error(`${name}: ${entry}`);
    if ('host' in entry) names.push(entry);
    else addresses.push(entry);
  }
  return { setting: text, names, addresses };
}

const portMatches = (entry: { port: number | null }, port: number) => entry.port === null || entry.port === port;

function nameMatches(entry: NameEntry, host: string): boolean {
  const lower = host.toLowerCase();
  return entry.host.startsWith('*.') ? lower.endsWith(entry.host.slice(1)) : lower === entry.host;
}

/** Whether an address entry names this address (and port). */
function addressListed(policy: EgressPolicy, address: string, port: number): boolean {
  const plain = unwrapped(address);
  return policy.addresses.some((entry) => portMatches(entry, port) && entry.ranges.check(plain, familyOf(plain)));
}

/** Whether the name may be asked for at all: unset, or a name entry (or, for an address literal, an address entry) allows it. */
export function mayAsk(policy: EgressPolicy, host: string, port: number): boolean {
  if (isIP(host)) return mayConnect(policy, host, port, host);
  if (policy.setting === null) return true;
  return policy.names.some((e) => portMatches(e, port) && nameMatches(e, host)) || policy.addresses.length > 0;
}

/** Whether Loadout may connect to `address` to reach `host:port`. */
export function mayConnect(policy: EgressPolicy, host: string, port: number, address: string): boolean {
  if (addressListed(policy, address, port)) return true;
  if (isSpecialAddress(address)) return false;
  if (policy.setting === null) return true;
  return !isIP(host) && policy.names.some((e) => portMatches(e, port) && nameMatches(e, host));
}
