import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { User } from '../../server/modules/users/user.entity'
import { SHOTS, adminSignedIn, newPage, signInOn, signedInAs, useDemoSite } from '../support/e2e'

const site = useDemoSite()
const url = (path: string) => `${site.server.url}${path}`

/** A call from inside a signed-in page, with its cookie and Origin, as the screens make it. */
async function api(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const text = await res.text()
      return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} }
    },
    { method, path, body },
  )
}

/** The admin, signed in through the admin area's own form, on the dashboard. */
async function adminOnDashboard(): Promise<Page> {
  const page = await newPage(site)
  await adminSignedIn(site, page)
  return page
}

const balanceFigure = (page: Page) => page.getByTestId('balance-available')

/** The available balance the page shows, once it has loaded ("$142.00"). */
async function shownBalance(page: Page): Promise<string> {
  let amount = ''
  await expect.poll(async () => (amount = /\$[\d,]+\.\d\d/.exec(await balanceFigure(page).innerText())?.[0] ?? ''), { timeout: 10_000 }).not.toBe('')
  return amount
}

/** Money into a wallet from promotions, as the test's starting point. */
async function topUp(userId: number, cents: number) {
  const { ledger } = site.server.created.services
  await site.server.orm.em.fork().transactional(async (tx) => {
    await ledger.transfer(tx, {
      kind: 'test_funding',
      idempotencyKey: `e2e:${userId}:${Date.now()}`,
      memo: 'test funding',
      legs: [
        { account: await ledger.systemAccount(tx, 'promotions'), amountCents: -cents },
        { account: await ledger.walletOf(tx, tx.getReference(User, userId)), amountCents: cents },
      ],
    })
  })
}

