import { afterEach, describe, expect, it, vi } from 'vitest'
import { getCatalogueTotal } from './get-catalogue-total'

afterEach(() => vi.unstubAllGlobals())

describe('getCatalogueTotal', () => {
  it('reads the catalogue total from X-Total-Count, asking for one card with credentials', async () => {
    const fetchMock = vi.fn(async () => Response.json([], { headers: { 'X-Total-Count': '57' } }))
    vi.stubGlobal('fetch', fetchMock)
    expect(await getCatalogueTotal()).toBe(57)
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(new URL(url, 'http://x').searchParams.get('pageSize')).toBe('1')
    expect(init.credentials).toBe('include')
  })

  it('answers an empty catalogue, 0, when the fetch fails (SPEC §7)', async () => {
    const failures: (() => Promise<Response>)[] = [
      async () => new Response('down', { status: 503 }),
      async () => Response.json({ error: 'bad gateway' }, { status: 502 }),
      async () => Response.json({ message: 'Not signed in' }, { status: 401 }),
      async () => Response.json([]),
      async () => {
        throw new TypeError('Failed to fetch')
      },
    ]
    for (const failure of failures) {
      vi.stubGlobal('fetch', failure)
      await expect(getCatalogueTotal()).resolves.toBe(0)
    }
  })

  it('still throws for a request that was cancelled', async () => {
    const controller = new AbortController()
    controller.abort()
    vi.stubGlobal('fetch', async () => {
      throw new DOMException('The operation was aborted.', 'AbortError')
    })
    await expect(getCatalogueTotal(controller.signal)).rejects.toThrow()
  })
})
