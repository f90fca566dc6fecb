import { describe, expect, it } from 'vitest'
import { bundleFileHeaders, contentTypeOf, documentPolicy } from './app-headers'

/** The CSP as directive → sources, so a test can check one directive without caring about order. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/)
      return [name, sources]
    }),
  )
}

describe('contentTypeOf', () => {
  it.each([
    ['index.html', 'text/html; charset=utf-8'],
    ['assets/index-abc.js', 'text/javascript; charset=utf-8'],
    ['assets/index-abc.css', 'text/css; charset=utf-8'],
    ['favicon.svg', 'image/svg+xml'],
    ['sounds/notification.mp3', 'audio/mpeg'],
    ['assets/inter.woff2', 'font/woff2'],
    ['assets/banner.WEBP', 'image/webp'],
    ['assets/index-abc.js.map', 'application/json; charset=utf-8'],
    ['LICENSE', 'application/octet-stream'],
    ['assets/file.unknownext', 'application/octet-stream'],
  ])('%s is %s', (file, type) => {
    expect(contentTypeOf(file)).toBe(type)
  })
})

describe('documentPolicy', () => {
  it('lets in only what the built web app needs from its own origin', () => {
    const policy = directives(documentPolicy('https://handover.example'))
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
    expect(documentPolicy('http://localhost:3000')).not.toContain('unsafe-eval')
    expect(directives(documentPolicy('http://localhost:3000')).get('script-src')).not.toContain("'unsafe-inline'")
    const dev = directives(documentPolicy('http://localhost:3000', { devServerOrigin: 'http://localhost:5173' }))
    expect(dev.get('script-src')).toContain("'unsafe-inline'")
    expect(dev.get('script-src')).not.toContain("'unsafe-eval'")
  })

  it('opens the live connection with the scheme of the server, and hot reload to the dev server', () => {
    expect(directives(documentPolicy('http://127.0.0.1:3000')).get('connect-src')).toEqual(["'self'", 'ws://127.0.0.1:3000'])
    const dev = directives(documentPolicy('http://localhost:3000', { devServerOrigin: 'http://localhost:5173/' }))
    expect(dev.get('connect-src')).toEqual(["'self'", 'ws://localhost:3000', 'http://localhost:5173', 'ws://localhost:5173'])
  })
})

describe('bundleFileHeaders', () => {
  const policy = documentPolicy('http://localhost:3000')

  it('gives the document its CSP and keeps it from being cached', () => {
    const headers = bundleFileHeaders('index.html', policy)
    expect(headers['Content-Security-Policy']).toBe(policy)
    expect(headers['Cache-Control']).toBe('no-cache')
    expect(headers['Content-Type']).toBe('text/html; charset=utf-8')
    expect(headers['X-Content-Type-Options']).toBe('nosniff')
  })

  it('caches hashed assets for good, other files not, and puts no CSP on them', () => {
    expect(bundleFileHeaders('assets/index-abc.js', policy)).toEqual({
      'Content-Type': 'text/javascript; charset=utf-8',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'public, max-age=31536000, immutable',
    })
    expect(bundleFileHeaders('sw.js', policy)['Cache-Control']).toBe('no-cache')
    expect(bundleFileHeaders('sw.js', policy)['Content-Security-Policy']).toBeUndefined()
  })
})
