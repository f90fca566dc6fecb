import { randomBytes } from 'node:crypto'
import { DEFAULT_SETTINGS } from '../../src/shared/api/settings'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import pg from 'pg'
import sharp from 'sharp'
import { LISTING_WRITE_MESSAGES, listingDtoSchema, listingListSchema, type ListingInput } from '../../src/shared/api/listings'
import { notificationListSchema } from '../../src/shared/api/notifications'
import type { TestDatabase } from '../support/database'
import { createDemoDatabase, demoEnv } from '../support/demo-database'
import { ApiClient } from '../support/http-client'
import { signInDemoAdmin } from '../support/two-factor'
import { startTestServer } from '../support/server'
import { openSocket } from '../support/ws-client'
import type { RunningServer } from '../../server/server'

let db: TestDatabase
let server: RunningServer
let sql: pg.Client
let anon: ApiClient
let alice: ApiClient
let bob: ApiClient
let admin: ApiClient
let sockets: Awaited<ReturnType<typeof openSocket>>[] = []

async function signIn(username: string, password = 'handover-demo') {
  const client = new ApiClient(server.url)
  // the demo admin signs in with two-factor (turned on the first time)
  if (username === 'admin') {
    await signInDemoAdmin(client, password)
    return client
  }
  const res = await client.post('/api/auth/login', { username, password })
  expect(res.status, res.text).toBe(200)
  return client
}

async function userId(username: string): Promise<number> {
  const { rows } = await sql.query('select id from users where username = $1', [username])
  return rows[0].id as number
}

/** An authenticated live connection of the client's user. */
async function liveSocket(client: ApiClient, username: string) {
  const socket = await openSocket(server.url, client.cookieHeader)
  sockets.push(socket)
  socket.send({ type: 'authenticate', userId: await userId(username) })
  await socket.next('authenticated')
  return socket
}

/** A fresh handle each time, so tests never trip over each other's open listings. */
const handle = () => `acct_${randomBytes(5).toString('hex')}`

function input(overrides: Partial<ListingInput> = {}): ListingInput {
  return {
    platform: 'youtube',
    username: handle(),
    displayName: 'Cooking Daily',
    niche: 'Cooking',
    accountTitle: 'Cooking channel with loyal viewers',
    description: 'Weekly recipes, steady views and a friendly community.',
    price: '1250.50',
    followers: 48_000,
    monthlyIncome: 320,
    isVerified: true,
    isMonetized: true,
    images: [],
    ...overrides,
  }
}

const patch = (client: ApiClient, path: string, body: unknown) => client.request('PATCH', path, body)
const del = (client: ApiClient, path: string) => client.request('DELETE', path)

async function counts() {
  const { rows } = await sql.query(
    `select (select count(*) from listings)::int as listings, (select count(*) from notifications)::int as notifications,
            (select coalesce(max(updated_at), 'epoch') from listings) as last_change`,
  )
  return rows[0] as { listings: number; notifications: number; last_change: Date }
}

async function setApproval(required: boolean) {
  await server.created.services.settings.set(server.orm.em.fork(), { listingApprovalRequired: required })
}

async function create(client: ApiClient, overrides: Partial<ListingInput> = {}) {
  const res = await client.post('/api/accounts', input(overrides))
  expect(res.status, res.text).toBe(201)
  return listingDtoSchema.parse(res.json)
}

async function statusOf(id: number) {
  const { rows } = await sql.query('select status, rejection_reason, reviewed_at from listings where id = $1', [id])
  return rows[0] as { status: string; rejection_reason: string | null; reviewed_at: Date | null }
}

async function inCatalogue(username: string) {
  const res = await anon.get(`/api/accounts?q=${username}`)
  return listingListSchema.parse(res.json).some((l) => l.username === username)
}

async function notificationsOf(client: ApiClient) {
  return notificationListSchema.parse((await client.get('/api/notifications')).json)
}

beforeAll(async () => {
  db = await createDemoDatabase()
  server = await startTestServer({ databaseUrl: db.url, env: { ...demoEnv() } })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  anon = new ApiClient(server.url)
  alice = await signIn('alice')
  bob = await signIn('bob')
  admin = await signIn('admin', 'handover-admin')
})

beforeEach(async () => {
  await setApproval(true)
  await Promise.all(sockets.map((s) => s.close()))
  sockets = []
})

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()))
  await sql?.end()
  await server?.close()
  await db?.drop()
})

