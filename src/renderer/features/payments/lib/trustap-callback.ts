import { trustapOAuthCallbackSchema, type TrustapConnectionDto, type TrustapOAuthCallbackRequest } from '@shared/api/payments'
import { REDIRECT_DELAYS } from '@shared/constants'
import { paths } from '@/config/paths'

/**
 * The Trustap authorisation callback (/trustap/auth/callback, /auth/trustap/callback) as plain functions: the query
 * Trustap sent the browser back with goes in; whether to post the code, and what to show, come out.
 */

/** How long "Trustap connected" stays before the browser goes back to /trustap-integration. */
export const CONNECTED_REDIRECT_MS = REDIRECT_DELAYS.medium

const MAX_ERROR_TEXT = 200

export interface CallbackParams {
  code: string | null
  state: string | null
  error: string | null
  errorDescription: string | null
}

export type CallbackPlan =
  | { kind: 'refused'; message: string; errorCode: string }
  | { kind: 'incomplete'; message: string }
  | { kind: 'exchange'; request: TrustapOAuthCallbackRequest }

export interface CallbackLink {
  label: string
  to: string
}

export type CallbackView =
  | { phase: 'processing'; message: string }
  | { phase: 'connected'; message: string; connection: TrustapConnectionDto; redirect: { to: string; delayMs: number } }
  | { phase: 'failed'; title: string; message: string; detail: string | null; link: CallbackLink }

export const CALLBACK_TEXTS = {
  processing: 'Connecting your Trustap account…',
  connected: 'Your Trustap account is connected. Taking you back…',
  notConnectedTitle: 'Trustap not connected',
  incomplete: 'This page needs the code and state Trustap sends back. Start connecting again from the Trustap integration page.',
  signedOut: 'Sign in to Handover, then connect Trustap again from the Trustap integration page.',
  exchangeFailed: 'Could not finish connecting Trustap. Please try again.',
  noAccount: 'Trustap did not say which account you signed in with. Please try again.',
} as const

// RFC 6749 §4.1.2.1: the error codes an authorisation server sends back, in plain words
const OAUTH_ERRORS: Record<string, string> = {
  access_denied: 'the request was declined at Trustap',
  invalid_request: 'Trustap found the request incomplete',
  unauthorized_client: 'this marketplace is not allowed to connect accounts',
  unsupported_response_type: 'Trustap does not support this kind of request',
  invalid_scope: 'Trustap did not accept the permissions asked for',
  server_error: 'Trustap had a problem',
  temporarily_unavailable: 'Trustap is busy; try again in a moment',
}

// eslint-disable-next-line no-control-regex -- stripping control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g

/** One line of plain text from the address bar: no control characters, no runs of spaces, not too long. */
export function cleanText(raw: string | null, max = MAX_ERROR_TEXT): string | null {
  const text = (raw ?? '').replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim()
  if (!text) return null
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

export function readCallbackParams(search: URLSearchParams): CallbackParams {
  return {
    code: search.get('code') || null,
    state: search.get('state') || null,
    error: cleanText(search.get('error'), 64),
    errorDescription: cleanText(search.get('error_description')),
  }
}

/** "Trustap did not connect: …" with Trustap's own description when it gave one, else the code in plain words. */
export function refusalMessage(error: string, description: string | null): string {
  const reason = description ?? OAUTH_ERRORS[error] ?? error
  return `Trustap did not connect: ${reason.replace(/\.$/, '')}.`
}

/** An error from Trustap wins over any code; a code is posted only with its state and within the contract's limits. */
export function planCallback(params: CallbackParams): CallbackPlan {
  if (params.error) return { kind: 'refused', message: refusalMessage(params.error, params.errorDescription), errorCode: params.error }
  const request = trustapOAuthCallbackSchema.safeParse({ code: params.code ?? '', state: params.state ?? '' })
  if (!request.success) return { kind: 'incomplete', message: CALLBACK_TEXTS.incomplete }
  return { kind: 'exchange', request: request.data }
}

/** Post the code only for a signed-in user (null: not known yet); the state is bound to them on the server. */
export function shouldExchange(plan: CallbackPlan, signedIn: boolean | null): plan is Extract<CallbackPlan, { kind: 'exchange' }> {
  return plan.kind === 'exchange' && signedIn === true
}

const backToIntegration: CallbackLink = { label: 'Back to Trustap integration', to: paths.trustapIntegration }
const tryAgain: CallbackLink = { label: 'Try again', to: paths.trustapIntegration }

const failed = (message: string, detail: string | null, link: CallbackLink): CallbackView => ({
  phase: 'failed',
  title: CALLBACK_TEXTS.notConnectedTitle,
  message,
  detail,
  link,
})

/** What shows before (or instead of) posting the code. */
export function initialView(plan: CallbackPlan, signedIn: boolean | null): CallbackView {
  if (plan.kind === 'refused') return failed(plan.message, `Error code: ${plan.errorCode}`, backToIntegration)
  if (plan.kind === 'incomplete') return failed(plan.message, null, backToIntegration)
  if (signedIn === false) return failed(CALLBACK_TEXTS.signedOut, null, { label: 'Sign in', to: paths.login })
  return { phase: 'processing', message: CALLBACK_TEXTS.processing }
}

/** The server kept the account: say so, then go back to the integration page. */
export function connectedView(connection: TrustapConnectionDto): CallbackView {
  if (!connection.connected) return failed(CALLBACK_TEXTS.noAccount, null, tryAgain)
  return {
    phase: 'connected',
    message: CALLBACK_TEXTS.connected,
    connection,
    redirect: { to: paths.trustapIntegration, delayMs: CONNECTED_REDIRECT_MS },
  }
}

/**
 * The server refused (expired or reused state, Trustap refusing the code): its message, and a way to start again.
 * 503 is a server without Trustap: starting again cannot help, so the link only leads back.
 */
export function exchangeFailedView(serverMessage: string | null, status: number): CallbackView {
  return failed(serverMessage ?? CALLBACK_TEXTS.exchangeFailed, null, status === 503 ? backToIntegration : tryAgain)
}
