import { afterEach, describe, expect, it, vi } from 'vitest'
import { getNotifications, getUnreadCount, notificationQuery, notificationSearch } from './notifications'

afterEach(() => vi.unstubAllGlobals())

describe('notificationSearch', () => {
  it('leaves the server defaults out and joins type lists with commas', () => {
    expect(notificationSearch(notificationQuery())).toBe('')
    expect(
      notificationSearch(
        notificationQuery({ page: 3, pageSize: 8, type: ['balance_updated', 'balance_update'], exclude: ['new_message'], unreadOnly: true }),
      ),
    ).toBe('?page=3&pageSize=8&type=balance_updated%2Cbalance_update&exclude=new_message&unreadOnly=true')
  })
})

describe('getNotifications', () => {
  const item = {
    id: 1,
    type: 'listing_approved',
    title: 'Listing approved',
    message: 'Live.',
    isRead: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    data: { accountId: 3 },
  }

  it('reads the page and the total from X-Total-Count', async () => {
    vi.stubGlobal('fetch', async () => Response.json([item], { headers: { 'X-Total-Count': '41' } }))
    expect(await getNotifications(notificationQuery())).toEqual({ items: [item], total: 41 })
  })

  it('counts what it got when the header is missing or smaller, and nothing when signed out', async () => {
    vi.stubGlobal('fetch', async () => Response.json([item], { headers: { 'X-Total-Count': '0' } }))
    expect((await getNotifications(notificationQuery())).total).toBe(1)
    vi.stubGlobal('fetch', async () => new Response(null, { status: 401 }))
    expect(await getNotifications(notificationQuery())).toEqual({ items: [], total: 0 })
  })

  it('refuses a body that is not a list of notifications', async () => {
    vi.stubGlobal('fetch', async () => Response.json([{ ...item, type: 'nonsense' }]))
    await expect(getNotifications(notificationQuery())).rejects.toThrow()
  })
})

describe('getUnreadCount', () => {
  it('reads the count, and zero for anything odd or failing', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ count: 4 }))
    expect(await getUnreadCount()).toBe(4)
    vi.stubGlobal('fetch', async () => Response.json({ count: 'many' }))
    expect(await getUnreadCount()).toBe(0)
    vi.stubGlobal('fetch', async () => new Response('down', { status: 503 }))
    expect(await getUnreadCount()).toBe(0)
  })
})