describe('POST /api/accounts', () => {
  const missingImage = `/media/listings/${'a'.repeat(32)}.webp`
  it.each<[string, Partial<ListingInput> | Record<string, unknown>, string]>([
    ['an unknown platform', { platform: 'myspace' as never }, LISTING_WRITE_MESSAGES.platform],
    ['the gaming pseudo-platform', { platform: 'gaming' as never }, LISTING_WRITE_MESSAGES.platform],
    ['no handle', { username: undefined as never }, LISTING_WRITE_MESSAGES.handleRequired],
    ['a handle of only "@ "', { username: '@ ' }, LISTING_WRITE_MESSAGES.handleRequired],
    ['a handle with a slash', { username: 'bad/handle' }, LISTING_WRITE_MESSAGES.handleChars],
    ['a handle over 100 characters', { username: 'a'.repeat(101) }, LISTING_WRITE_MESSAGES.handleLong],
    ['an empty display name', { displayName: '   ' }, LISTING_WRITE_MESSAGES.displayName],
    ['a one-letter niche', { niche: 'a' }, LISTING_WRITE_MESSAGES.niche],
    ['a short title', { accountTitle: 'abc' }, LISTING_WRITE_MESSAGES.title],
    ['a short description', { description: 'too short' }, LISTING_WRITE_MESSAGES.description],
    ['a price under $1', { price: 0.5 }, LISTING_WRITE_MESSAGES.price],
    ['a price with three decimals', { price: '12.345' }, LISTING_WRITE_MESSAGES.price],
    ['a price over $10,000,000', { price: 10_000_000.01 }, LISTING_WRITE_MESSAGES.price],
    ['fractional followers', { followers: 1.5 }, LISTING_WRITE_MESSAGES.followers],
    ['negative followers', { followers: -1 }, LISTING_WRITE_MESSAGES.followers],
    ['negative income', { monthlyIncome: -1 }, LISTING_WRITE_MESSAGES.income],
    ['nine images', { images: Array.from({ length: 9 }, (_, i) => `https://img.example/${i}.png`) }, LISTING_WRITE_MESSAGES.images],
    ['a javascript: image', { images: ['javascript:alert(1)'] }, LISTING_WRITE_MESSAGES.imageUrl],
    ['an uploaded path that was never uploaded', { images: [missingImage] }, LISTING_WRITE_MESSAGES.imageUrl],
  ])('refuses %s with its message and writes nothing', async (_name, overrides, message) => {
    const before = await counts()
    const res = await alice.post('/api/accounts', input(overrides as Partial<ListingInput>))
    expect(res.status, res.text).toBe(400)
    expect(res.json).toMatchObject({ error: { code: 'validation_error', message }, message })
    expect(await counts()).toEqual(before)
  })

  it('refuses unknown fields, a body that is not an object, and asks signed-out and banned users first', async () => {
    const before = await counts()
    expect((await alice.post('/api/accounts', { ...input(), isPinned: true })).status).toBe(400)
    expect((await alice.request('POST', '/api/accounts', '[1]', { 'content-type': 'application/json' })).status).toBe(400)
    const signedOut = await anon.post('/api/accounts', input())
    expect(signedOut.status).toBe(401)
    expect(signedOut.json.message).toBe('Not signed in')

    const carol = await signIn('carol')
    await sql.query(`update users set banned_at = now() where username = 'carol'`)
    try {
      expect((await carol.post('/api/accounts', input())).status).toBe(403)
    } finally {
      await sql.query(`update users set banned_at = null where username = 'carol'`)
    }
    expect(await counts()).toEqual(before)
  })

  it('waits for review when approval is required: not in the catalogue, visible to its seller only', async () => {
    const listing = await create(alice, { username: '@Cooking Daily ' })
    expect(listing).toMatchObject({
      username: 'CookingDaily',
      status: 'pending_review',
      isActive: false,
      price: 1250.5,
      monthlyIncome: 320,
      rejectionReason: null,
    })
    expect(listing.seller.username).toBe('alice')
    expect(await inCatalogue('CookingDaily')).toBe(false)
    expect((await anon.get(`/api/accounts/${listing.id}`)).status).toBe(404)
    expect((await bob.get(`/api/accounts/${listing.id}`)).status).toBe(404)
    const own = listingListSchema.parse((await alice.get('/api/accounts/user')).json)
    expect(own.find((l) => l.id === listing.id)?.status).toBe('pending_review')
    expect(await statusOf(listing.id)).toMatchObject({ status: 'pending_review', reviewed_at: null })
  })

  it('goes live at once when approval is off, and tells every connected user', async () => {
    await setApproval(false)
    const watcher = await liveSocket(bob, 'bob')
    const listing = await create(alice)
    expect(listing).toMatchObject({ status: 'active', isActive: true })
    expect(await inCatalogue(listing.username)).toBe(true)
    await watcher.next('listing_created', (e) => e.accountId === listing.id)
  })

  it('accepts an image uploaded by the seller', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'banner.png')
    const upload = await fetch(`${server.url}/api/uploads/listing-image`, { method: 'POST', body: form, headers: { cookie: alice.cookieHeader } })
    expect(upload.status, await upload.clone().text()).toBe(201)
    const { url } = (await upload.json()) as { url: string }
    const listing = await create(alice, { images: [url, 'https://img.example/second.png'] })
    expect(listing.images).toEqual([url, 'https://img.example/second.png'])
  })
})

