import { afterEach, describe, expect, it, vi } from 'vitest'
import { listingsEndpoints } from '@shared/api/endpoints/listings'
import { ApiError } from '@/lib/api-client'
import { makeListing } from '../test-fixtures'
import { getListings } from './get-listings'

const query = { q: 'cats', platform: 'tiktok', minPrice: 10, sort: 'newest', page: 2, pageSize: 28 } as const

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status, headers }))
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => vi.unstubAllGlobals())

describe('getListings', () => {
  it('sends the filters as a query string with credentials', async () => {
    const fetchMock = answer(200, [])
    await getListings(query)
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    const params = new URL(url, 'http://x').searchParams
    expect(url.startsWith(`${listingsEndpoints.getAccounts.path}?`)).toBe(true)
    expect(Object.fromEntries(params)).toEqual({ q: 'cats', platform: 'tiktok', minPrice: '10', sort: 'newest', page: '2', pageSize: '28' })
    expect(init.credentials).toBe('include')
  })

  it('reads the total from X-Total-Count', async () => {
    answer(200, [makeListing({ id: 1 })], { 'X-Total-Count': '57' })
    await expect(getListings(query)).resolves.toMatchObject({ total: 57, items: [{ id: 1 }] })
  })

  it('falls back to the page length without the header', async () => {
    answer(200, [makeListing({ id: 1 }), makeListing({ id: 2 })])
    await expect(getListings(query)).resolves.toMatchObject({ total: 2 })
  })

  it('hides listings that do not match the contract (no username, say)', async () => {
    const { username: _dropped, ...broken } = makeListing({ id: 2 })
    answer(200, [makeListing({ id: 1 }), broken], { 'X-Total-Count': '2' })
    const page = await getListings(query)
    expect(page.items.map((listing) => listing.id)).toEqual([1])
  })

  it('treats 502 as an empty list', async () => {
    answer(502, { error: 'bad gateway' })
    await expect(getListings(query)).resolves.toEqual({ items: [], total: 0 })
  })

  it('turns other failures into "HTTP error! status: {code}" carrying the status', async () => {
    answer(503, 'down')
    const error = await getListings(query).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).message).toBe('HTTP error! status: 503')
    expect((error as ApiError).status).toBe(503)
  })
})
