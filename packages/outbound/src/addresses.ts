import { isIPv4, isIPv6 } from "node:net";

/**
 * Why an address may not be reached from the server (decisions.md "Outbound target checks"):
 * the spec names loopback, private, link-local, unique-local and unspecified; multicast,
 * broadcast, documentation, benchmarking, carrier-grade NAT and the other special-purpose
 * ranges are refused too (nothing public lives there). Null: a public unicast address.
 */
export type AddressClass =
  "loopback" | "private" | "link-local" | "unique-local" | "unspecified" | "multicast" | "reserved";

/** [first address as a 32-bit number, prefix length, class] */
const IPV4_RANGES: readonly [number, number, AddressClass][] = [
  [ipv4("0.0.0.0"), 8, "unspecified"],
  [ipv4("10.0.0.0"), 8, "private"],
  [ipv4("100.64.0.0"), 10, "private"], // carrier-grade NAT (shared address space)
  [ipv4("127.0.0.0"), 8, "loopback"],
  [ipv4("169.254.0.0"), 16, "link-local"],
  [ipv4("172.16.0.0"), 12, "private"],
  [ipv4("192.0.0.0"), 24, "reserved"], // IETF protocol assignments
  [ipv4("192.0.2.0"), 24, "reserved"], // documentation
  [ipv4("192.88.99.0"), 24, "reserved"], // 6to4 relay anycast
  [ipv4("192.168.0.0"), 16, "private"],
  [ipv4("198.18.0.0"), 15, "reserved"], // benchmarking
  [ipv4("198.51.100.0"), 24, "reserved"], // documentation
  [ipv4("203.0.113.0"), 24, "reserved"], // documentation
  [ipv4("224.0.0.0"), 4, "multicast"],
  [ipv4("240.0.0.0"), 4, "reserved"], // future use and 255.255.255.255 broadcast
];

function ipv4(text: string): number {
  const parts = text.split(".").map(Number);
  return ((parts[0]! << 24) | (parts[1]! << 16) | (parts[2]! << 8) | parts[3]!) >>> 0;
}

function classifyIPv4(value: number): AddressClass | null {
  for (const [first, prefix, kind] of IPV4_RANGES) {
    const mask = prefix === 0 ? 0 : (~0 << (32 - prefix)) >>> 0;
    if ((value & mask) >>> 0 === first) return kind;
  }
  return null;
}

/** The eight 16-bit groups of an IPv6 address (zone id dropped), or null when it is not one. */
export function parseIPv6(text: string): number[] | null {
  const address = text.replace(/%.*$/, "");
  if (!isIPv6(address)) return null;
  let head = address;
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) {
    const v4 = ipv4(dotted[1]!);
    tail.push(v4 >>> 16, v4 & 0xffff);
    head = address.slice(0, -dotted[1]!.length);
    if (head.endsWith(":") && !head.endsWith("::")) head = head.slice(0, -1);
  }
  const groups = (part: string) => (part === "" ? [] : part.split(":").map((g) => parseInt(g, 16)));
  const [left, right] = head.split("::") as [string, string | undefined];
  const leftGroups = groups(left);
  const rightGroups = right === undefined ? [] : groups(right);
  const fill = 8 - leftGroups.length - rightGroups.length - tail.length;
  if (right === undefined && fill !== 0) return null;
  return [...leftGroups, ...new Array<number>(Math.max(fill, 0)).fill(0), ...rightGroups, ...tail];
}

const embeddedIPv4 = (g: number[], at: number) => ((g[at]! << 16) | g[at + 1]!) >>> 0;

function classifyIPv6(g: number[]): AddressClass | null {
  const zeroUntil = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUntil(8)) return "unspecified";
  if (zeroUntil(7) && g[7] === 1) return "loopback";
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and SIIT (::ffff:0:a.b.c.d).
  if (zeroUntil(5) && g[5] === 0xffff) return classifyIPv4(embeddedIPv4(g, 6));
  if (zeroUntil(6)) return classifyIPv4(embeddedIPv4(g, 6));
  if (zeroUntil(4) && g[4] === 0xffff && g[5] === 0) return classifyIPv4(embeddedIPv4(g, 6));
  // NAT64 well-known prefix 64:ff9b::/96 carries an IPv4 address; 64:ff9b:1::/48 is local use.
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0))
    return classifyIPv4(embeddedIPv4(g, 6));
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return "private";
  // 6to4 (2002::/16) carries an IPv4 address in bits 16–47.
  if (g[0] === 0x2002) return classifyIPv4(embeddedIPv4(g, 1));
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return "unique-local"; // fc00::/7
  if ((first & 0xffc0) === 0xfe80) return "link-local"; // fe80::/10
  if ((first & 0xffc0) === 0xfec0) return "private"; // fec0::/10 site-local (deprecated)
  if ((first & 0xff00) === 0xff00) return "multicast"; // ff00::/8
  if (first === 0x2001 && g[1] === 0x0db8) return "reserved"; // documentation
  if (first === 0x2001 && g[1] === 0) return "reserved"; // Teredo (a tunnel to an unknown IPv4 host)
  if (first === 0x0100 && g.slice(1, 4).every((x) => x === 0)) return "reserved"; // discard-only
  return null;
}

/** The class of an IP address (IPv4 or IPv6, mapped forms included); null for a public one or a non-IP. */
export function classifyAddress(address: string): AddressClass | null {
  if (isIPv4(address)) return classifyIPv4(ipv4(address));
  const groups = parseIPv6(address);
  return groups ? classifyIPv6(groups) : null;
}

/** True when `address` is an IPv4 or IPv6 literal. */
export const isIpLiteral = (address: string): boolean => isIPv4(address) || parseIPv6(address) !== null;

/** Whether the server may connect to `address` (loopback only under allowLoopback). */
export function addressRefusal(address: string, allowLoopback: boolean): AddressClass | null {
  const kind = classifyAddress(address);
  if (kind === "loopback" && allowLoopback) return null;
  return kind;
}