describe('one open listing per account', () => {
  it('refuses "@Handle " when "handle" is open on the same platform, and allows it elsewhere or once removed', async () => {
    const name = handle()
    const first = await create(alice, { username: name.toLowerCase() })
    const before = await counts()
    const res = await bob.post('/api/accounts', input({ username: ` @${name.toUpperCase()} ` }))
    expect(res.status).toBe(409)
    expect(res.json.message).toBe(LISTING_WRITE_MESSAGES.duplicate)
    expect(await counts()).toEqual(before)

    await create(bob, { username: name.toUpperCase(), platform: 'tiktok' })
    expect((await del(alice, `/api/accounts/${first.id}`)).status).toBe(204)
    await create(bob, { username: name.toUpperCase() })
  })

  it('gives the same 409 when two sellers race for one handle', async () => {
    const name = handle()
    const results = await Promise.all([alice, bob, alice, bob, alice, bob].map((c) => c.post('/api/accounts', input({ username: name }))))
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409])
    expect(results.filter((r) => r.status === 409).every((r) => r.json.message === LISTING_WRITE_MESSAGES.duplicate)).toBe(true)
    const { rows } = await sql.query('select count(*)::int as n from listings where lower(username) = lower($1)', [name])
    expect(rows[0].n).toBe(1)
  })

  it('refuses an edit onto a handle that is already open', async () => {
    const taken = await create(bob)
    const mine = await create(alice)
    const res = await patch(alice, `/api/accounts/${mine.id}`, { username: taken.username.toUpperCase() })
    expect(res.status).toBe(409)
    expect(res.json.message).toBe(LISTING_WRITE_MESSAGES.duplicate)
    expect((await sql.query('select username from listings where id = $1', [mine.id])).rows[0].username).toBe(mine.username)
  })
})

