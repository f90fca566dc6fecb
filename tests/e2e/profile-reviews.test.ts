import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { listingListSchema } from '../../src/shared/api/listings'
import { dealReviewSchema, sellerReviewsSchema } from '../../src/shared/api/reviews'
import { transactionListSchema, type TransactionDto } from '../../src/shared/api/transactions'
import { DEMO_SELLERS } from '../../server/db/seed'
import { SHOTS, signedInAs as signIn, useDemoSite } from '../support/e2e'

const site = useDemoSite()

const PASSWORD = 'handover-demo'
/** a demo seller with sales and reviews (alice, bob and carol start out with none) */
const SELLER = DEMO_SELLERS[0]
const signedInAs = (username: string, width = 1280) => signIn(site, username, PASSWORD, { width, height: 900 })
const url = (path: string) => `${site.server.url}${path}`

/** JSON from the API with the page's own session. */
const api = (page: Page, path: string) => page.evaluate(async (p) => (await fetch(p)).json() as Promise<unknown>, path)

/** Opens `path` and waits until the page's live connection is authenticated, so no event is missed. */
async function openLive(page: Page, path: string): Promise<void> {
  const authenticated = new Promise<void>((done) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"type":"authenticated"')) done()
      }),
    )
  })
  await page.goto(url(path))
  await authenticated
}

/** One of the user's completed purchases that has no review yet. */
async function unreviewedPurchase(page: Page): Promise<TransactionDto> {
  const deals = transactionListSchema.parse(await api(page, '/api/transactions?role=buyer&status=completed'))
  for (const deal of deals) {
    if (dealReviewSchema.parse(await api(page, `/api/transactions/${deal.id}/review`)).review === null) return deal
  }
  throw new Error('no completed purchase waiting for a review')
}

