// @vitest-environment jsdom
import { StrictMode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { paymentsEndpoints } from '@shared/api/endpoints/payments'
import { apiUrl } from '@/lib/api'
import { authKeys } from '@/lib/query-keys'
import { TrustapCallbackScreen } from './trustap-callback-screen'

const ALICE = { id: 1001, username: 'alice', avatar: null, balance: '15.00' }
const CONNECTION = { connected: true, trustapUserId: 'trustap-alice', email: 'alice@trustap.example', connectedAt: '2026-11-23T10:00:00.000Z' }

function stubServer(answer: (path: string, body: unknown) => Response) {
  const posted: { path: string; body: unknown }[] = []
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    if (path === apiUrl(authEndpoints.getAuthMe)) return Response.json(ALICE)
    const body = init.body ? JSON.parse(String(init.body)) : undefined
    if ((init.method ?? 'GET') === 'POST') posted.push({ path, body })
    return answer(path, body)
  })
  return posted
}

function Location() {
  const { pathname, search } = useLocation()
  return <output data-testid="location">{pathname + search}</output>
}

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(authKeys.me(), ALICE)
  render(
    // StrictMode runs the effect twice: the single-use state must still be posted once
    <StrictMode>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/trustap/auth/callback" element={<TrustapCallbackScreen />} />
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
          <Location />
        </MemoryRouter>
      </QueryClientProvider>
    </StrictMode>,
  )
  return { location: () => screen.getByTestId('location').textContent }
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('TrustapCallbackScreen', () => {
  it('posts the code and state once, says connected, and goes back to /trustap-integration', async () => {
    const posted = stubServer(() => Response.json(CONNECTION))
    const { location } = renderAt('/trustap/auth/callback?code=c0de&state=st4te')
    expect(screen.getByTestId('trustap-callback').getAttribute('data-state')).toBe('processing')
    expect(await screen.findByRole('heading', { name: 'Trustap connected' })).toBeTruthy()
    expect(screen.getByText('alice@trustap.example')).toBeTruthy()
    expect(posted).toEqual([{ path: apiUrl(paymentsEndpoints.postTrustapOauthCallback), body: { code: 'c0de', state: 'st4te' } }])
    await waitFor(() => expect(location()).toBe('/trustap-integration'), { timeout: 3000 })
    expect(posted).toHaveLength(1)
  })

  it('shows the server’s refusal with Try again', async () => {
    const message = 'This authorisation link has expired or was not started here. Start again.'
    stubServer(() => Response.json({ error: { code: 'oauth_state_invalid', message }, message }, { status: 400 }))
    renderAt('/trustap/auth/callback?code=c0de&state=old')
    expect(await screen.findByText(message)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/trustap-integration')
  })

  it('shows an error from Trustap without asking the server', async () => {
    const posted = stubServer(() => Response.json({}))
    renderAt('/trustap/auth/callback?error=access_denied&state=st4te')
    expect(await screen.findByText('Trustap did not connect: the request was declined at Trustap.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to Trustap integration' })).toBeTruthy()
    expect(posted).toEqual([])
  })
})