describe('admin review', () => {
  it('is for admins only', async () => {
    const listing = await create(alice)
    for (const [client, status] of [
      [anon, 401],
      [bob, 403],
    ] as const) {
      expect((await client.get('/api/admin/listings')).status).toBe(status)
      expect((await client.post(`/api/admin/listings/${listing.id}/approve`)).status).toBe(status)
      expect((await client.post(`/api/admin/listings/${listing.id}/reject`, { reason: 'Not allowed here' })).status).toBe(status)
    }
    expect((await statusOf(listing.id)).status).toBe('pending_review')
  })

  it('lists the queue oldest first with each seller; a bad status is a 400', async () => {
    const first = await create(alice)
    const second = await create(bob)
    const queue = listingListSchema.parse((await admin.get('/api/admin/listings')).json)
    expect(queue.every((l) => l.status === 'pending_review')).toBe(true)
    const ids = queue.map((l) => l.id)
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id))
    expect(queue.find((l) => l.id === second.id)?.seller.username).toBe('bob')
    expect((await admin.get('/api/admin/listings?status=active')).json).toSatisfy((l: unknown[]) => l.length > 0)
    const bad = await admin.get('/api/admin/listings?status=gone')
    expect(bad.status).toBe(400)
    expect(bad.json.message).toMatch(/^status must be one of/)
  })

  it('approves: live in the catalogue, the seller is notified, everyone hears of the new listing', async () => {
    const listing = await create(alice)
    const sellerSocket = await liveSocket(alice, 'alice')
    const otherSocket = await liveSocket(bob, 'bob')
    const res = await admin.post(`/api/admin/listings/${listing.id}/approve`)
    expect(res.status, res.text).toBe(200)
    expect(res.json).toMatchObject({ id: listing.id, status: 'active', isActive: true })
    expect(await inCatalogue(listing.username)).toBe(true)
    expect((await statusOf(listing.id)).reviewed_at).toBeInstanceOf(Date)

    const [note] = (await notificationsOf(alice)).filter((n) => n.data.accountId === listing.id)
    expect(note).toMatchObject({
      type: 'listing_approved',
      title: 'Listing approved',
      message: `Your listing “${listing.accountTitle}” is now live on Handover.`,
      isRead: false,
    })
    await otherSocket.next('listing_created', (e) => e.accountId === listing.id)
    const pushed = await sellerSocket.next('new_notification', (e) => e.notification.id === note!.id)
    expect(pushed.notification).toMatchObject({ type: 'listing_approved', data: { accountId: listing.id } })
    expect((await bob.get('/api/notifications')).json).toSatisfy((l: { data: { accountId?: number } }[]) =>
      l.every((n) => n.data.accountId !== listing.id),
    )
  })

  it('rejects with a reason the seller sees; too short a reason changes nothing', async () => {
    const listing = await create(alice)
    const before = await counts()
    const short = await admin.post(`/api/admin/listings/${listing.id}/reject`, { reason: 'no' })
    expect(short.status).toBe(400)
    expect(short.json.message).toBe(LISTING_WRITE_MESSAGES.rejectReason)
    expect(await counts()).toEqual(before)

    const reason = 'The follower count could not be confirmed.'
    const res = await admin.post(`/api/admin/listings/${listing.id}/reject`, { reason })
    expect(res.status, res.text).toBe(200)
    expect(await statusOf(listing.id)).toMatchObject({ status: 'removed', rejection_reason: reason })
    const own = listingDtoSchema.parse((await alice.get(`/api/accounts/${listing.id}`)).json)
    expect(own).toMatchObject({ status: 'removed', rejectionReason: reason })
    expect((await bob.get(`/api/accounts/${listing.id}`)).status).toBe(404)

    const [note] = (await notificationsOf(alice)).filter((n) => n.data.accountId === listing.id)
    expect(note).toMatchObject({
      type: 'listing_removed',
      title: 'Listing not approved',
      message: `Your listing “${listing.accountTitle}” was not approved: ${reason}`,
      data: { accountId: listing.id, reason },
    })
  })

  it('decides a listing once: a second decision is a 409, two admins at once make one notification', async () => {
    const listing = await create(alice)
    const otherAdmin = await signIn('admin', 'handover-admin')
    const results = await Promise.all([
      admin.post(`/api/admin/listings/${listing.id}/approve`),
      otherAdmin.post(`/api/admin/listings/${listing.id}/approve`),
      otherAdmin.post(`/api/admin/listings/${listing.id}/reject`, { reason: 'Duplicate of another listing' }),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409])
    expect(results.find((r) => r.status === 409)?.json.message).toBe(LISTING_WRITE_MESSAGES.notPending)
    const { rows } = await sql.query(`select count(*)::int as n from notifications where (data->>'accountId')::int = $1`, [listing.id])
    expect(rows[0].n).toBe(1)
    expect((await admin.post('/api/admin/listings/2147483647/approve')).status).toBe(404)
  })
})

