import type { Context } from 'koa'
import { describe, expect, it, vi } from 'vitest'
import { sameOriginWrites } from './csrf'
import { HttpError } from './errors'

const PUBLIC = 'https://handover.example'
// the request reaches this host directly (no proxy): its own origin is allowed too
const SELF = 'http://shop.internal:3000'
const SIBLING = 'https://blog.handover.example'
const EVIL = 'https://evil.example'

const check = sameOriginWrites((requestOrigin) => [PUBLIC, requestOrigin])

type Verdict = 'pass' | 'refused'

/** Runs the middleware on a request with these headers: whether it reached the route, or was refused with 403. */
async function verdict(method: string, headers: { origin?: string; site?: string }): Promise<Verdict> {
  const sent: Record<string, string | undefined> = { origin: headers.origin, 'sec-fetch-site': headers.site }
  const ctx = { method, protocol: 'http', host: 'shop.internal:3000', get: (name: string) => sent[name.toLowerCase()] ?? '' }
  const next = vi.fn(async () => {})
  try {
    await check(ctx as unknown as Context, next)
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toMatchObject({ status: 403, code: 'forbidden', message: 'Cross-site request refused' })
    expect(next).not.toHaveBeenCalled()
    return 'refused'
  }
  expect(next).toHaveBeenCalledOnce()
  return 'pass'
}

// written out by hand: what a browser sends in each case, and what the server must decide
const UNSAFE_CASES: [string, { origin?: string; site?: string }, Verdict][] = [
  ['same origin, as the public URL', { origin: PUBLIC, site: 'same-origin' }, 'pass'],
  ['same origin, as the request itself', { origin: SELF, site: 'same-origin' }, 'pass'],
  ['an allowed origin the browser counts as another site of ours', { origin: PUBLIC, site: 'same-site' }, 'pass'],
  ['an allowed origin the browser counts as cross-site', { origin: PUBLIC, site: 'cross-site' }, 'pass'],
  ['an allowed origin from an older browser without Sec-Fetch-Site', { origin: SELF }, 'pass'],
  ['a sibling subdomain (same site, other origin)', { origin: SIBLING, site: 'same-site' }, 'refused'],
  ['another site', { origin: EVIL, site: 'cross-site' }, 'refused'],
  ['another site from an older browser without Sec-Fetch-Site', { origin: EVIL }, 'refused'],
  ['another site claiming same-origin', { origin: EVIL, site: 'same-origin' }, 'refused'],
  ['an opaque origin (sandboxed frame, file://)', { origin: 'null', site: 'cross-site' }, 'refused'],
  ['an opaque origin without Sec-Fetch-Site', { origin: 'null' }, 'refused'],
  ['an opaque origin claiming same-origin', { origin: 'null', site: 'same-origin' }, 'refused'],
  ['no Origin, same-origin', { site: 'same-origin' }, 'pass'],
  ['no Origin, same-site', { site: 'same-site' }, 'refused'],
  ['no Origin, cross-site', { site: 'cross-site' }, 'refused'],
  ['no Origin, none (typed or bookmarked by the user)', { site: 'none' }, 'pass'],
  ['neither header (a server-to-server caller such as a webhook)', {}, 'pass'],
]

describe('same-origin writes', () => {
  describe.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s', (method) => {
    it.each(UNSAFE_CASES)('%s', async (_, headers, expected) => {
      expect(await verdict(method, headers)).toBe(expected)
    })
  })

  describe.each(['GET', 'HEAD', 'OPTIONS'])('%s reads anything, from anywhere', (method) => {
    it.each(UNSAFE_CASES)('%s', async (_, headers) => {
      expect(await verdict(method, headers)).toBe('pass')
    })
  })
})
