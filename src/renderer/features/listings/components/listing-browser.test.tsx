// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Provider as JotaiProvider } from 'jotai'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { makeListing } from '../test-fixtures'
import { ListingBrowser } from './listing-browser'

/** Answers GET /api/accounts with `count` listings of a `total`, and records the queries asked. */
function stubAccounts(count: number, total: number) {
  const fetchMock = vi.fn(
    async (_url: string) =>
      new Response(JSON.stringify(Array.from({ length: count }, (_, index) => makeListing({ id: index + 1 }))), {
        status: 200,
        headers: { 'X-Total-Count': String(total) },
      }),
  )
  vi.stubGlobal('fetch', fetchMock)
  return () => fetchMock.mock.calls.map(([url]) => new URL(url, 'http://x').searchParams)
}

function LocationProbe() {
  return <output data-testid="search">{useLocation().search}</output>
}

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <JotaiProvider>
        <MemoryRouter initialEntries={[url]}>
          <ListingBrowser />
          <LocationProbe />
        </MemoryRouter>
      </JotaiProvider>
    </QueryClientProvider>,
  )
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('ListingBrowser', () => {
  it('asks the server for the URL’s filters and shows "Showing a-b of n"', async () => {
    const queries = stubAccounts(28, 60)
    renderAt('/?platform=tiktok&sort=price-low&page=2&minPrice=0&verified=true')
    expect(await screen.findByText('Showing 29-56 of 60 accounts')).toBeTruthy()
    expect(Object.fromEntries(queries()[0])).toEqual({ platform: 'tiktok', sort: 'price-low', page: '2', pageSize: '28', verified: 'true' })
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page')
  })

  it('moves to the next page in the URL', async () => {
    stubAccounts(28, 60)
    renderAt('/?sort=income-high')
    fireEvent.click(await screen.findByRole('button', { name: /Next/ }))
    expect(screen.getByTestId('search').textContent).toBe('?sort=income-high&page=2')
  })

  it('commits a trimmed search 300 ms after typing stops and resets the page', async () => {
    stubAccounts(1, 1)
    renderAt('/?page=3')
    await screen.findByText(/Showing/)
    vi.useFakeTimers()
    fireEvent.change(screen.getByLabelText('Search accounts'), { target: { value: '  cats ' } })
    act(() => vi.advanceTimersByTime(299))
    expect(screen.getByTestId('search').textContent).toBe('?page=3')
    act(() => vi.advanceTimersByTime(1))
    expect(screen.getByTestId('search').textContent).toBe('?q=cats')
  })

  it('offers Clear Search when a search found nothing', async () => {
    stubAccounts(0, 0)
    renderAt('/?q=zebra&sort=followers-low')
    fireEvent.click(await screen.findByRole('button', { name: 'Clear Search' }))
    expect(screen.getByTestId('search').textContent).toBe('?sort=followers-low')
  })

  it('says "No accounts found" for an empty platform', async () => {
    stubAccounts(0, 0)
    renderAt('/?platform=telegram')
    expect(await screen.findByText('No accounts found')).toBeTruthy()
    expect(screen.getByText(/No Telegram accounts/)).toBeTruthy()
  })

  it('marks advanced filters Active and applies the draft from the panel', async () => {
    stubAccounts(1, 1)
    renderAt('/?monetized=true')
    const toggle = await screen.findByRole('button', { name: /Advanced Filters/ })
    expect(toggle.textContent).toContain('Active')
    fireEvent.click(toggle)
    fireEvent.change(screen.getByLabelText('Price maximum'), { target: { value: '$5,000' } })
    expect((screen.getByLabelText('Price maximum') as HTMLInputElement).value).toBe('5000')
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filters & Close' }))
    expect(screen.getByTestId('search').textContent).toBe('?maxPrice=5000&monetized=true')
    expect(screen.queryByRole('form', { name: 'Advanced filters' })).toBeNull()
  })

  it('keeps a typed price when the sort changes under the open panel, and starts over on Clear All', async () => {
    stubAccounts(1, 1)
    renderAt('/?platform=youtube')
    fireEvent.click(await screen.findByRole('button', { name: /Advanced Filters/ }))
    fireEvent.change(screen.getByLabelText('Price minimum'), { target: { value: '50' } })
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'price-low' } })
    expect((screen.getByLabelText('Price minimum') as HTMLInputElement).value).toBe('50')
    fireEvent.click(screen.getByRole('button', { name: 'Apply Filters & Close' }))
    expect(new URLSearchParams(screen.getByTestId('search').textContent!).get('minPrice')).toBe('50')

    fireEvent.click(screen.getByRole('button', { name: /Advanced Filters/ }))
    fireEvent.change(screen.getByLabelText('Price maximum'), { target: { value: '90' } })
    fireEvent.click(screen.getByRole('button', { name: 'Clear All' }))
    expect((screen.getByLabelText('Price minimum') as HTMLInputElement).value).toBe('')
    expect((screen.getByLabelText('Price maximum') as HTMLInputElement).value).toBe('')
  })
})