describe('PATCH /api/accounts/:id', () => {
  it('lets only the seller edit: others 403, signed out 401, admins 403 through this route, unknown 404', async () => {
    const listing = await create(alice)
    const before = await counts()
    for (const [client, status] of [
      [bob, 403],
      [anon, 401],
      [admin, 403],
    ] as const) {
      const res = await patch(client, `/api/accounts/${listing.id}`, { price: 1 })
      expect(res.status).toBe(status)
      if (status === 403) expect(res.json.message).toBe(LISTING_WRITE_MESSAGES.notOwner)
    }
    expect((await patch(alice, '/api/accounts/2147483647', { price: 1 })).status).toBe(404)
    expect((await patch(alice, '/api/accounts/nope', { price: 1 })).status).toBe(404)
    expect(await counts()).toEqual(before)
  })

  it('validates like create and needs at least one field', async () => {
    const listing = await create(alice)
    const before = await counts()
    for (const [body, message] of [
      [{ price: '0.99' }, LISTING_WRITE_MESSAGES.price],
      [{ username: 'a b/c' }, LISTING_WRITE_MESSAGES.handleChars],
      [{ images: ['ftp://x.example/a.png'] }, LISTING_WRITE_MESSAGES.imageUrl],
      [{}, 'Nothing to change'],
    ] as const) {
      const res = await patch(alice, `/api/accounts/${listing.id}`, body)
      expect(res.status).toBe(400)
      expect(res.json.message).toBe(message)
    }
    expect(await counts()).toEqual(before)
  })

  it('keeps a live listing live for ordinary edits and tells everyone it changed', async () => {
    await setApproval(false)
    const listing = await create(alice)
    await setApproval(true)
    const watcher = await liveSocket(bob, 'bob')
    const res = await patch(alice, `/api/accounts/${listing.id}`, { price: 99, description: 'A brand new description of this channel.' })
    expect(res.status, res.text).toBe(200)
    // fields the edit leaves out keep their values (no create defaults sneak in)
    expect(res.json).toMatchObject({
      price: 99,
      status: 'active',
      description: 'A brand new description of this channel.',
      monthlyIncome: 320,
      isVerified: true,
      isMonetized: true,
    })
    await watcher.next('listing_updated', (e) => e.accountId === listing.id)
    expect(listingListSchema.parse((await anon.get('/api/accounts?q=brand%20new%20description')).json).map((l) => l.id)).toContain(listing.id)
  })

  it('sends a live listing back to review when its handle changes and approval is required', async () => {
    await setApproval(false)
    const listing = await create(alice)
    await setApproval(true)
    const watcher = await liveSocket(bob, 'bob')
    const caseOnly = await patch(alice, `/api/accounts/${listing.id}`, { username: listing.username.toUpperCase() })
    expect(caseOnly.json).toMatchObject({ status: 'active' })
    const renamed = await patch(alice, `/api/accounts/${listing.id}`, { username: handle() })
    expect(renamed.json).toMatchObject({ status: 'pending_review', isActive: false })
    await watcher.next('account_status_updated', (e) => e.accountId === listing.id && !e.isActive)
    expect(await inCatalogue(listing.username.toUpperCase())).toBe(false)
  })

  it('refuses to change a sold or removed listing', async () => {
    for (const status of ['sold', 'removed']) {
      const listing = await create(alice)
      await sql.query('update listings set status = $2 where id = $1', [listing.id, status])
      const res = await patch(alice, `/api/accounts/${listing.id}`, { price: 5 })
      expect(res.status).toBe(409)
      expect(res.json.message).toBe(LISTING_WRITE_MESSAGES.notEditable)
      expect((await sql.query('select price_cents from listings where id = $1', [listing.id])).rows[0].price_cents).toBe('125050')
    }
  })
})

describe('DELETE /api/accounts/:id', () => {
  it('lets only the seller remove; the row stays, marked removed, and leaves the catalogue', async () => {
    await setApproval(false)
    const listing = await create(alice)
    for (const [client, status] of [
      [bob, 403],
      [anon, 401],
      [admin, 403],
    ] as const) {
      expect((await del(client, `/api/accounts/${listing.id}`)).status).toBe(status)
    }
    expect((await statusOf(listing.id)).status).toBe('active')

    const watcher = await liveSocket(bob, 'bob')
    const res = await del(alice, `/api/accounts/${listing.id}`)
    expect(res.status).toBe(204)
    expect(res.text).toBe('')
    expect((await statusOf(listing.id)).status).toBe('removed')
    expect(await inCatalogue(listing.username)).toBe(false)
    await watcher.next('account_status_updated', (e) => e.accountId === listing.id && !e.isActive)
    expect((await del(alice, `/api/accounts/${listing.id}`)).status).toBe(204)
  })

  it('refuses to remove a sold listing', async () => {
    const listing = await create(alice)
    await sql.query(`update listings set status = 'sold' where id = $1`, [listing.id])
    const res = await del(alice, `/api/accounts/${listing.id}`)
    expect(res.status).toBe(409)
    expect(res.json.message).toBe(LISTING_WRITE_MESSAGES.notEditable)
    expect((await statusOf(listing.id)).status).toBe('sold')
  })
})

describe('SettingsService', () => {
  it('reads stored values over the defaults; a bad stored value falls back, a bad change is refused', async () => {
    const { settings } = server.created.services
    const em = () => server.orm.em.fork()
    expect(await settings.set(em(), { listingApprovalRequired: false })).toEqual({ ...DEFAULT_SETTINGS, listingApprovalRequired: false })
    expect(await settings.get(em())).toEqual({ ...DEFAULT_SETTINGS, listingApprovalRequired: false })

    await expect(settings.set(em(), { listingApprovalRequired: 'no' as never })).rejects.toThrow()
    await expect(settings.set(em(), { somethingElse: true } as never)).rejects.toThrow()
    expect((await sql.query('select key from settings')).rows).toEqual([{ key: 'listingApprovalRequired' }])

    await sql.query(`update settings set value = '"sometimes"' where key = 'listingApprovalRequired'`)
    expect(await settings.get(em())).toEqual({ ...DEFAULT_SETTINGS, listingApprovalRequired: true })
    await sql.query('delete from settings')
    expect(await settings.get(em())).toEqual(DEFAULT_SETTINGS)
  })
})
