import { describe, expect, it } from 'vitest'
import {
  CALLBACK_TEXTS,
  CONNECTED_REDIRECT_MS,
  cleanText,
  connectedView,
  exchangeFailedView,
  initialView,
  planCallback,
  readCallbackParams,
  refusalMessage,
  shouldExchange,
} from './trustap-callback'

const params = (query: string) => readCallbackParams(new URLSearchParams(query))
const CONNECTION = { connected: true, trustapUserId: 'trustap-alice', email: 'alice@trustap.example', connectedAt: '2026-11-23T10:00:00.000Z' }

describe('reading the callback query', () => {
  it('reads code, state, error and error_description; empty values are missing', () => {
    expect(params('code=abc&state=xyz')).toEqual({ code: 'abc', state: 'xyz', error: null, errorDescription: null })
    expect(params('code=&state=&error=access_denied&error_description=User+said+no')).toEqual({
      code: null,
      state: null,
      error: 'access_denied',
      errorDescription: 'User said no',
    })
  })

  it('turns what the address bar says into one short line of text', () => {
    expect(cleanText('  two\n\tlines\u0000here ')).toBe('two lines here')
    expect(cleanText('   ')).toBeNull()
    expect(cleanText('x'.repeat(500))).toHaveLength(200)
    expect(cleanText('x'.repeat(500))!.endsWith('…')).toBe(true)
  })
})

describe('planCallback', () => {
  it('shows an error from Trustap, in words, even when a code came too', () => {
    expect(planCallback(params('error=access_denied&code=abc&state=xyz'))).toEqual({
      kind: 'refused',
      message: 'Trustap did not connect: the request was declined at Trustap.',
      errorCode: 'access_denied',
    })
    expect(planCallback(params('error=invalid_scope&error_description=Scope+p2p_tx+unknown.'))).toMatchObject({
      message: 'Trustap did not connect: Scope p2p_tx unknown.',
    })
    expect(refusalMessage('weird_error', null)).toBe('Trustap did not connect: weird_error.')
  })

  it('keeps markup from the address bar as plain text', () => {
    expect(planCallback(params('error=x&error_description=%3Cb%3Ebold%3C%2Fb%3E'))).toMatchObject({
      message: 'Trustap did not connect: <b>bold</b>.',
    })
  })

  it('posts the code only with its state and within the contract’s limits', () => {
    expect(planCallback(params('code=abc&state=xyz'))).toEqual({ kind: 'exchange', request: { code: 'abc', state: 'xyz' } })
    expect(planCallback(params('code=abc'))).toEqual({ kind: 'incomplete', message: CALLBACK_TEXTS.incomplete })
    expect(planCallback(params('state=xyz')).kind).toBe('incomplete')
    expect(planCallback(params('')).kind).toBe('incomplete')
    expect(planCallback(params(`code=abc&state=${'s'.repeat(201)}`)).kind).toBe('incomplete')
  })
})

describe('what the screen shows', () => {
  const exchange = planCallback(params('code=abc&state=xyz'))

  it('posts only once the user is known to be signed in', () => {
    expect(shouldExchange(exchange, true)).toBe(true)
    expect(shouldExchange(exchange, null)).toBe(false)
    expect(shouldExchange(exchange, false)).toBe(false)
    expect(shouldExchange(planCallback(params('error=access_denied')), true)).toBe(false)
  })

  it('processing while it waits; a refusal or a broken link with the way back; signed out, the way to sign in', () => {
    expect(initialView(exchange, null)).toEqual({ phase: 'processing', message: CALLBACK_TEXTS.processing })
    expect(initialView(exchange, true).phase).toBe('processing')
    expect(initialView(planCallback(params('error=access_denied')), true)).toMatchObject({
      phase: 'failed',
      detail: 'Error code: access_denied',
      link: { to: '/trustap-integration' },
    })
    expect(initialView(planCallback(params('code=abc')), true)).toMatchObject({ phase: 'failed', message: CALLBACK_TEXTS.incomplete })
    expect(initialView(exchange, false)).toMatchObject({ phase: 'failed', link: { label: 'Sign in', to: '/login' } })
  })

  it('connected: back to the integration page after 1.5 s', () => {
    expect(CONNECTED_REDIRECT_MS).toBe(1500)
    expect(connectedView(CONNECTION)).toEqual({
      phase: 'connected',
      message: CALLBACK_TEXTS.connected,
      connection: CONNECTION,
      redirect: { to: '/trustap-integration', delayMs: 1500 },
    })
    expect(connectedView({ connected: false, trustapUserId: null, email: null, connectedAt: null })).toMatchObject({
      phase: 'failed',
      message: CALLBACK_TEXTS.noAccount,
    })
  })

  it('refused by the server: its message, and Try again', () => {
    const message = 'This authorisation link has expired or was not started here. Start again.'
    expect(exchangeFailedView(message, 400)).toMatchObject({ phase: 'failed', message, link: { label: 'Try again', to: '/trustap-integration' } })
    expect(exchangeFailedView(null, 0)).toMatchObject({ message: CALLBACK_TEXTS.exchangeFailed, link: { label: 'Try again' } })
    // no Trustap on this server: only the way back
    expect(exchangeFailedView('The escrow provider is not set up on this server', 503)).toMatchObject({
      link: { label: 'Back to Trustap integration' },
    })
  })
})
