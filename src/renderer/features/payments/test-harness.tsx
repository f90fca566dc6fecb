import { vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { apiUrl } from '@/lib/api'
import { authKeys } from '@/lib/query-keys'
import { BalanceScreen } from './components/balance-screen'
import { PaymentFailedScreen } from './components/payment-outcome-screens'
import { PaymentReturnScreen } from './components/payment-return-screen'

/** The signed-in user of the payments screens' tests. */
export const BOB = { id: 1001, username: 'bob', avatar: null, balance: '15.00' }

/** The server at fetch: the signed-in user for GET /api/auth/me, and `answer` for the rest; the POSTs sent are recorded. */
export function stubServer(answer: (path: string, body: unknown) => Response | Promise<Response>, me: typeof BOB = BOB) {
  const sent: { path: string; body: unknown }[] = []
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    if (path === apiUrl(authEndpoints.getAuthMe)) return Response.json(me)
    const body = init.body ? JSON.parse(String(init.body)) : undefined
    if ((init.method ?? 'GET') === 'POST') sent.push({ path, body })
    return answer(path, body)
  })
  return sent
}

function Location() {
  const { pathname, search, state } = useLocation()
  return (
    <output data-testid="location" data-history-state={JSON.stringify(state ?? null)}>
      {pathname + search}
    </output>
  )
}

/**
 * The payment screens at `url` (or a path with history state, as another screen would send it), signed in as `me`,
 * with what the cache holds already (`seed`), where the app is now (`location`) and its history state.
 */
export function renderAt(url: string | { pathname: string; state: unknown }, me: typeof BOB = BOB, seed?: (client: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(authKeys.me(), me)
  seed?.(client)
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/payment/trustap/return" element={<PaymentReturnScreen />} />
          <Route path="/payment-failed" element={<PaymentFailedScreen />} />
          <Route path="/balance" element={<BalanceScreen />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return {
    user: userEvent.setup(),
    location: () => screen.getByTestId('location').textContent,
    historyState: () => JSON.parse(screen.getByTestId('location').getAttribute('data-history-state') ?? 'null') as unknown,
  }
}
