import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { ApiClient } from '../support/http-client'
import pg from 'pg'
import { apiSignedInAs, SHOTS, useDemoSite } from '../support/e2e'

const site = useDemoSite()

async function newPage(): Promise<Page> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } })
  return context.newPage()
}

/** The number of accounts the server says match a query: what the grid must report. */
async function serverTotal(query: string): Promise<number> {
  const response = await new ApiClient(site.server.url).get(`/api/accounts?${query}`)
  return Number(response.headers.get('x-total-count'))
}

describe('browsing the catalogue in Chromium', () => {
  it('filters, pages, keeps the state across a reload and opens a listing', async () => {
    const page = await newPage()
    await page.goto(`${site.server.url}/`)
    const grid = page.locator('#filterable-listings')
    await grid.scrollIntoViewIfNeeded()

    await page.getByRole('combobox', { name: 'Platform' }).selectOption('youtube')
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-low')
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price-low')
    await page.getByRole('button', { name: /Advanced Filters/ }).click()
    await page.getByLabel('Price minimum').fill('50')
    await page.getByRole('button', { name: 'Apply Filters & Close' }).click()

    const total = await serverTotal('platform=youtube&sort=price-low&minPrice=50')
    expect(total).toBeGreaterThan(28)
    await page.getByText(`Showing 1-28 of ${total} accounts`).waitFor()

    await page.getByRole('button', { name: 'Page 2' }).click()
    await page.getByText(`Showing 29-${Math.min(56, total)} of ${total} accounts`).waitFor()
    // the count follows the URL at once; the cards follow when the second page has arrived
    await grid.locator('[aria-busy="false"]').waitFor()
    const url = new URL(page.url())
    expect(url.searchParams.get('page')).toBe('2')
    expect(url.searchParams.get('sort')).toBe('price-low')
    expect(url.searchParams.get('minPrice')).toBe('50')

    // the server's second page, in order, is what the grid shows
    const expected = (await new ApiClient(site.server.url).get('/api/accounts?platform=youtube&sort=price-low&minPrice=50&page=2'))
      .json as unknown as { accountTitle: string }[]
    const titles = await grid.locator('a[href^="/listing/"] h3').allTextContents()
    expect(titles).toEqual(expected.map((l) => l.accountTitle))

    await page.reload()
    await page.getByText(`Showing 29-${Math.min(56, total)} of ${total} accounts`).waitFor()
    await grid.locator('[aria-busy="false"]').waitFor()
    expect(await page.getByRole('combobox', { name: 'Platform' }).inputValue()).toBe('youtube')
    expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('price-low')
    await page.screenshot({ path: `${SHOTS}/catalogue-page-2.png` })

    const first = grid.locator('a[href^="/listing/"]').first()
    const href = await first.getAttribute('href')
    await first.click()
    await page.waitForURL(`${site.server.url}${href}`)
    await page.getByRole('heading', { level: 1, name: expected[0]!.accountTitle }).waitFor()
    await expect(page.getByText('Subscribers').first().isVisible()).resolves.toBe(true)
  })
})

describe('a catalogue link opened in a tab that has been browsing', () => {
  it('stays at its results instead of being sent back to where an earlier page of the tab was', async () => {
    const page = await newPage()
    // an earlier page of the tab, typed in and left at the top: the router saves its scroll position as the tab's
    // first entry, and a later typed address is a first entry too
    await page.goto(`${site.server.url}/faq`)
    await page.getByRole('heading', { level: 1 }).waitFor()
    await page.getByRole('link', { name: 'How It Works' }).first().click()
    await page.waitForURL(/\/how-it-works/)
    await page.goto(`${site.server.url}/?platform=youtube&sort=price-low`)
    await page.locator('#filterable-listings [aria-busy="false"]').waitFor()
    const resultsTop = () => page.locator('#filterable-listings').evaluate((grid) => Math.round(grid.getBoundingClientRect().top))
    await expect.poll(resultsTop).toBeLessThan(200)
    // long enough for the app to load, hydrate and run every start-up effect
    await page.waitForTimeout(2_500)
    expect(await resultsTop()).toBeLessThan(200)
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
    await page.context().close()
  })
})

describe('listings off sale and on a phone', () => {
  async function listingIds() {
    const sql = new pg.Client({ connectionString: site.db.url })
    await sql.connect()
    try {
      const sold = await sql.query<{ id: number }>(`select id from listings where status = 'sold' order by sold_at desc, id limit 1`)
      const onSale = await sql.query<{ id: number; seller: string }>(
        `select l.id, u.username as seller from listings l join users u on u.id = l.seller_id
          where l.status = 'active' and u.username <> 'alice' order by l.id limit 2`,
      )
      return { sold: sold.rows[0]!.id, toReserve: onSale.rows[0]!.id, onSale: onSale.rows[1]!.id }
    } finally {
      await sql.end()
    }
  }

  it('shows a sold listing as sold and a reserved one as reserved, at 375 and 1280 px', async () => {
    const ids = await listingIds()
    const alice = await apiSignedInAs(site, 'alice')
    expect((await alice.post('/api/transactions', { listingId: ids.toReserve })).status).toBe(201)

    for (const width of [375, 1280]) {
      const context = await site.browser.newContext({ viewport: { width, height: 900 } })
      const page = await context.newPage()
      const sold = await page.goto(`${site.server.url}/listing/${ids.sold}`)
      expect(sold?.status()).toBe(200)
      await page.getByText(/^Sold on [A-Z][a-z]+ \d{1,2}, \d{4}$/).waitFor()
      expect(await page.getByText('Sold for', { exact: true }).isVisible()).toBe(true)
      expect(await page.getByRole('button', { name: 'Buy Now' }).count()).toBe(0)
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow')
      const similar = page.getByRole('region', { name: /^Similar .* accounts on sale$/ })
      await similar.locator('a[href^="/listing/"]').first().waitFor()
      await page.screenshot({ path: `${SHOTS}/listing-sold-${width}.png`, fullPage: true })

      const reserved = await page.goto(`${site.server.url}/listing/${ids.toReserve}`)
      expect(reserved?.status()).toBe(200)
      await page.getByText('Reserved — a purchase is in progress').waitFor()
      expect(await page.getByRole('button', { name: 'Buy Now' }).count()).toBe(0)
      expect(await page.getByRole('button', { name: 'Message Seller' }).count()).toBe(0)
      await page.screenshot({ path: `${SHOTS}/listing-reserved-${width}.png` })
      await context.close()
    }
  })

  it('keeps the price and Buy Now within reach on a phone, with the seller’s rating and sales', async () => {
    const { onSale } = await listingIds()
    const context = await site.browser.newContext({ viewport: { width: 375, height: 740 } })
    const page = await context.newPage()
    await page.goto(`${site.server.url}/listing/${onSale}`)
    const bar = page.getByTestId('buy-bar')
    await bar.getByRole('button', { name: 'Buy Now' }).waitFor()
    // fixed to the bottom of the screen, before and after scrolling
    for (const scroll of [0, 600]) {
      await page.mouse.wheel(0, scroll)
      const box = (await bar.boundingBox())!
      expect(Math.round(box.y + box.height)).toBe(740)
    }
    await page.getByTestId('seller-sales').waitFor()
    expect(await page.getByTestId('seller-sales').textContent()).toMatch(/^\d[\d,]* sales? completed$/)
    await page.screenshot({ path: `${SHOTS}/listing-phone-375.png` })
    // a visitor's Buy Now asks them to sign in first
    await bar.getByRole('button', { name: 'Buy Now' }).click()
    await page.waitForURL(/\/login/)
    await context.close()
  })
})
