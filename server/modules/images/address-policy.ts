import { BlockList, isIP } from 'node:net'

// IANA special-purpose IPv4 ranges (RFC 6890 and successors): none of them is a public web server.
const IPV4_SPECIAL: [string, number][] = [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 reaches the local host on Linux
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, including cloud metadata at 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, including broadcast 255.255.255.255
]

// Within global unicast 2000::/3, the blocks that are not plain public hosts. 6to4 and Teredo embed an
// IPv4 address we would otherwise have to unwrap and re-check, so they are refused outright.
const IPV6_SPECIAL_IN_GLOBAL: [string, number][] = [
  ['2001::', 23], // IETF protocol assignments, Teredo 2001::/32
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['3fff::', 20], // documentation
]

function buildBlockList(): BlockList {
  const list = new BlockList()
  for (const [net, prefix] of IPV4_SPECIAL) list.addSubnet(net, prefix, 'ipv4')
  for (const [net, prefix] of IPV6_SPECIAL_IN_GLOBAL) list.addSubnet(net, prefix, 'ipv6')
  return list
}

const special = buildBlockList()
const globalUnicast = new BlockList()
globalUnicast.addSubnet('2000::', 3, 'ipv6')

/**
 * True only for an address a public web server could have. IPv6 is an allow-list (global unicast
 * 2000::/3 minus special blocks), so loopback, unspecified, IPv4-mapped (::ffff:127.0.0.1), NAT64,
 * unique-local fc00::/7, link-local fe80::/10 and multicast are refused without listing each one.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address)
  // a zone id (fe80::1%eth0) only ever names a local interface
  if (family === 0 || address.includes('%')) return false
  try {
    if (family === 4) return !special.check(address, 'ipv4')
    return globalUnicast.check(address, 'ipv6') && !special.check(address, 'ipv6')
  } catch {
    return false
  }
}
