/**
 * The Content-Security-Policy of the app's document, one policy for the website (the server sends it) and the
 * desktop app (its protocol handler sends it), from what the built renderer needs: its own scripts and styles,
 * the API and the live connection on the server's origin, images over https (listing banners, avatars), its own
 * sounds and service worker. No inline script, no eval, no plugins, no frames, no <base> and no framing by others.
 */

export type PolicyDirectives = Record<string, string[]>

export interface PolicyOptions {
  /** where the document is served from, and so where /api and /ws are */
  serverOrigin: string
  /** The Vite dev server in development: its scripts are inlined and its hot reload connects to it. */
  devServerOrigin?: string
}

const socketOrigin = (origin: URL) => `${origin.protocol === 'https:' ? 'wss' : 'ws'}://${origin.host}`

export function documentPolicyDirectives({ serverOrigin, devServerOrigin }: PolicyOptions): PolicyDirectives {
  const server = new URL(serverOrigin)
  const dev = devServerOrigin ? new URL(devServerOrigin) : undefined
  const directives: PolicyDirectives = {
    'default-src': ["'self'"],
    // Vite's dev page starts React Fast Refresh with an inline module; the built page has none.
    'script-src': dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    // Radix's scroll lock inserts <style> elements at run time; styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'media-src': ["'self'"],
    'font-src': ["'self'", 'data:'],
    // 'self' covers a same-origin socket in current browsers; the explicit origin covers the rest
    'connect-src': ["'self'", socketOrigin(server), ...(dev ? [dev.origin, socketOrigin(dev)] : [])],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  }
  // a page served over TLS never loads anything over plain http
  if (server.protocol === 'https:') directives['upgrade-insecure-requests'] = []
  return directives
}

export function serializePolicy(directives: PolicyDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ')
}

export function documentPolicy(options: PolicyOptions): string {
  return serializePolicy(documentPolicyDirectives(options))
}