describe('running the marketplace from the admin screens', () => {
  it('sends an ordinary user away from the admin sign-in with the server’s refusal', async () => {
    const page = await (await site.browser.newContext()).newPage()
    await page.goto(url('/admin-login'))
    await page.getByLabel('Username').fill('alice')
    await page.getByLabel('Password', { exact: true }).fill('handover-demo')
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await page.getByRole('alert').getByText('This account has no admin rights').waitFor()
    await page.goto(url('/admin/moderation'))
    await page.getByRole('heading', { name: 'Admins only' }).waitFor()
  })

  it('labels the same first and last day under both dashboard charts', async () => {
    const page = await adminOnDashboard()
    // each chart's day labels, left to right (a string: the test runner's transform must not reach the page)
    const labels = () =>
      page.evaluate(
        `[...document.querySelectorAll('figure')].map((chart) => [...chart.querySelectorAll('.recharts-xAxis-tick-labels text')].map((label) => label.textContent))`,
      ) as Promise<string[][]>
    // both charts drawn, each with more than one label
    await expect.poll(async () => (await labels()).filter((days) => days.length > 1).length, { timeout: 10_000 }).toBe(2)
    const [people, money] = await labels()
    expect([people![0], people!.at(-1)]).toEqual([money![0], money!.at(-1)])
    await page.context().close()
  })

  it('approves a listing: the seller’s open page shows it live and the notification arrives, without a reload', async () => {
    const seller = await signedInAs(site, 'alice', 'handover-demo')
    const created = await api(seller, 'POST', '/api/accounts', {
      platform: 'tiktok',
      username: '@admin.e2e.dance',
      displayName: 'Dance Daily',
      niche: 'Dance',
      accountTitle: 'Dance account waiting for an admin',
      description: 'Short dance videos with a young, loyal audience.',
      price: '640',
      followers: 52_000,
      monthlyIncome: 0,
      isVerified: false,
      isMonetized: false,
      images: [],
    })
    expect(created.status).toBe(201)
    const listingId = created.json.id as number
    await seller.goto(url(`/listing/${listingId}`))
    await seller
      .getByRole('status')
      .getByText(/review/i)
      .waitFor()
    const unreadBefore = await seller.getByTestId('notification-badge').count()

    const admin = await adminOnDashboard()
    const item = admin.getByTestId('review-item').filter({ hasText: 'Dance account waiting for an admin' })
    await item.getByRole('button', { name: 'Approve' }).click()
    await item.waitFor({ state: 'detached' })

    await seller.getByRole('status').getByText('Live in the catalogue').waitFor({ timeout: 10_000 })
    await seller.getByTestId('notification-badge').waitFor({ timeout: 10_000 })
    expect(unreadBefore).toBe(0)
    await seller.getByRole('button', { name: /^Notifications/ }).click()
    await seller.getByRole('menu').getByText('Listing approved').first().waitFor()
    await seller.screenshot({ path: `${SHOTS}/admin-approved-seller-page.png` })
  })

  it('settles a dispute as a refund: the buyer’s open balance page shows the money back', async () => {
    const buyer = await signedInAs(site, 'bob', 'handover-demo')
    const seller = await signedInAs(site, 'carol', 'handover-demo')
    // carol's cheapest active listing, bought from bob's balance (topped up first) and walked to a dispute
    const listings = (await api(buyer, 'GET', '/api/accounts?sort=price-low&limit=100')).json as unknown as {
      id: number
      price: number
      seller: { id: number; username: string }
    }[]
    const listing = listings.find((l) => l.seller.username === 'carol')
    expect(listing, 'carol has a listing on sale').toBeDefined()
    const bobId = (await api(buyer, 'GET', '/api/auth/me')).json.id as number
    await topUp(bobId, Math.round(listing!.price * 200))
    await buyer.goto(url('/balance'))
    const beforeBuying = await shownBalance(buyer)
    const deal = await api(buyer, 'POST', '/api/transactions', { listingId: listing!.id })
    expect(deal.status).toBe(201)
    const dealId = deal.json.id as number
    expect((await api(buyer, 'POST', `/api/transactions/${dealId}/pay`)).status).toBe(200)
    expect((await api(seller, 'POST', `/api/transactions/${dealId}/send-invite`)).status).toBe(200)
    // with a link long enough to push any screen that does not wrap it sideways
    const proof = `https://proof.example/${'a'.repeat(600)}`
    expect((await api(buyer, 'POST', `/api/transactions/${dealId}/dispute`, { reason: `The invite never arrived, see ${proof}` })).status).toBe(200)
    const sideways = (page: typeof buyer) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    await buyer.goto(url(`/transaction/${dealId}`))
    await buyer
      .getByTestId('timeline-events')
      .getByText(/opened a dispute/)
      .waitFor()
    expect(await sideways(buyer)).toBe(0)

    await buyer.goto(url('/balance'))
    const afterPaying = await shownBalance(buyer)
    expect(afterPaying).not.toBe(beforeBuying)

    const admin = await adminOnDashboard()
    const dispute = admin.getByTestId('dispute-item').filter({ hasText: 'The invite never arrived' })
    await dispute.getByRole('button', { name: 'Show evidence' }).click()
    await dispute
      .getByText(/sent the ownership invite/)
      .first()
      .waitFor()
    expect(await sideways(admin)).toBe(0)
    await admin.screenshot({ path: `${SHOTS}/admin-dispute-evidence.png`, fullPage: true })
    await dispute.getByRole('button', { name: 'Refund buyer' }).click()
    const dialog = admin.getByRole('dialog')
    await dialog.getByLabel('Note for both parties').fill('The seller could not show the invite was sent.')
    await dialog.getByRole('button', { name: 'Refund buyer' }).click()
    await dispute.waitFor({ state: 'detached', timeout: 10_000 })

    // price and escrow fee come back to bob's open page, no reload
    await expect.poll(() => shownBalance(buyer), { timeout: 10_000 }).toBe(beforeBuying)
    const detail = await api(buyer, 'GET', `/api/transactions/${dealId}`)
    expect(detail.json.status).toBe('refunded')
  })

  it('bans a user: their open page loses its live connection and signs out, and their next request is 401', async () => {
    // Every socket of her page is watched from before she signs in, and she reaches her messages inside the app: a
    // document the page navigates away from takes its socket along without Playwright reporting a close, so a
    // socket opened on the home page and then left by a page load would look open for ever.
    const banned = await newPage(site)
    const sockets: { closed: boolean }[] = []
    banned.on('websocket', (ws) => {
      const entry = { closed: false }
      sockets.push(entry)
      ws.on('close', () => (entry.closed = true))
    })
    await signInOn(banned, site, 'carol', 'handover-demo')
    await banned.getByTestId('floating-chat').click()
    await banned.waitForURL(url('/messages'))
    await expect.poll(() => sockets.length, { timeout: 10_000 }).toBeGreaterThan(0)

    const admin = await adminOnDashboard()
    await admin.goto(url('/admin/moderation?q=carol'))
    await admin.getByRole('button', { name: 'Ban carol' }).click()
    const dialog = admin.getByRole('dialog')
    await dialog.getByLabel('Reason the user will see').fill('Selling accounts that are not theirs.')
    await dialog.getByRole('button', { name: 'Ban user' }).click()
    await dialog.waitFor({ state: 'detached', timeout: 10_000 })
    await admin.getByRole('row').filter({ hasText: 'carol' }).getByText('Banned').waitFor()

    await expect.poll(() => sockets.every((s) => s.closed), { timeout: 10_000 }).toBe(true)
    // signed out, the messages page sends the visitor to sign in, and back there afterwards
    await banned.waitForURL(url('/login?redirect=%2Fmessages&reason=messages'), { timeout: 10_000 })
    expect((await api(banned, 'GET', '/api/auth/me')).status).toBe(401)
    await admin.screenshot({ path: `${SHOTS}/admin-moderation-banned.png`, fullPage: true })
  })
})
