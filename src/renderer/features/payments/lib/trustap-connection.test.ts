import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { connectionFacts, connectPanel, providerUrl, START_URL_FRESH_MS, TRUSTAP_TEXTS } from './trustap-connection'

describe('connectPanel', () => {
  it('waits, then offers Connect', () => {
    expect(connectPanel({ status: 'pending', error: null })).toEqual({ kind: 'checking' })
    expect(connectPanel({ status: 'success', error: null })).toEqual({ kind: 'ready' })
  })

  it('reads 503 as “this server has no Trustap”', () => {
    const error = new ApiError('503: {"error":{}}', 503, 'http', 'The escrow provider is not set up on this server')
    expect(connectPanel({ status: 'error', error })).toEqual({ kind: 'not-configured' })
  })

  it('shows the server’s message for other failures, never a raw body', () => {
    expect(connectPanel({ status: 'error', error: new ApiError('403: {…}', 403, 'http', 'Your account is suspended') })).toEqual({
      kind: 'unavailable',
      message: 'Your account is suspended',
    })
    expect(connectPanel({ status: 'error', error: new ApiError('502: <html>Bad gateway</html>', 502) })).toEqual({
      kind: 'unavailable',
      message: TRUSTAP_TEXTS.startFailed,
    })
    expect(connectPanel({ status: 'error', error: new ApiError('Unable to connect to server', 0, 'network') })).toEqual({
      kind: 'unavailable',
      message: 'Unable to connect to server',
    })
  })
})

describe('connectionFacts', () => {
  it('names the Trustap user, email and the day it was connected', () => {
    expect(connectionFacts({ connected: true, trustapUserId: 'u-1', email: 'a@trustap.example', connectedAt: '2026-11-23T12:00:00.000Z' })).toEqual([
      { label: 'Trustap user id', value: 'u-1' },
      { label: 'Email', value: 'a@trustap.example' },
      { label: 'Connected', value: 'November 23, 2026' },
    ])
    expect(connectionFacts({ connected: true, trustapUserId: 'u-1', email: null, connectedAt: null }).map((f) => f.value)).toEqual([
      'u-1',
      'Not shared by Trustap',
      'Unknown',
    ])
  })
})

describe('providerUrl', () => {
  it('follows only absolute http(s) addresses', () => {
    expect(providerUrl('https://sso.trustap.com/auth?state=x')).toBe('https://sso.trustap.com/auth?state=x')
    expect(providerUrl('http://127.0.0.1:4000/auth')).toBe('http://127.0.0.1:4000/auth')
    expect(providerUrl('javascript:alert(1)')).toBeNull()
    expect(providerUrl('/relative')).toBeNull()
    expect(providerUrl(null)).toBeNull()
  })

  it('reuses a start URL well inside the server’s ten-minute state', () => {
    expect(START_URL_FRESH_MS).toBeLessThan(10 * 60 * 1000)
  })
})
