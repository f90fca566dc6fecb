// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, renderHook, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { apiUrl } from './api'
import { currentUserQueryOptions, useCurrentUser } from './auth'
import { hydrationDone, startHydrating } from './hydration'

const USER = { id: 7, username: 'dana', avatar: null, balance: '15.00' }

function signedInAs(user: typeof USER) {
  const requests: string[] = []
  vi.stubGlobal('fetch', async (path: string) => {
    requests.push(path)
    return path === apiUrl(authEndpoints.getAuthMe) ? Response.json(user) : new Response(null, { status: 404 })
  })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>
  return { requests, client, wrapper }
}

afterEach(() => {
  hydrationDone()
  cleanup()
  vi.unstubAllGlobals()
})

describe('useCurrentUser', () => {
  it('asks who is signed in when used', async () => {
    const { requests, wrapper } = signedInAs(USER)
    const { result } = renderHook(() => useCurrentUser(), { wrapper })
    await waitFor(() => expect(result.current.isSignedIn).toBe(true))
    expect(result.current.user?.username).toBe('dana')
    expect(requests).toEqual([apiUrl(authEndpoints.getAuthMe)])
  })

  it('does not ask while a page the server rendered hydrates, and shows the answer asked for once it has', async () => {
    const { requests, client, wrapper } = signedInAs(USER)
    startHydrating(() => void client.prefetchQuery(currentUserQueryOptions()))
    const { result } = renderHook(() => useCurrentUser(), { wrapper })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(requests).toEqual([])
    expect(result.current.isLoading).toBe(true)
    hydrationDone()
    await waitFor(() => expect(result.current.isSignedIn).toBe(true))
    expect(requests).toEqual([apiUrl(authEndpoints.getAuthMe)])
  })
})
