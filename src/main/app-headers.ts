/**
 * Response headers for what the app answers from its bundle: content types by extension (Chromium does not
 * sniff them with nosniff), caching, and the Content-Security-Policy of the app's document.
 */

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  wasm: 'application/wasm',
}

export function contentTypeOf(file: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(file)?.[1]?.toLowerCase()
  return (extension && CONTENT_TYPES[extension]) || 'application/octet-stream'
}

export interface PolicyOptions {
  /** The Vite dev server in development: its scripts are inlined and its hot reload connects to it. */
  devServerOrigin?: string
}

/**
 * The CSP of the app's document, from what the web build needs: its own scripts and styles, the API and the
 * live connection on the same origin, images from anywhere over https (listing banners, avatars), its own
 * sounds. No eval, no plugins, no frames, no <base> and no framing by others.
 */
export function documentPolicy(serverOrigin: string, { devServerOrigin }: PolicyOptions = {}): string {
  const server = new URL(serverOrigin)
  const socket = `${server.protocol === 'https:' ? 'wss' : 'ws'}://${server.host}`
  const dev = devServerOrigin ? new URL(devServerOrigin) : undefined
  const devSocket = dev ? `${dev.protocol === 'https:' ? 'wss' : 'ws'}://${dev.host}` : undefined
  const directives = [
    "default-src 'self'",
    // Vite's dev page starts React Fast Refresh with an inline module; the built page has none.
    dev ? "script-src 'self' 'unsafe-inline'" : "script-src 'self'",
    // Radix's scroll lock inserts <style> elements at run time; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self'",
    "font-src 'self' data:",
    ['connect-src', "'self'", socket, dev?.origin, devSocket].filter(Boolean).join(' '),
    "worker-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ]
  return directives.join('; ')
}

// Vite names everything under assets/ by content hash, so a cached copy can never be stale.
const IMMUTABLE = 'public, max-age=31536000, immutable'

/** Headers for a file of the bundle; the document gets the CSP and is never cached (it names the assets). */
export function bundleFileHeaders(file: string, policy: string): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': contentTypeOf(file),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': file.startsWith('assets/') ? IMMUTABLE : 'no-cache',
  }
  if (file === 'index.html') {
    headers['Content-Security-Policy'] = policy
    headers['Referrer-Policy'] = 'strict-origin-when-cross-origin'
  }
  return headers
}