describe('reviews and the own profile in Chromium', () => {
  it('lets the buyer of a completed deal review the seller from the deal page; the seller sees it live and on their page', async () => {
    const buyer = await signedInAs('alice')
    const deal = await unreviewedPurchase(buyer)
    const before = sellerReviewsSchema.parse(await api(buyer, `/api/sellers/${deal.sellerId}/reviews`)).rating
    const seller = await signedInAs(deal.seller.username)
    await openLive(seller, `/transaction/${deal.id}`)
    await seller.getByText(`${deal.buyer.username} has not reviewed this deal yet`, { exact: false }).waitFor()

    await buyer.goto(url(`/transaction/${deal.id}`))
    const form = buyer.getByRole('form', { name: 'Leave a review' })
    await form.waitFor()
    // nothing chosen yet: the form says what is missing and sends nothing
    await form.getByRole('button', { name: 'Post review' }).click()
    await form.getByText('Choose a rating from 1 to 5 stars').waitFor()
    await form.getByText('Write a few words about the deal').waitFor()
    await buyer.screenshot({ path: `${SHOTS}/review-form-errors-1280.png`, fullPage: true })

    const text = `Careful handover of ${deal.listing.accountTitle}; every login detail was moved the same day.`
    await form.getByRole('radio', { name: '4 stars, Very good' }).check({ force: true })
    await form.getByLabel('Your review').fill(text)
    await buyer.screenshot({ path: `${SHOTS}/review-form-1280.png`, fullPage: true })
    await form.getByRole('button', { name: 'Post review' }).click()
    const written = buyer.getByTestId('deal-review')
    await written.getByRole('heading', { name: 'Your review' }).waitFor()
    expect(await written.textContent()).toContain(text)
    expect(await buyer.getByRole('form', { name: 'Leave a review' }).count()).toBe(0)

    // the seller's open deal page shows it without a reload
    await seller.getByRole('heading', { name: `${deal.buyer.username}'s review` }).waitFor({ timeout: 10_000 })
    expect(await seller.getByTestId('deal-review').textContent()).toContain(text)

    // and it leads the reviews on the seller's public page, counted in the rating
    await buyer.goto(url(`/seller/${deal.sellerId}`))
    const reviews = buyer.getByRole('list', { name: 'Reviews', exact: true })
    await reviews.waitFor()
    const first = reviews.getByTestId('review').first()
    expect(await first.textContent()).toContain(text)
    expect(await first.getAttribute('aria-label')).toBe('Review by alice')
    await buyer.getByRole('heading', { name: `Reviews (${before.count + 1})` }).waitFor()
    const after = sellerReviewsSchema.parse(await api(buyer, `/api/sellers/${deal.sellerId}/reviews`)).rating
    expect(after.count).toBe(before.count + 1)
    expect(after.byStars[3]).toBe(before.byStars[3]! + 1)
    await buyer
      .getByRole('img', { name: new RegExp(`^Rated [\\d.]+ out of 5 from ${after.count} reviews?$`) })
      .first()
      .waitFor()
    await buyer.screenshot({ path: `${SHOTS}/seller-reviews-1280.png`, fullPage: true })
  })

  it('shows the signed-in user their own listings in every status, their sales and the reviews they received', async () => {
    // one of the marketplace's sellers, with a year of sales and reviews behind them
    const page = await signedInAs(SELLER)
    const listings = listingListSchema.parse(await api(page, '/api/accounts/user'))
    const sales = transactionListSchema.parse(await api(page, '/api/transactions?role=seller&limit=5'))
    const received = sellerReviewsSchema.parse(await api(page, `/api/sellers/${sales[0]!.sellerId}/reviews`))
    expect(sales.length).toBeGreaterThan(0)
    expect(received.items.length).toBeGreaterThan(0)

    // the account menu's My Profile
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'My Profile' }).click()
    await page.waitForURL(url('/profile'))
    await page.getByRole('heading', { level: 1, name: SELLER }).waitFor()
    // the unread count leads the title when there is one (a sign-in alert from a browser new to the seller, say)
    expect(await page.title()).toMatch(/^(\(\d+\) )?My Profile \| Handover$/)

    const own = page.getByRole('list', { name: 'Your listings' })
    await own.waitFor()
    const rows = own.getByTestId('own-listing')
    expect(await rows.count()).toBe(Math.min(listings.length, 8))
    // live listings offer Edit; sold ones do not
    const live = listings.find((l) => l.status === 'active')!
    await page.getByRole('button', { name: `Show all ${listings.length} listings` }).click()
    expect(await rows.count()).toBe(listings.length)
    const liveRow = rows.filter({ has: page.locator(`a[href="/listing/${live.id}"]`) })
    expect(await liveRow.getByTestId('listing-status').textContent()).toBe('Live')
    expect(await liveRow.getByRole('link', { name: `Edit ${live.accountTitle}` }).getAttribute('href')).toBe(`/create-listing?edit=${live.id}`)
    const sold = listings.find((l) => l.status === 'sold')!
    const soldRow = rows.filter({ has: page.locator(`a[href="/listing/${sold.id}"]`) })
    expect(await soldRow.getByTestId('listing-status').textContent()).toBe('Sold')
    expect(await soldRow.getByRole('link', { name: /^Edit / }).count()).toBe(0)

    const salesList = page.getByRole('list', { name: 'Your sales' })
    expect(await salesList.getByTestId('transaction-row').count()).toBe(sales.length)
    const firstSale = salesList.getByTestId('transaction-row').first()
    expect(await firstSale.textContent()).toContain(sales[0]!.displayId)
    expect(await firstSale.getAttribute('href')).toBe(`/transaction/${sales[0]!.id}`)
    await page.getByRole('list', { name: 'Your purchases' }).waitFor()

    const reviewList = page.getByRole('list', { name: 'Reviews', exact: true })
    await reviewList.waitFor()
    expect(await reviewList.getByTestId('review').count()).toBe(received.items.length)
    await page.getByRole('heading', { name: `Reviews you received (${received.rating.count})` }).waitFor()
    await page.screenshot({ path: `${SHOTS}/profile-1280.png`, fullPage: true })

    await firstSale.click()
    await page.waitForURL(url(`/transaction/${sales[0]!.id}`))
  })

  it('lays the profile out for a 375 px phone without sideways scrolling', async () => {
    const page = await signedInAs(SELLER, 375)
    await page.goto(url('/profile'))
    await page.getByRole('list', { name: 'Your listings' }).waitFor()
    await page.getByRole('list', { name: 'Reviews', exact: true }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0)
    await page.screenshot({ path: `${SHOTS}/profile-375.png`, fullPage: true })
  })

  it('sends a visitor to sign in first and brings them back to their profile', async () => {
    const page = await (await site.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
    await page.goto(url('/profile'))
    await page.waitForURL(url('/login?redirect=%2Fprofile&reason=profile'))
    await page.getByLabel('Username').fill('bob')
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await page.waitForURL(url('/profile'))
    await page.getByRole('heading', { level: 1, name: 'bob' }).waitFor()
  })
})
