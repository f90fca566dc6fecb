import { describe, expect, it } from 'vitest'
import { documentPolicy } from '../shared/security/content-security-policy'
import { bundleFileHeaders, contentTypeOf } from './app-headers'

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

describe('bundleFileHeaders', () => {
  const policy = documentPolicy({ serverOrigin: 'http://localhost:3000' })

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
