import type { TrustapConnectionDto } from '@shared/api/payments'
import { describeError, errorStatus } from '@/lib/api-client'

/**
 * /trustap-integration's decisions as plain functions: what the connect panel shows from the start-URL request,
 * which facts describe a connection, and which provider address the browser may be sent to.
 */

/** A start URL is reused this long: its state lives ten minutes on the server, so half leaves room to sign in. */
export const START_URL_FRESH_MS = 5 * 60 * 1000

export const TRUSTAP_TEXTS = {
  notConfiguredTitle: 'Trustap is not set up on this server',
  notConfigured: 'This server has no Trustap connection configured, so payments here go through the sandbox provider. There is nothing to connect.',
  startFailed: 'Could not start connecting to Trustap. Please try again.',
  loadFailed: 'Could not load your Trustap connection. Please try again.',
  disconnectFailed: 'Could not disconnect Trustap. Please try again.',
} as const

export type ConnectPanel = { kind: 'checking' } | { kind: 'ready' } | { kind: 'not-configured' } | { kind: 'unavailable'; message: string }

/** 503 from the start endpoint is the server saying it has no Trustap OAuth client (TRUSTAP_CLIENT_ID/SECRET). */
export function connectPanel(start: { status: 'pending' | 'success' | 'error'; error: unknown }): ConnectPanel {
  if (start.status === 'pending') return { kind: 'checking' }
  if (start.status === 'success') return { kind: 'ready' }
  if (errorStatus(start.error) === 503) return { kind: 'not-configured' }
  return { kind: 'unavailable', message: describeError(start.error, TRUSTAP_TEXTS.startFailed) }
}

const dateText = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' })

/** The rows shown for a connected account; a missing email or date says so rather than leaving a gap. */
export function connectionFacts(connection: TrustapConnectionDto): { label: string; value: string }[] {
  return [
    { label: 'Trustap user id', value: connection.trustapUserId ?? 'Unknown' },
    { label: 'Email', value: connection.email ?? 'Not shared by Trustap' },
    { label: 'Connected', value: connection.connectedAt ? dateText(connection.connectedAt) : 'Unknown' },
  ]
}

/** Only an http(s) address leaves the site: a `javascript:` or relative answer is not followed. */
export function providerUrl(raw: string | null): string | null {
  if (!raw) return null
  try {
    const url = new URL(raw)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null
  } catch {
    return null
  }
}
