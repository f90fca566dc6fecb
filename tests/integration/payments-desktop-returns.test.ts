import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { checkoutSchema, verifyPaymentResponseSchema } from '../../src/shared/api/payments'
import type { RunningServer } from '../../server/server'
import type { TestDatabase } from '../support/database'
import { createDemoDatabase, demoEnv } from '../support/demo-database'
import { ApiClient } from '../support/http-client'
import { freePort, pressCheckoutButton, startDeposit } from '../support/payments'
import { startTestServer } from '../support/server'
import { escrowHelpers } from './escrow-support'

// The desktop app opens a checkout in the system browser; the provider sends that browser to handover:// instead.
let db: TestDatabase
let server: RunningServer
let sql: pg.Client
const { signIn, listingToBuy, detail } = escrowHelpers(
  () => server,
  () => sql,
)
let alice: Awaited<ReturnType<typeof signIn>>
let bob: Awaited<ReturnType<typeof signIn>>

const deposit = (client: ApiClient, body: Record<string, unknown>) => startDeposit(client, body)

/** The system browser: no Handover session, but it sends its Origin with the form post like any browser. */
const systemBrowser = () => new ApiClient(server.url, { origin: server.url })
const paramNames = (url: URL) => [...url.searchParams.keys()].sort()
const formAction = (csp: string | null) => /form-action ([^;]*)/.exec(csp ?? '')?.[1]

beforeAll(async () => {
  db = await createDemoDatabase()
  const port = await freePort()
  server = await startTestServer({ databaseUrl: db.url, env: { ...demoEnv(), PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  alice = await signIn('alice')
  bob = await signIn('bob')
})

afterAll(async () => {
  await sql?.end()
  await server?.close()
  await db?.drop()
})

describe('sandbox checkouts opened from the desktop app', () => {
  it('return to handover://payment/return only when asked, with the parameters of the web return', async () => {
    const web = await deposit(alice.client, {})
    const webAgain = await deposit(alice.client, { returnTo: 'web' })
    const desktop = await deposit(alice.client, { returnTo: 'desktop' })
    expect(new URL(web.checkoutUrl).search).toBe('')
    expect(new URL(webAgain.checkoutUrl).search).toBe('')
    expect(new URL(desktop.checkoutUrl).searchParams.get('key')).toMatch(/^[\w-]{40,}$/)

    const webPage = await alice.client.get(web.checkoutUrl)
    expect(formAction(webPage.headers.get('content-security-policy'))).toBe(`'self' ${server.url}`)
    const webLanding = await pressCheckoutButton(alice.client, web.checkoutUrl, 'paid')
    expect(webLanding.origin + webLanding.pathname).toBe(`${server.url}/payment/trustap/return`)
    expect((await pressCheckoutButton(alice.client, webAgain.checkoutUrl, 'paid')).protocol).toBe('http:')

    // the system browser opens the page by its key and may follow the form's redirect to the app's scheme
    const page = await systemBrowser().get(desktop.checkoutUrl)
    expect(page.status, page.text).toBe(200)
    expect(formAction(page.headers.get('content-security-policy'))).toBe(`'self' ${server.url} handover:`)
    const landing = await pressCheckoutButton(systemBrowser(), desktop.checkoutUrl, 'paid')
    expect(landing.href.startsWith('handover://payment/return?')).toBe(true)
    expect(paramNames(landing)).toEqual(paramNames(webLanding))
    expect(Object.fromEntries(landing.searchParams)).toMatchObject({
      order_id: desktop.orderId,
      type: 'deposit',
      status: 'paid',
      code: 'paid',
      trustap_status: 'ok',
    })

    // the app opens that route and its return screen verifies with the same parameters, in the app's session
    const params = Object.fromEntries(landing.searchParams)
    const verified = await alice.client.post('/api/trustap/verify-payment', {
      transaction_id: params.transaction_id,
      state: params.state,
      type: 'deposit',
    })
    expect(verifyPaymentResponseSchema.parse(verified.json)).toMatchObject({ success: true, details: { order_id: desktop.orderId, amount: 10 } })

    // a decided desktop checkout's Continue leads to the app too
    const decided = await systemBrowser().get(desktop.checkoutUrl)
    expect(decided.text).toContain(`href="handover://payment/return?`)
  })

  it('opens a checkout without a session only with its own key', async () => {
    const desktop = await deposit(bob.client, { returnTo: 'desktop' })
    const web = await deposit(bob.client, {})
    const key = new URL(desktop.checkoutUrl).searchParams.get('key')!
    const bare = desktop.checkoutUrl.split('?')[0]!
    expect((await systemBrowser().get(bare)).status).toBe(401)
    expect((await systemBrowser().get(`${bare}?key=${key.slice(1)}x`)).status).toBe(401)
    // a key opens the order it was made for, never a website checkout
    expect((await systemBrowser().get(`${web.checkoutUrl}?key=${key}`)).status).toBe(401)
    // the owner's own session still opens it, and the form carries the key for a browser without one
    const own = await bob.client.get(desktop.checkoutUrl)
    expect(own.status).toBe(200)
    expect(own.text).toContain(`action="/sandbox/checkout/${desktop.orderId}?key=${key}"`)
    expect((await bob.client.post('/api/payments/deposits', { amount: 10, method: 'card', returnTo: 'app' })).status).toBe(400)
  })

  it('makes a new purchase checkout when the buyer switches between the website and the app', async () => {
    const listing = await listingToBuy(bob.id, alice.id)
    const created = await bob.client.post('/api/transactions', { listingId: listing.id })
    expect(created.status, created.text).toBe(201)
    const deal = detail(created.json)
    const start = async (body: Record<string, unknown>) => {
      const res = await bob.client.post(`/api/transactions/${deal.id}/checkout`, { method: 'card', ...body })
      expect(res.status, res.text).toBe(200)
      return checkoutSchema.parse(res.json)
    }
    const web = await start({})
    expect(await start({ returnTo: 'web' })).toEqual(web)
    const desktop = await start({ returnTo: 'desktop' })
    expect(desktop.checkoutUrl).not.toBe(web.checkoutUrl)
    expect(await start({ returnTo: 'desktop' })).toEqual(desktop)
    expect((await bob.client.post(`/api/transactions/${deal.id}/checkout`, { method: 'card', returnTo: 'mobile' })).status).toBe(400)

    const landing = await pressCheckoutButton(systemBrowser(), desktop.checkoutUrl, 'paid')
    expect(landing.href.startsWith('handover://payment/return?')).toBe(true)
    expect(Object.fromEntries(landing.searchParams)).toMatchObject({
      order_id: `trans_${deal.id}`,
      type: 'transaction',
      transaction_id: String(deal.id),
      status: 'paid',
    })
    const verified = await bob.client.post('/api/trustap/verify-payment', { transaction_id: String(deal.id), type: 'transaction' })
    expect(verifyPaymentResponseSchema.parse(verified.json)).toMatchObject({ success: true, details: { conversationId: deal.conversationId } })
  })
})
