import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isAppRoute } from '@shared/ipc/url-rules'
import { findDeepLinkArg, parseDeepLink } from './deep-links'

describe('parseDeepLink', () => {
  it.each([
    ['handover://chat/42', '/chat/42'],
    ['handover://listing/7', '/listing/7'],
    ['handover://listing/77/', '/listing/77'],
    ['handover://transaction/123', '/transaction/123'],
    ['handover://transaction/123/', '/transaction/123'],
    ['HANDOVER://Chat/5', '/chat/5'],
    ['handover://chat/9007199254740991', '/chat/9007199254740991'],
    ['handover://trustap/auth/callback?code=abc&state=xyz', '/trustap/auth/callback?code=abc&state=xyz'],
    ['handover://trustap/auth/callback', '/trustap/auth/callback'],
    ['handover://payment/return?transaction_id=5&status=success', '/payment/trustap/return?transaction_id=5&status=success'],
    ['handover://payment/return/?tx_id=9', '/payment/trustap/return?tx_id=9'],
    ['handover://payment/return', '/payment/trustap/return'],
    ['handover://payment/return?', '/payment/trustap/return'],
  ])('maps %s to %s', (link, route) => {
    expect(parseDeepLink(link)).toBe(route)
  })

  it('re-encodes query strings into one canonical form', () => {
    expect(parseDeepLink(`handover://trustap/auth/callback?code=a%20b&state=<x>&q="'`)).toBe('/trustap/auth/callback?code=a+b&state=%3Cx%3E&q=%22%27')
    expect(parseDeepLink('handover://payment/return?next=//evil.example/%2F')).toBe('/payment/trustap/return?next=%2F%2Fevil.example%2F%2F')
    expect(parseDeepLink('handover://payment/return?state=eyJvcmRlcklkIjoxfQ==')).toBe('/payment/trustap/return?state=eyJvcmRlcklkIjoxfQ%3D%3D')
  })

  it('drops the fragment instead of forwarding it', () => {
    expect(parseDeepLink('handover://trustap/auth/callback?code=1#_=_')).toBe('/trustap/auth/callback?code=1')
    expect(parseDeepLink('handover://chat/3#<img/src=x>')).toBe('/chat/3')
  })

  it.each([
    // ids must be positive integers in plain decimal
    'handover://chat/0',
    'handover://chat/-1',
    'handover://chat/01',
    'handover://chat/1.5',
    'handover://chat/1e3',
    'handover://chat/0x10',
    'handover://chat/abc',
    'handover://chat/%34%32',
    'handover://listing/9007199254740993',
    'handover://listing/12345678901234567',
    'handover://chat',
    'handover://chat/',
    'handover://chat/42/extra',
    'handover://chat//42',
    'handover://chat/42?x=1',
    'handover://trustap/auth/callback/extra',
    'handover://trustap/x/auth/callback',
    'handover://payment/return/extra',
    'handover://payment/x/return',
    // every id link has exactly one segment and no query, whatever its host
    'handover://listing/5/extra',
    'handover://listing/abc/5',
    'handover://listing/1?x=1',
    'handover://transaction/5/extra',
    'handover://transaction/abc/5',
    'handover://transaction/1?x=1',
    'handover://trustap/../chat/1',
    'handover://payment/trustap/return',
    // unknown hosts, including prototype keys
    'handover://admin/1',
    'handover://settings',
    'handover://constructor/1',
    'handover://__proto__/1',
    'handover://toString/1',
    'handover://ch%61t/1',
    'handover://chаt/1',
    // credentials and ports
    'handover://user:pass@chat/1',
    'handover://user@chat/1',
    'handover://chat:8080/1',
    'handover://chat:/1',
    'handover://127.0.0.1/1',
    // other schemes and shapes
    'https://chat/1',
    'http://handover/chat/1',
    'javascript:alert(1)//handover://chat/1',
    'file:///etc/passwd',
    'handover:chat/1',
    'handover:/chat/1',
    'handover:///chat/1',
    'xhandover://chat/1',
    'web+handover://chat/1',
    '',
    // whitespace, control characters and backslashes that the URL parser would quietly rewrite
    ' handover://chat/1',
    'handover://chat/1 ',
    'handover://chat/1\n',
    'handover://ch\tat/1',
    'handover://chat\\1',
    'handover://payment/return?x=1\u0000',
  ])('refuses %j', (link) => {
    expect(parseDeepLink(link)).toBeNull()
  })

  it('refuses links longer than a URL may be, and takes one just as long', () => {
    const callback = 'handover://trustap/auth/callback?code='
    expect(parseDeepLink(`${callback}${'a'.repeat(2048 - callback.length)}`)).toBe(
      `/trustap/auth/callback?code=${'a'.repeat(2048 - callback.length)}`,
    )
    expect(parseDeepLink(`${callback}${'a'.repeat(2049 - callback.length)}`)).toBeNull()
    expect(parseDeepLink(`handover://trustap/auth/callback?code=${'a'.repeat(2100)}`)).toBeNull()
  })

  it('only ever yields null or an in-app route under a known prefix', () => {
    const prefixes = ['/chat/', '/listing/', '/transaction/', '/trustap/auth/callback', '/payment/trustap/return']
    const hosts = fc.constantFrom('chat', 'listing', 'transaction', 'trustap', 'payment', 'CHAT', 'x')
    const link = fc.tuple(hosts, fc.string(), fc.string()).map(([host, path, rest]) => `handover://${host}/${path}${rest}`)
    fc.assert(
      fc.property(fc.oneof(link, fc.string()), (value) => {
        const route = parseDeepLink(value)
        return route === null || (isAppRoute(route) && prefixes.some((prefix) => route.startsWith(prefix)))
      }),
      { numRuns: 2000 },
    )
  })
})

describe('findDeepLinkArg', () => {
  it('finds the link among other arguments', () => {
    expect(findDeepLinkArg(['C:\\Handover\\Handover.exe', '--allow-file-access', 'handover://chat/1'])).toBe('handover://chat/1')
    expect(findDeepLinkArg(['/usr/bin/handover', 'HANDOVER://listing/2'])).toBe('HANDOVER://listing/2')
  })

  it('returns undefined when there is none', () => {
    expect(findDeepLinkArg(['/usr/bin/handover', '--no-sandbox', 'https://handover.example'])).toBeUndefined()
    expect(findDeepLinkArg([])).toBeUndefined()
  })
})
