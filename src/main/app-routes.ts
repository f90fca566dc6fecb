/**
 * Which requests to the server's origin the app answers itself. The window's page lives at the server's own
 * origin so its cookies are first-party, but the page itself comes from the renderer bundled in the app:
 * only what the server generates goes over the network, every other path is a file of the bundle or, for an
 * app route, its index.html.
 */

// What server/app.ts answers itself: the API (image proxy and uploads included), the live connection, the
// health check, uploaded media, the sandbox provider's checkout page and the files for search engines.
const SERVER_PREFIXES: readonly string[] = ['/api', '/ws', '/healthz', '/media', '/sandbox/checkout']
const SERVER_FILES = /^\/(?:robots\.txt|sitemap\.xml|sitemap-listings-\d+\.xml)$/

/** True for paths the server answers itself; prefixes match whole segments, so "/apiary" is an app route. */
export function isServerPath(pathname: string): boolean {
  if (SERVER_FILES.test(pathname)) return true
  return SERVER_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))
}

export type BundleTarget =
  /** An app route: answered with index.html, whatever the path (the router in the page reads it). */
  | { kind: 'document' }
  /** A file of the bundle, as '/'-separated names relative to its root. */
  | { kind: 'file'; file: string }
  /** A 404: a path that cannot name a file of the bundle (traversal, encoded separators, dot files), or a
   * file only the website uses. */
  | { kind: 'refused' }

// The website's own rule (server/app.ts): a path ending in an extension is a file, and a missing file is a
// 404 rather than the app's HTML, so a missing sound or an old asset fails visibly instead of parsing HTML.
const FILE_EXTENSION = /\.[a-z0-9]+$/i

// The website's service worker answers page loads with its stored shell when the server cannot be reached.
// In the app the bundle is on disk and the offline screen covers a missing server; a worker answering page
// loads from its cache would hide both. Without the script the registration fails quietly (src/renderer/main.tsx).
const WEBSITE_ONLY_FILES: ReadonlySet<string> = new Set(['sw.js'])

// Names the bundle never contains but a file system would act on: parent and hidden entries, separators
// (also once decoded: "%2f", "%5c"), drive letters and streams (":"), and control characters such as NUL.
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME = /^\.|[/\\:\u0000-\u001f\u007f]/

/**
 * Maps the pathname of a URL on the server origin (already normalised by the URL parser, so literal and
 * "%2e%2e" dot segments are gone) to what answers it. Never touches the file system.
 */
export function bundleTarget(pathname: string): BundleTarget {
  if (!pathname.startsWith('/')) return { kind: 'refused' }
  const names: string[] = []
  for (const segment of pathname.slice(1).split('/')) {
    const name = decodeSegment(segment)
    if (name === null) return { kind: 'refused' }
    names.push(name)
  }
  const last = names[names.length - 1] ?? ''
  if (last === 'index.html' && names.length === 1) return { kind: 'document' }
  if (!FILE_EXTENSION.test(last)) return { kind: 'document' }
  if (names.some((name) => name === '' || UNSAFE_NAME.test(name))) return { kind: 'refused' }
  const file = names.join('/')
  return WEBSITE_ONLY_FILES.has(file) ? { kind: 'refused' } : { kind: 'file', file }
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment)
  } catch {
    // A malformed escape such as "%E0%A4%A" cannot name any file.
    return null
  }
}

// Vite's own modules in development: "/@vite/client", "/@react-refresh", "/@fs/…", "/node_modules/.vite/…".
const VITE_PATHS = /^\/(?:@|node_modules\/|__vite)/

/**
 * In development every path goes to the Vite dev server, which keeps its own file-system limits, so nothing
 * is refused here; app routes are still the document. Vite's modules are told apart by prefix, since they
 * may have no extension or sit in a dot folder.
 */
export function devServerTarget(pathname: string): BundleTarget {
  if (VITE_PATHS.test(pathname)) return { kind: 'file', file: pathname.slice(1) }
  const target = bundleTarget(pathname)
  return target.kind === 'refused' ? { kind: 'file', file: pathname.slice(1) } : target
}
