import { describe, expect, it } from 'vitest'
import { documentPolicy } from './content-security-policy'

/** The CSP as directive → sources, so a test can check one directive without caring about order. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/)
      return [name, sources]
    }),
  )
}

describe('documentPolicy', () => {
  it('lets in only what the built web app needs from its own origin', () => {
    const policy = directives(documentPolicy({ serverOrigin: 'https://handover.example' }))
    expect(policy.get('default-src')).toEqual(["'self'"])
    expect(policy.get('script-src')).toEqual(["'self'"])
    expect(policy.get('connect-src')).toEqual(["'self'", 'wss://handover.example'])
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:'])
    expect(policy.get('media-src')).toEqual(["'self'"])
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(policy.get('base-uri')).toEqual(["'none'"])
    expect(policy.get('frame-ancestors')).toEqual(["'none'"])
  })

  it('never allows eval, and inline scripts only from the dev server', () => {
    expect(documentPolicy({ serverOrigin: 'http://localhost:3000' })).not.toContain('unsafe-eval')
    expect(directives(documentPolicy({ serverOrigin: 'http://localhost:3000' })).get('script-src')).not.toContain("'unsafe-inline'")
    const dev = directives(documentPolicy({ serverOrigin: 'http://localhost:3000', devServerOrigin: 'http://localhost:5173' }))
    expect(dev.get('script-src')).toContain("'unsafe-inline'")
    expect(dev.get('script-src')).not.toContain("'unsafe-eval'")
  })

  it('opens the live connection with the scheme of the server, and hot reload to the dev server', () => {
    expect(directives(documentPolicy({ serverOrigin: 'http://127.0.0.1:3000' })).get('connect-src')).toEqual(["'self'", 'ws://127.0.0.1:3000'])
    const dev = directives(documentPolicy({ serverOrigin: 'http://localhost:3000', devServerOrigin: 'http://localhost:5173/' }))
    expect(dev.get('connect-src')).toEqual(["'self'", 'ws://localhost:3000', 'http://localhost:5173', 'ws://localhost:5173'])
  })

  it('upgrades plain-http loads only when the site itself is served over TLS', () => {
    expect(directives(documentPolicy({ serverOrigin: 'https://handover.example' })).has('upgrade-insecure-requests')).toBe(true)
    expect(directives(documentPolicy({ serverOrigin: 'http://localhost:3000' })).has('upgrade-insecure-requests')).toBe(false)
  })
})
