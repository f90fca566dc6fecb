import { afterEach, describe, expect, it, vi } from 'vitest'
import { STEP_ENDPOINTS, transactionEndpoints } from '@shared/api/endpoints/transactions'
import { adminEndpoints } from '@shared/api/endpoints/admin'
import { mediaEndpoints } from '@shared/api/endpoints/media'
import { api, apiForm, apiUrl, apiWithHeaders } from './api'

/** The one place the renderer's URLs are written out: what the endpoint table's client must build from them. */

afterEach(() => vi.unstubAllGlobals())

function stubFetch(answer: () => Response) {
  const calls: { url: string; method: string; body: unknown }[] = []
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push({ url, method: init.method ?? 'GET', body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body })
    return Promise.resolve(answer())
  })
  return calls
}

describe('apiUrl', () => {
  it('fills the path parameters, encoded, and adds the query without empty values', () => {
    expect(apiUrl(transactionEndpoints.getTransactionsById, { params: { id: 42 } })).toBe('/api/transactions/42')
    expect(apiUrl(STEP_ENDPOINTS.send_invite, { params: { id: 7 } })).toBe('/api/transactions/7/send-invite')
    expect(apiUrl(adminEndpoints.postAdminPaymentsOrdersRefund, { params: { orderId: 'deposit 1/2' } })).toBe(
      '/api/admin/payments/orders/deposit%201%2F2/refund',
    )
    expect(apiUrl(transactionEndpoints.getTransactionsQuote, { query: { listingId: 9, role: null, page: undefined, paid: false } })).toBe(
      '/api/transactions/quote?listingId=9&paid=false',
    )
    expect(apiUrl(transactionEndpoints.getTransactions, { query: new URLSearchParams() })).toBe('/api/transactions')
  })

  it('refuses to build a path with a parameter missing', () => {
    expect(() => apiUrl(transactionEndpoints.getTransactionsById)).toThrow('/api/transactions/:id needs its id')
  })
})

describe('api', () => {
  it('reads with GET, null when signed out', async () => {
    const calls = stubFetch(() => new Response(null, { status: 401 }))
    expect(await api(transactionEndpoints.getTransactionsById, { params: { id: 3 } })).toBeNull()
    expect(calls).toEqual([{ url: '/api/transactions/3', method: 'GET', body: undefined }])
  })

  it('writes with the declared method and the body, and throws with the server’s message', async () => {
    const calls = stubFetch(() => Response.json({ message: 'Deal is not pending' }, { status: 409 }))
    await expect(api(STEP_ENDPOINTS.dispute, { params: { id: 5 }, body: { reason: 'never got the account' } })).rejects.toThrow('Deal is not pending')
    expect(calls).toEqual([{ url: '/api/transactions/5/dispute', method: 'POST', body: { reason: 'never got the account' } }])
  })

  it('hands back the headers of a paged list, and posts a file as a form', async () => {
    const calls = stubFetch(() => Response.json([], { headers: { 'X-Total-Count': '12' } }))
    const { body, headers } = await apiWithHeaders(transactionEndpoints.getTransactions, { query: { page: 2 } })
    expect(body).toEqual([])
    expect(headers.get('X-Total-Count')).toBe('12')
    const form = new FormData()
    await apiForm(mediaEndpoints.postUploadsListingImage, form)
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/transactions?page=2', 'POST /api/uploads/listing-image'])
    expect(calls[1]?.body).toBe(form)
  })
})
