// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { transactionEndpoints } from '@shared/api/endpoints/transactions'
import { apiUrl } from '@/lib/api'
import { authKeys } from '@/lib/query-keys'
import { makeDeal } from '../test-fixtures'
import { TransactionsScreen } from './transactions-screen'

const BOB = { id: 5, username: 'bob', avatar: null, balance: '15.00' }

function stubServer(total = 2) {
  const requests: string[] = []
  vi.stubGlobal('fetch', async (path: string) => {
    requests.push(path)
    if (path === apiUrl(authEndpoints.getAuthMe)) return Response.json(BOB)
    const sold = makeDeal({
      id: 3,
      status: 'completed',
      viewerRole: 'seller',
      actions: [],
      listing: { id: 2, platform: 'tiktok', accountTitle: 'Dance clips', username: 'dance', images: [] },
    })
    const items = total === 0 ? [] : [makeDeal(), sold]
    return Response.json(items, { headers: { 'X-Total-Count': String(total) } })
  })
  return requests
}

function Location() {
  const { pathname, search } = useLocation()
  return <output data-testid="location">{pathname + search}</output>
}

function renderScreen(url = '/transactions', user: typeof BOB | null = BOB) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(authKeys.me(), user)
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/transactions" element={<TransactionsScreen />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return userEvent.setup()
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('TransactionsScreen', () => {
  it('lists deals with display id, listing, counterpart, role, amount and status, each linking to its page', async () => {
    stubServer()
    renderScreen()
    const rows = await screen.findAllByTestId('transaction-row')
    expect(rows).toHaveLength(2)
    expect(rows[0]!.getAttribute('href')).toBe('/transaction/7')
    const first = within(rows[0]!)
    expect(first.getByText('ACC-007')).toBeTruthy()
    expect(first.getByText('Cat Clips channel')).toBeTruthy()
    expect(rows[0]!.textContent).toContain('Buying from alice')
    expect(first.getByText('You pay')).toBeTruthy()
    expect(first.getByText('$1,050')).toBeTruthy()
    expect(first.getByText('Awaiting payment')).toBeTruthy()
    expect(rows[1]!.textContent).toContain('Selling to bob')
    expect(within(rows[1]!).getByText('You received')).toBeTruthy()
    expect(screen.getByText('Showing 1-2 of 2')).toBeTruthy()
  })

  it('keeps the filters in the URL and asks the server with them', async () => {
    const requests = stubServer()
    const user = renderScreen('/transactions?page=1')
    await screen.findAllByTestId('transaction-row')
    await user.selectOptions(screen.getByLabelText('Status'), 'active')
    await user.selectOptions(screen.getByLabelText('Role'), 'seller')
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/transactions?status=active&role=seller'))
    await waitFor(() => expect(requests).toContain(apiUrl(transactionEndpoints.getTransactions, { query: { status: 'active', role: 'seller' } })))
  })

  it('has an empty state, and one for filters that match nothing', async () => {
    stubServer(0)
    renderScreen()
    expect(await screen.findByText('No transactions yet')).toBeTruthy()
    cleanup()
    stubServer(0)
    const user = renderScreen('/transactions?status=disputed')
    expect(await screen.findByText('No transactions match these filters')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/transactions'))
  })

  it('sends a visitor to sign in, saying why, and back to these very filters afterwards', async () => {
    stubServer()
    renderScreen('/transactions?status=active&role=seller', null)
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/login?redirect=%2Ftransactions%3Fstatus%3Dactive%26role%3Dseller&reason=transactions',
      ),
    )
  })
})
