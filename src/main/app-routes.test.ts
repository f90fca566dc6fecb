import { describe, expect, it } from 'vitest'
import { bundleTarget, devServerTarget, isServerPath, type BundleTarget } from './app-routes'

/** The pathname as the handler sees it: the request's URL, parsed again by `new URL`. */
const pathOf = (path: string) => new URL(`http://localhost:3000${path}`).pathname

describe('isServerPath', () => {
  it.each([
    '/api',
    '/api/accounts',
    '/api/proxy/image',
    '/api/uploads',
    '/ws',
    '/healthz',
    '/media/listings/a.webp',
    '/sandbox/checkout/ord_1',
    '/robots.txt',
    '/sitemap.xml',
    '/sitemap-listings-3.xml',
  ])('leaves %s to the server', (path) => {
    expect(isServerPath(path)).toBe(true)
  })

  it.each([
    '/',
    '/apiary',
    '/api-docs',
    '/wsx',
    '/mediakit',
    '/sandbox',
    '/sandbox/other',
    '/assets/index.js',
    '/sounds/notification.mp3',
    '/chat/12',
    '/sitemap-listings-x.xml',
  ])('answers %s from the bundle', (path) => {
    expect(isServerPath(path)).toBe(false)
  })
})

describe('bundleTarget', () => {
  it.each(['/', '/index.html', '/chat/12', '/listing/5/', '/admin/payment-monitor', '/buy-youtube-accounts'])(
    'answers the app route %s with the document',
    (path) => {
      expect(bundleTarget(pathOf(path))).toEqual({ kind: 'document' })
    },
  )

  it.each([
    ['/assets/index-CzF9IAqV.js', 'assets/index-CzF9IAqV.js'],
    ['/favicon.svg', 'favicon.svg'],
    ['/sounds/notification.mp3', 'sounds/notification.mp3'],
    ['/assets/with%20space.css', 'assets/with space.css'],
  ])('maps %s to the file %s', (path, file) => {
    expect(bundleTarget(pathOf(path))).toEqual({ kind: 'file', file })
  })

  it.each<[string, BundleTarget]>([
    // the URL parser removes dot segments, literal or encoded, before the handler sees them
    ['/../../etc/passwd.txt', { kind: 'file', file: 'etc/passwd.txt' }],
    ['/assets/%2e%2e/%2E%2E/main/index.js', { kind: 'file', file: 'main/index.js' }],
    ['/assets/.%2e/index.html', { kind: 'document' }],
    // http(s) URLs read a backslash as a slash
    ['/assets\\..\\..\\main\\index.js', { kind: 'file', file: 'main/index.js' }],
  ])('keeps %s inside the bundle once parsed', (path, target) => {
    expect(bundleTarget(pathOf(path))).toEqual(target)
  })

  it.each([
    '/assets/..%2f..%2fmain%2findex.js',
    '/assets/..%2F..%2Fpackage.json',
    '/%2e%2e%2f%2e%2e%2fetc%2fpasswd.txt',
    '/assets/..%5c..%5cmain%5cindex.js',
    '/C:/Windows/win.ini',
    '/C%3A%5CWindows%5Cwin.ini',
    '//etc/passwd.txt',
    '/assets//index.js',
    '/index.html%00.js',
    '/.env.json',
    '/assets/.hidden.js',
    '/assets/%E0%A4%A.js',
  ])('refuses %s', (path) => {
    expect(bundleTarget(pathOf(path))).toEqual({ kind: 'refused' })
  })

  it('keeps the service worker of the website out of the app, so page loads stay with the bundle and the offline screen', () => {
    expect(bundleTarget('/sw.js')).toEqual({ kind: 'refused' })
    expect(bundleTarget('/assets/sw.js')).toEqual({ kind: 'file', file: 'assets/sw.js' })
  })

  it.each(['/../main/index.js', '/assets/../../package.json', '/./index.js', 'relative.js', '/assets/\u0000.js'])(
    'refuses the raw path %j even if it arrived unparsed',
    (path) => {
      expect(bundleTarget(path)).toEqual({ kind: 'refused' })
    },
  )

  it.each(['/..%2f..%2fetc%2fpasswd', '/assets/index.js%00', '/%00'])('never reads a file for the app route %s', (path) => {
    expect(bundleTarget(pathOf(path))).toEqual({ kind: 'document' })
  })
})

describe('devServerTarget', () => {
  it.each(['/@vite/client', '/@react-refresh', '/@fs/repo/src/shared/money.ts', '/node_modules/.vite/deps/react.js'])(
    'hands the Vite module %s to the dev server as it is',
    (path) => {
      expect(devServerTarget(path)).toEqual({ kind: 'file', file: path.slice(1) })
    },
  )

  it('still answers app routes with the document, and sources as files', () => {
    expect(devServerTarget('/chat/12')).toEqual({ kind: 'document' })
    expect(devServerTarget('/main.tsx')).toEqual({ kind: 'file', file: 'main.tsx' })
  })
})
