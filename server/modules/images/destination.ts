import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { isPublicAddress } from './address-policy'
import { badImageUrl, forbiddenAddress, upstreamFailed } from './image-errors'

export interface ResolvedAddress {
  address: string
  family: 4 | 6
}

/** Every address a host name has; injected in tests so a made-up name can point at a local server. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>

export interface SocketAddress {
  address: string
  port: number
}

export interface DestinationPolicy {
  resolve: Resolver
  /** ports any public address may be reached on */
  ports: readonly number[]
  /** exact address + port pairs reachable despite the policy; only tests pass any */
  allowPrivateForTests: readonly SocketAddress[]
}

/** A checked place to connect to: the request goes to `address`, never to a fresh lookup of `hostname`. */
export interface Destination extends ResolvedAddress {
  hostname: string
  port: number
}

const MAX_URL_LENGTH = 2048

export const resolveWithSystemDns: Resolver = async (hostname) => {
  const found = await lookup(hostname, { all: true, verbatim: true })
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }))
}

/**
 * Absolute http(s) URLs only. WHATWG parsing also rewrites every spelling of an IPv4 literal
 * (2130706433, 0x7f.1, 017700000001, 127.1) to dotted form, so the address check sees the real target.
 */
export function parseImageUrl(raw: string): URL {
  if (raw.length > MAX_URL_LENGTH) throw badImageUrl(`The image address is longer than ${MAX_URL_LENGTH} characters`)
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw badImageUrl('The image address must be an absolute http or https URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badImageUrl('Only http and https images can be proxied')
  if (url.username || url.password) throw badImageUrl('The image address may not contain a user name or password')
  if (!url.hostname) throw badImageUrl('The image address has no host')
  url.hash = ''
  return url
}

export const portOf = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80)

/** Resolves the URL's host once and checks every address it has; the request then goes to one of them. */
export async function resolveDestination(url: URL, policy: DestinationPolicy): Promise<Destination> {
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1')
  const port = portOf(url)
  const portAllowed = policy.ports.includes(port)
  if (!portAllowed && !policy.allowPrivateForTests.some((entry) => entry.port === port)) throw portRefused(policy)
  const literal = isIP(hostname)
  const addresses = literal ? [{ address: hostname, family: literal === 6 ? 6 : 4 } as const] : await resolveAll(hostname, policy.resolve)
  // all of them, not only the first: a name with one public and one private answer is refused outright
  for (const { address } of addresses) {
    if (policy.allowPrivateForTests.some((entry) => entry.address === address && entry.port === port)) continue
    if (!portAllowed) throw portRefused(policy)
    if (!isPublicAddress(address)) throw forbiddenAddress(`${url.hostname} is not a public internet address`)
  }
  // one address, pinned: IPv4 first because many hosts publish AAAA records this server cannot reach
  return { hostname, port, ...(addresses.find((a) => a.family === 4) ?? addresses[0]!) }
}

const portRefused = (policy: DestinationPolicy) => forbiddenAddress(`Only ports ${policy.ports.join(' and ')} may be fetched`)

async function resolveAll(hostname: string, resolve: Resolver): Promise<ResolvedAddress[]> {
  let found: ResolvedAddress[]
  try {
    found = await resolve(hostname)
  } catch {
    throw upstreamFailed(`Could not find the image host ${hostname}`)
  }
  if (found.length === 0) throw upstreamFailed(`Could not find the image host ${hostname}`)
  // trust the resolver for addresses only; the family is derived from the text we will connect to
  return found.map(({ address }) => {
    const family = isIP(address)
    if (family === 0) throw upstreamFailed(`The image host ${hostname} has an invalid address`)
    return { address, family: family === 6 ? 6 : 4 }
  })
}
