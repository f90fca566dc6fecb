/**
 * Response headers for what the app answers from its bundle: content types by extension (Chromium does not
 * sniff them with nosniff), caching, and the Content-Security-Policy of the app's document
 * (src/shared/security/content-security-policy.ts, the website's policy too).
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
