import helmet from 'koa-helmet'
import type { Middleware } from 'koa'
import { documentPolicyDirectives } from '@shared/security/content-security-policy'

const YEAR_SECONDS = 365 * 24 * 60 * 60

/**
 * Helmet's headers on every answer, with the app's own CSP (the desktop app sends the same one). Pages with
 * other needs (the API docs, the sandbox checkout, uploaded media) set their own policy after this runs.
 */
export function securityHeaders({ publicUrl }: { publicUrl: string }): Middleware {
  const tls = new URL(publicUrl).protocol === 'https:'
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: documentPolicyDirectives({ serverOrigin: publicUrl }) },
    // The checkout runs in a popup that comes back to /payment/return and reports to window.opener (SPEC §4):
    // any Cross-Origin-Opener-Policy would cut that link when the popup passes through the provider's site.
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Not no-referrer: browsers then send `Origin: null` on same-origin writes, which the CSRF check refuses.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only where the site is served over TLS (a local http address must stay reachable), and for this
    // host alone: other hosts of the domain are the operator's to decide
    strictTransportSecurity: tls ? { maxAge: YEAR_SECONDS, includeSubDomains: false } : false,
    xFrameOptions: { action: 'deny' },
  })
}
